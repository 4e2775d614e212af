"""Errors that services raise: a stable code, a translated sentence, the field at fault."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

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


class ServiceError(Exception):
    """An action that cannot be done; ``message`` is for people, ``code`` for programs."""

    def __init__(self, code: str, message: Any, field: str | None = None) -> None:
        super().__init__(str(message))
        self.code = code
        self.message = message
        self.field = field

    def __str__(self) -> str:
        return str(self.message)


class NotAllowed(ServiceError):
    """The user may not do this (a 403 on a page or in the API)."""

    def __init__(self, message: Any = None) -> None:
        super().__init__("not_allowed", message or _("You may not do this."))


def from_problem(problem: MatchProblem, field: str | None = None) -> ServiceError:
    """A ServiceError for an engine MatchProblem, in the reader's language when we can."""
    template = ENGINE_MESSAGES.get(problem.code)
    message = template % {"game": problem.game} if template is not None else problem.message
    return ServiceError(problem.code, message, field)
