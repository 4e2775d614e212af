"""Errors that services raise: a stable code, a translated sentence, the field at fault."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from common.errors import DomainError
from engine.match import MatchProblem

# Engine problems shown to people, translated; the engine's own sentence is the fallback.
ENGINE_MESSAGES: dict[str, Any] = {
    "cube_in_crawford": _("A double is not allowed in the Crawford game (game %(game)s)."),
    "cube_not_in_use": _("The cube is not used in this match (game %(game)s)."),
    "double_without_cube_ownership": _(
        "In game %(game)s a player doubled while the opponent owned the cube."
    ),
    "cube_not_power_of_two": _("The cube goes 2, 4, 8, … (game %(game)s)."),
    "double_not_twice_cube": _("A double turns the cube to twice its value (game %(game)s)."),
    "result_not_for_variant": _("Game %(game)s: this result does not exist in this variant."),
    "koks_not_in_use": _("Game %(game)s is scored as a koks, but koks is not in use."),
    "draw_not_allowed": _("Game %(game)s is a draw, but draws need the equalisation option."),
    "winner_missing": _("Game %(game)s needs a winner unless it is drawn."),
    "drop_without_double": _("Game %(game)s is recorded as a drop, but no double was dropped."),
    "drop_wrong_winner": _("A dropped double is won by the doubler (game %(game)s)."),
    "points_do_not_fit_result": _("The points of game %(game)s do not fit its result and cube."),
    "cube_value_mismatch": _("The cube value of game %(game)s does not match its doubles."),
    "cube_owner_mismatch": _("The cube owner of game %(game)s does not match its doubles."),
    "game_after_match_end": _("The match was already over before game %(game)s."),
    "holland_too_early": _(
        "Under the Holland rule nobody may double in a post-Crawford game until both "
        "players have played two turns (game %(game)s)."
    ),
    "beaver_not_allowed": _("Beavers are not allowed (game %(game)s)."),
    "cube_above_limit": _("The cube is above the limit of this match (game %(game)s)."),
}


# Verdicts on a play, by the engine's stable code (engine.verdicts), in the reader's
# language: the dispute pages' headlines and the transcript checks' errors.
MOVE_MESSAGES: dict[str, Any] = {
    "legal": _("Legal: the play made is one of the legal plays."),
    "larger_die": _(
        "Illegal: only one die can be played, and then it must be the larger one."
    ),
    "must_use_both_dice": _("Illegal: both dice can be played, so both must be."),
    "must_use_more_dice": _(
        "Illegal: more of the doubles can be played, so they must be."
    ),
    "must_move": _("Illegal: a play is possible, so it must be made."),
    "bar_first": _("Illegal: a checker on the bar must enter before any other moves."),
    "point_blocked": _("Illegal: the play stops on a point the opponent holds."),
    "point_occupied": _("Illegal: the play stops on a point an opponent checker holds."),
    "bear_off_not_all_home": _(
        "Illegal: checkers are borne off only when all of them are home."
    ),
    "bear_off_higher_point": _(
        "Illegal: a higher die bears off from a lower point only when no checker is higher."
    ),
    "head_limit": _("Illegal: only one checker may leave the head in a turn."),
    "six_block": _(
        "Illegal: the play builds a six-point block with no opponent checker ahead of it."
    ),
    "wrong_dice": _("Illegal: the play does not fit the dice."),
    "wrong_distance": _("Illegal: a checker moves a distance the dice do not show."),
    "no_such_checker": _("Illegal: there is no checker to move from that point."),
    "no_bar": _("Illegal: long nardy has no bar."),
    "illegal_play": _("Illegal: the play gives none of the legal positions."),
    "unreadable_notation": _("The play as written cannot be read."),
}


def transcript_error_text(error: dict[str, Any], language: str) -> str:
    """One error of a transcript's verdict as a sentence in the reader's language: by its
    code when we know it, else the engine's English sentence (English pages only)."""
    code = error.get("code") or ""
    if code in ENGINE_MESSAGES:
        return str(ENGINE_MESSAGES[code]) % {"game": error.get("game", "?")}
    if code in MOVE_MESSAGES:
        return str(MOVE_MESSAGES[code])
    if language.startswith("en") and error.get("reason"):
        return str(error["reason"])
    return str(_("This move breaks a rule of the game."))


class ServiceError(DomainError):
    """An action that cannot be done; ``message`` is for people, ``code`` for programs."""

    translated = True  # raised with a translated sentence

    def __init__(self, code: str, message: Any, field: str | None = None) -> None:
        super().__init__(code, message, field=field)


class NotAllowed(ServiceError):
    """The user may not do this (a 403 on a page or in the API)."""

    status = 403

    def __init__(self, message: Any = None) -> None:
        super().__init__("not_allowed", message or _("You may not do this."))


def from_problem(problem: MatchProblem, field: str | None = None) -> ServiceError:
    """A ServiceError for an engine MatchProblem, in the reader's language when we can."""
    template = ENGINE_MESSAGES.get(problem.code)
    message = template % {"game": problem.game} if template is not None else problem.message
    return ServiceError(problem.code, message, field)
