"""Swiss until N losses, common in nardy cups.

Every round is paired like a Swiss round (``tournaments.draws.swiss``) among the players
still in: a player with N losses plays no further round. The event ends when one player
(or none) is left, or after a set number of rounds if the director set one.

* Every player still in has played every round (a bye counts as a win), so grouping by
  match wins is grouping by losses.
* Repeat pairings are avoided while possible; when few players are left they may be
  unavoidable, and then the fewest repeats are used (the event must go on).
* With an odd number of players still in, the bye goes to the lowest-ranked one who has
  not had a bye; if everyone has, to the one with the fewest byes, lowest first.
* Final order: match wins first. That puts the players still in first (fewest losses
  first), then those knocked out later above those knocked out earlier, since a player
  knocked out in round r has exactly r − N wins. Tiebreaks order players within.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence

from tournaments.draws.swiss import SwissPairing, SwissPlayer, pair_round
from tournaments.errors import DrawError

PlayerId = Hashable
MINIMUM_ENTRANTS = 2


def check_losses_settings(entrants: int, losses: int, rounds: int | None = None) -> None:
    """Refuse settings that cannot make an event."""
    if entrants < MINIMUM_ENTRANTS:
        raise DrawError(
            "too_few_entrants",
            f"A Swiss until N losses needs at least {MINIMUM_ENTRANTS} entrants; this one "
            f"has {entrants}.",
            {"minimum": MINIMUM_ENTRANTS, "entrants": entrants},
        )
    if losses < 1:
        raise DrawError(
            "too_few_losses",
            f"Players leave a Swiss until N losses after their N-th loss, so N is at least 1; "
            f"{losses} was asked for.",
            {"losses": losses},
        )
    if rounds is not None and rounds < 1:
        raise DrawError(
            "too_few_rounds",
            f"A round limit, if set, is at least one round; {rounds} was asked for.",
            {"rounds": rounds},
        )


def still_in(players: Collection[PlayerId], losses: Mapping[PlayerId, int], limit: int) -> list[PlayerId]:
    """The players with fewer than ``limit`` losses, in the order given."""
    return [p for p in players if losses.get(p, 0) < limit]


def is_finished(players_left: int, rounds_played: int, rounds: int | None = None) -> bool:
    """One player or none is left, or the round limit has been played."""
    return players_left <= 1 or (rounds is not None and rounds_played >= rounds)


def pair_losses_round(
    players: Sequence[SwissPlayer],
    losses: Mapping[PlayerId, int],
    played: Collection[frozenset[PlayerId]],
    *,
    limit: int,
    round_number: int = 0,
) -> list[SwissPairing]:
    """Pair the next round among the players with fewer than ``limit`` losses."""
    active = [p for p in players if losses.get(p.player, 0) < limit]
    if len(active) < 2:
        raise DrawError(
            "event_finished",
            "The event is over: fewer than two players are left.",
            {"players_left": len(active)},
        )
    return pair_round(active, played, round_number=round_number, repeat_byes=True, allow_repeats=True)
