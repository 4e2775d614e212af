"""Errors of the chouette core: a stable code, a sentence and the values used in it.

The Django layer translates by ``code`` (the sentences here are the English defaults);
``params`` carries the names and numbers the sentence mentions, so a translation can
use them too.
"""

from __future__ import annotations

from typing import Any

from common.errors import DomainError

MESSAGES: dict[str, str] = {
    # settings
    "variant_not_supported": (
        "Chouettes are played in short backgammon or long nardy; the variant {variant} "
        "is not offered."
    ),
    "koks_needs_nardy": (
        "Koks is a result of long nardy only; this table plays the variant {variant}."
    ),
    "block_rule_needs_nardy": (
        "The six-point block rule is a long-nardy rule; this table plays the variant {variant}."
    ),
    "block_rule_unknown": "The six-point block rule is one of {choices}, not {value}.",
    "stake_not_positive": "The stake per point must be positive, not {stake}.",
    "max_players_out_of_range": "The maximum number of players must be at least 3, not {value}.",
    "automatic_doubles_negative": ("The limit on automatic doubles cannot be negative ({value})."),
    "raccoons_need_beavers": "Raccoons can only be allowed together with beavers.",
    "beavers_need_multiple_cubes": (
        "Beavers and raccoons are only available with one cube per team member."
    ),
    # the line and its changes
    "too_few_players": "A chouette needs at least 3 players; there are {count}.",
    "too_many_players": "This table allows at most {limit} players; there would be {count}.",
    "duplicate_player": "{player} appears more than once at the table.",
    "two_boxes": "Only one player can be the box; {players} are all marked as box.",
    "no_box": "Nobody is marked as the box.",
    "two_captains": "Only one player can be the captain; {players} are all marked as captain.",
    "no_captain": "Nobody is marked as the captain.",
    "player_already_in_line": "{player} is already in the line.",
    "player_not_in_line": "{player} is not in the line.",
    "rolloff_tie": "{players} rolled the same; they must roll again.",
    "die_out_of_range": "{player} rolled {value}; a die shows 1 to 6.",
    "rolls_missing": "{player} has no roll.",
    # a game record
    "lineup_mismatch": (
        "The line-up of this game does not follow from the session: expected box {expected_box} "
        "and team {expected_team}, got box {box} and team {team}."
    ),
    "no_game_to_undo": "There is no game to undo.",
    "bad_record": "The stored game cannot be read: field {field} has {value}.",
    "player_not_in_game": "{player} does not play in this game.",
    "box_has_no_cube": "The box {player} has no cube of their own; cubes belong to team members.",
    "duplicate_cube": "{player} is answered twice in one cube turn; every member has one cube.",
    "empty_double": "A cube turn must name at least one cube.",
    "bet_already_ended": "{player}'s bet has already ended in this game; their cube is gone.",
    "cube_not_available": ("{player}'s cube belongs to the other side; the {side} cannot turn it."),
    "beavers_not_allowed": "Beavers are not allowed at this table ({player}'s cube).",
    "raccoons_not_allowed": "Raccoons are not allowed at this table ({player}'s cube).",
    "single_cube_team_double": (
        "With one team cube the captain {captain} turns it for the whole team, "
        "and the box answers once."
    ),
    "answer_missing": "The box doubled the team cube; {players} must answer too.",
    "initial_cubes_rule": (
        "All team cubes were turned from the centre at once: the box must take at least "
        "{required} of the {count} or drop them all."
    ),
    "box_must_take_captain": (
        "The box took another cube, so it must take the captain {captain}'s cube too."
    ),
    "automatic_doubles_over_limit": (
        "This table allows at most {limit} automatic doubles per game, not {value}."
    ),
    "result_not_in_variant": (
        "The result {kind} does not exist in the variant {variant} played at this table."
    ),
    "koks_not_allowed": "This table does not count koks; record the game as a mars.",
    "result_missing": "{players} still have a live bet; the result of the game is needed.",
    "result_without_live_bet": (
        "Every bet has already ended by a drop; the game has no result on the board."
    ),
    "cube_not_power_of_two": "A cube shows a power of two (1, 2, 4, ...), not {value}.",
    "cube_value_mismatch": (
        "{player}'s cube ended at {actual} according to the recorded doubles, not {declared}."
    ),
    "partner_share_out_of_range": "The box partner's share must be between 1 and 99 per cent, not {value}.",
    "partner_needs_six": "A box partner joins with {count} or more players; this table allows at most {limit}.",
    "split_needs_more_players": "A table that splits must allow at least {count} players, so that both tables keep three; this one allows {limit}.",
    "two_partners": "Only one player can be the box's partner; {players} are all marked as partner.",
    "table_full": "This table is full ({limit} players) and does not split; {player} cannot join.",
    "table_must_split": "This table is full ({limit} players): {player} joins by splitting it into two tables.",
    "split_after_the_game": "This table is full ({limit} players): it splits when {player} sits down after the game in progress.",
    "table_not_full": "This table is not full ({limit} players allowed); {player} can simply join.",
    "split_too_small": "Splitting here would leave a table with fewer than three players.",
    "merge_nobody": "The other table has nobody to bring.",
    "merge_too_many": "Merged, the table would have {count} players; it allows at most {limit}.",
    "not_the_last_game": "Game {number} is no longer the last game (the last is game {last}); nothing was undone.",
    "no_such_game": "There is no game {number}; {count} games have been played.",
    "wrong_game_number": "This is game {expected}, not game {number}: the table has changed since this page was loaded.",
    "correction_breaks_later_game": "Corrected this way, game {number} changes the line, so game {later} no longer follows from it; undo back to game {number} instead.",
    "points_missing": "The amounts must name every player of the game; {players} missing.",
    "points_not_zero_sum": "The amounts of a game must sum to zero; these sum to {total}.",
    "points_mismatch": "{player}'s amount is {actual} by the cubes and the result, not {declared}.",
}


class ChouetteError(DomainError, ValueError):
    """A rule of the chouette was broken by the input; nothing has been applied."""

    def __init__(self, code: str, **params: Any) -> None:
        if code not in MESSAGES:
            raise KeyError(f"unknown chouette error code {code!r}")
        message = MESSAGES[code].format(**{k: _show(v) for k, v in params.items()})
        super().__init__(code, message, params=params)
        self.params = params
        self.event_index: int | None = None  # set by replay: the session event that failed

    def __repr__(self) -> str:
        return f"ChouetteError({self.code!r}, {self.params!r})"


def _show(value: Any) -> str:
    """Lists of players read as 'Ann, Ben' in the sentence."""
    if isinstance(value, (tuple, list)):
        return ", ".join(str(item) for item in value)
    return str(value)
