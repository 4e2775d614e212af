"""Chouette rule errors in the reader's language, with players shown by display name.

The pure core's ``MESSAGES`` are English sentences keyed by a stable code. The same
sentences are repeated here inside ``gettext_lazy`` so that ``makemessages`` finds
them; a test checks that both tables hold the same codes and the same English text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from chouette.core.errors import ChouetteError
from games.choices import GameResult

TRANSLATED_MESSAGES: dict[str, Any] = {
    "variant_not_supported": _(
        "Chouettes are played in short backgammon or long nardy; the variant {variant} "
        "is not offered."
    ),
    "koks_needs_nardy": _(
        "Koks is a result of long nardy only; this table plays the variant {variant}."
    ),
    "block_rule_needs_nardy": _(
        "The six-point block rule is a long-nardy rule; this table plays the variant {variant}."
    ),
    "block_rule_unknown": _("The six-point block rule is one of {choices}, not {value}."),
    "stake_not_positive": _("The stake per point must be positive, not {stake}."),
    "max_players_out_of_range": _("The maximum number of players must be at least 3, not {value}."),
    "automatic_doubles_negative": _("The limit on automatic doubles cannot be negative ({value})."),
    "raccoons_need_beavers": _("Raccoons can only be allowed together with beavers."),
    "beavers_need_multiple_cubes": _(
        "Beavers and raccoons are only available with one cube per team member."
    ),
    "too_few_players": _("A chouette needs at least 3 players; there are {count}."),
    "too_many_players": _("This table allows at most {limit} players; there would be {count}."),
    "duplicate_player": _("{player} appears more than once at the table."),
    "two_boxes": _("Only one player can be the box; {players} are all marked as box."),
    "no_box": _("Nobody is marked as the box."),
    "two_captains": _("Only one player can be the captain; {players} are all marked as captain."),
    "no_captain": _("Nobody is marked as the captain."),
    "player_already_in_line": _("{player} is already in the line."),
    "player_not_in_line": _("{player} is not in the line."),
    "rolloff_tie": _("{players} rolled the same; they must roll again."),
    "die_out_of_range": _("{player} rolled {value}; a die shows 1 to 6."),
    "rolls_missing": _("{player} has no roll."),
    "lineup_mismatch": _(
        "The line-up of this game does not follow from the session: expected box "
        "{expected_box} and team {expected_team}, got box {box} and team {team}."
    ),
    "no_game_to_undo": _("There is no game to undo."),
    "bad_record": _("The stored game cannot be read: field {field} has {value}."),
    "player_not_in_game": _("{player} does not play in this game."),
    "box_has_no_cube": _(
        "The box {player} has no cube of their own; cubes belong to team members."
    ),
    "duplicate_cube": _("{player} is answered twice in one cube turn; every member has one cube."),
    "empty_double": _("A cube turn must name at least one cube."),
    "bet_already_ended": _("{player}'s bet has already ended in this game; their cube is gone."),
    "cube_not_available": _(
        "{player}'s cube belongs to the other side; the {side} cannot turn it."
    ),
    "beavers_not_allowed": _("Beavers are not allowed at this table ({player}'s cube)."),
    "raccoons_not_allowed": _("Raccoons are not allowed at this table ({player}'s cube)."),
    "single_cube_team_double": _(
        "With one team cube the captain {captain} turns it for the whole team, and the "
        "box answers once."
    ),
    "answer_missing": _("The box doubled the team cube; {players} must answer too."),
    "initial_cubes_rule": _(
        "All team cubes were turned from the centre at once: the box must take at least "
        "{required} of the {count} or drop them all."
    ),
    "box_must_take_captain": _(
        "The box took another cube, so it must take the captain {captain}'s cube too."
    ),
    "automatic_doubles_over_limit": _(
        "This table allows at most {limit} automatic doubles per game, not {value}."
    ),
    "result_not_in_variant": _(
        "The result {kind} does not exist in the variant {variant} played at this table."
    ),
    "koks_not_allowed": _("This table does not count koks; record the game as a mars."),
    "result_missing": _("{players} still have a live bet; the result of the game is needed."),
    "result_without_live_bet": _(
        "Every bet has already ended by a drop; the game has no result on the board."
    ),
    "cube_not_power_of_two": _("A cube shows a power of two (1, 2, 4, ...), not {value}."),
    "cube_value_mismatch": _(
        "{player}'s cube ended at {actual} according to the recorded doubles, not {declared}."
    ),
    "partner_share_out_of_range": _(
        "The box partner's share must be between 1 and 99 per cent, not {value}."
    ),
    "partner_needs_six": _(
        "A box partner joins with {count} or more players; this table allows at most {limit}."
    ),
    "split_needs_more_players": _(
        "A table that splits must allow at least {count} players, so that both tables keep three; this one allows {limit}."
    ),
    "two_partners": _(
        "Only one player can be the box's partner; {players} are all marked as partner."
    ),
    "table_full": _(
        "This table is full ({limit} players) and does not split; {player} cannot join."
    ),
    "table_must_split": _(
        "This table is full ({limit} players): {player} joins by splitting it into two tables."
    ),
    "split_after_the_game": _(
        "This table is full ({limit} players): it splits when {player} sits down after the game in progress."
    ),
    "table_not_full": _(
        "This table is not full ({limit} players allowed); {player} can simply join."
    ),
    "split_too_small": _("Splitting here would leave a table with fewer than three players."),
    "merge_nobody": _("The other table has nobody to bring."),
    "merge_too_many": _("Merged, the table would have {count} players; it allows at most {limit}."),
    "not_the_last_game": _(
        "Game {number} is no longer the last game (the last is game {last}); nothing was undone."
    ),
    "no_such_game": _("There is no game {number}; {count} games have been played."),
    "wrong_game_number": _(
        "This is game {expected}, not game {number}: the table has changed since this page was loaded."
    ),
    "correction_breaks_later_game": _(
        "Corrected this way, game {number} changes the line, so game {later} no longer follows from it; undo back to game {number} instead."
    ),
    "points_missing": _("The amounts must name every player of the game; {players} missing."),
    "points_not_zero_sum": _("The amounts of a game must sum to zero; these sum to {total}."),
    "points_mismatch": _(
        "{player}'s amount is {actual} by the cubes and the result, not {declared}."
    ),
}

# The input field at fault for each code, as the API names it (chouette serializers).
# A code that names no field (a rule about the request as a whole) is left out.
FIELDS: dict[str, str] = {
    "variant_not_supported": "variant",
    "koks_needs_nardy": "koks",
    "block_rule_needs_nardy": "block_rule",
    "block_rule_unknown": "block_rule",
    "stake_not_positive": "stake_per_point",
    "max_players_out_of_range": "max_players",
    "automatic_doubles_negative": "max_automatic_doubles",
    "raccoons_need_beavers": "beavers",
    "beavers_need_multiple_cubes": "beavers",
    "partner_share_out_of_range": "partner_share",
    "partner_needs_six": "box_partner",
    "split_needs_more_players": "split_when_full",
    "too_few_players": "opening_line",
    "too_many_players": "opening_line",
    "duplicate_player": "team",
    "two_boxes": "box",
    "no_box": "box",
    "two_captains": "team",
    "no_captain": "team",
    "two_partners": "partner",
    "lineup_mismatch": "team",
    "player_not_in_game": "doubles",
    "box_has_no_cube": "doubles",
    "duplicate_cube": "doubles",
    "empty_double": "doubles",
    "bet_already_ended": "doubles",
    "cube_not_available": "doubles",
    "beavers_not_allowed": "doubles",
    "raccoons_not_allowed": "doubles",
    "single_cube_team_double": "doubles",
    "answer_missing": "doubles",
    "initial_cubes_rule": "doubles",
    "box_must_take_captain": "doubles",
    "automatic_doubles_over_limit": "automatic_doubles",
    "result_not_in_variant": "result",
    "koks_not_allowed": "result",
    "result_missing": "result",
    "result_without_live_bet": "result",
    "cube_not_power_of_two": "cubes",
    "cube_value_mismatch": "cubes",
    "points_missing": "points",
    "points_not_zero_sum": "points",
    "points_mismatch": "points",
    "wrong_game_number": "number",
    "no_such_game": "number",
    "correction_breaks_later_game": "number",
    "not_the_last_game": "game",
    "player_already_in_line": "player",
    "player_not_in_line": "player",
    "table_full": "player",
    "table_must_split": "player",
    "split_after_the_game": "during_game",
    "table_not_full": "player",
    "split_too_small": "player",
    "not_club_member": "player",
    "merge_nobody": "other",
    "merge_too_many": "other",
    "merge_same_table": "other",
    "merge_other_club": "other",
}
# Where the same code comes from another input: (context, code) -> field.
CONTEXT_FIELDS: dict[tuple[str, str], str] = {
    ("start", "duplicate_player"): "opening_line",
    ("start", "not_club_member"): "opening_line",
    ("seat", "too_many_players"): "player",
    ("merge", "duplicate_player"): "other",
    ("merge", "player_already_in_line"): "other",
}


def field_of(code: str, context: str = "") -> str | None:
    """The input field a code is about (None: the request as a whole)."""
    return CONTEXT_FIELDS.get((context, code), FIELDS.get(code))


SIDE_NAMES: dict[str, Any] = {"box": _("box"), "team": _("team")}
VARIANT_NAMES: dict[str, Any] = {"backgammon": _("Short backgammon"), "nardy": _("Long nardy")}

# Parameters of the core's errors that hold player ids (or tuples of them).
PLAYER_PARAMS = frozenset(
    {"player", "players", "captain", "expected_box", "expected_team", "box", "team"}
)


def describe(error: ChouetteError, names: Mapping[Any, str]) -> str:
    """The error's sentence in the active language, players shown by ``names``."""
    params = {key: _shown(key, value, names) for key, value in error.params.items()}
    template = TRANSLATED_MESSAGES.get(error.code, error.message)
    return str(template).format(**params)


def _shown(key: str, value: Any, names: Mapping[Any, str]) -> str:
    if key in PLAYER_PARAMS:
        if isinstance(value, (tuple, list)):
            return ", ".join(names.get(item, str(item)) for item in value)
        return names.get(value, str(value))
    if key == "side":
        return str(SIDE_NAMES.get(str(value), value))
    if key == "variant":
        return str(VARIANT_NAMES.get(str(value), value))
    if key == "kind" and str(value) in GameResult.values:
        return str(GameResult(str(value)).label)
    if isinstance(value, (tuple, list)):
        return ", ".join(str(item) for item in value)
    return str(value)
