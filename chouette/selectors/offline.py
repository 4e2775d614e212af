"""What a scorer's phone needs to go on entering games without the network: the table's
rules as chouette/static/chouette/rules.js takes them, and the table as it stands (the
line, the box's partner, who waits, the totals). The page carries it (json_script) and
the phone settles the games it keeps with it until the server has them."""

from __future__ import annotations

from typing import Any

from chouette import core
from chouette.selectors.sessions import Table


def rules_for_phone(settings: core.ChouetteSettings) -> dict[str, Any]:
    """The settings that settle a game and turn the line, with the results' multipliers."""
    kinds = core.results_of(settings.variant, settings.koks)
    return {
        "cube_mode": settings.cube_mode.value,
        "jacoby": settings.jacoby,
        "beavers": settings.beavers,
        "raccoons": settings.raccoons,
        "rotation": settings.rotation.value,
        "max_automatic_doubles": settings.max_automatic_doubles,
        "max_players": settings.max_players,
        "initial_cubes_rule": settings.initial_cubes_rule,
        "box_must_take_captain": settings.box_must_take_captain,
        "box_partner": settings.box_partner,
        "partner_share": settings.partner_share,
        "kinds": [kind.value for kind in kinds],
        "multipliers": {kind.value: kind.multiplier for kind in kinds},
    }


def offline_table(view: Table) -> dict[str, Any]:
    """The table for the phone: the next game's number, the seating, totals and names."""
    state = view.state
    return {
        "number": view.games_played + 1,
        "rules": rules_for_phone(state.settings),
        "seating": {
            "line": list(state.seating.line),
            "partner": state.seating.partner,
            "waiting": list(state.seating.waiting),
        },
        "totals": [[player, points] for player, points in state.totals],
        "names": {str(pk): name for pk, name in view.names.items()},
    }
