"""From the rows of the database to the engine's match scoring, and back.

Seats are 1 and 2 in the database and 0 and 1 in the engine. The rules themselves
(Crawford, cube, points) are the engine's (``engine.match``); this module only
translates, and checks the shape of what people type in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext_lazy as _

from engine.match import (
    RECORDED_CUBE_LIMIT,
    RESPONSES,
    Double,
    GameInput,
    MatchRules,
    MatchScore,
    Points,
    final_score_problem,
    largest_game_points,
    score_match,
)
from engine.match.final_score import halves_possible
from games.models import Game, Match, Seat
from games.services.errors import ServiceError

# The values a cube can show in a recorded match (engine.match.final_score).
CUBE_VALUES = tuple(2**power for power in range(RECORDED_CUBE_LIMIT.bit_length()))
# Cube actions in one game: each take doubles the cube (a beaver twice), plus one drop.
MAX_DOUBLES = len(CUBE_VALUES) + 1


def to_decimal(value: Points | Decimal) -> Decimal:
    return Decimal(str(value))


def format_score(value: Decimal | Points) -> str:
    """3, 4.5: whole scores without a decimal point."""
    number = Decimal(str(value))
    return str(int(number)) if number == number.to_integral_value() else str(number)


def to_points(value: Decimal) -> Points:
    return int(value) if value == value.to_integral_value() else float(value)


def engine_seat(seat: int | None) -> int | None:
    return None if seat in (None, 0) else int(seat) - 1  # type: ignore[arg-type]


def names_of(match: Match) -> tuple[str, str]:
    first = match.player1.display_name if match.player1 else str(_("Player 1"))
    second = match.player2.display_name if match.player2 else str(_("Player 2"))
    return (first, second)


def doubles_from_json(data: Any) -> tuple[Double, ...]:
    """Cube actions as entered through the API: [{"player": 1|2, "value": v, "response": r}]."""
    if data in (None, ""):
        return ()
    if not isinstance(data, list):
        raise ServiceError("bad_doubles", _("Cube actions are a list."), "doubles")
    if len(data) > MAX_DOUBLES:
        raise ServiceError(
            "bad_doubles",
            _("A game has at most %(count)s cube actions: the cube stops at %(limit)s.")
            % {"count": MAX_DOUBLES, "limit": RECORDED_CUBE_LIMIT},
            "doubles",
        )
    doubles = []
    for item in data:
        try:
            player, value = int(item["player"]), int(item["value"])
            response = str(item.get("response", "take"))
        except (KeyError, TypeError, ValueError):
            raise ServiceError(
                "bad_doubles",
                _('Each cube action needs "player" (1 or 2), "value" and "response".'),
                "doubles",
            ) from None
        if player not in Seat.values or response not in RESPONSES:
            raise ServiceError(
                "bad_doubles",
                _("A cube action is made by player 1 or 2 and is taken, dropped or beavered."),
                "doubles",
            )
        doubles.append(Double(player - 1, value, response))
    return tuple(doubles)


def doubles_to_json(doubles: Sequence[Double]) -> list[dict[str, Any]]:
    return [{"player": d.player + 1, "value": d.value, "response": d.response} for d in doubles]


def implied_doubles(
    cube: int, cube_owner: int, result: str, winner: int | None
) -> tuple[Double, ...]:
    """The simplest cube history that ends with ``cube`` owned by ``cube_owner`` (0 centred).

    Each double is taken by the player who then owns the cube, so the takers alternate
    backwards from the owner. A drop adds the winner's refused double on top.
    """
    if cube not in CUBE_VALUES:
        raise ServiceError("bad_cube", _("The cube goes 1, 2, 4, 8, …"), "cube")
    if cube > 1 and cube_owner == 0:
        raise ServiceError(
            "cube_needs_owner", _("A cube above 1 is owned by one of the players."), "cube_owner"
        )
    if cube == 1 and cube_owner != 0:
        raise ServiceError(
            "cube_owner_without_double",
            _("Nobody owns the cube before the first double."),
            "cube_owner",
        )
    doubles: list[Double] = []
    values = [2**power for power in range(1, cube.bit_length())]
    owner = engine_seat(cube_owner)
    for index, value in enumerate(values):
        steps_from_last = len(values) - 1 - index
        taker = owner if steps_from_last % 2 == 0 else 1 - owner  # type: ignore[operator]
        doubles.append(Double(1 - taker, value, "take"))
    if result == "drop" and winner is not None:
        doubles.append(Double(winner - 1, cube * 2, "drop"))
    return tuple(doubles)


def game_input(
    *,
    winner: int | None,
    result: str,
    cube: int,
    cube_owner: int,
    doubles: Sequence[Double] | None,
) -> GameInput:
    """A GameInput from what was entered; without explicit doubles they are implied."""
    if doubles:
        return GameInput(
            winner=engine_seat(winner),
            result=result,
            doubles=tuple(doubles),
            cube=cube,
            cube_owner=engine_seat(cube_owner),
        )
    return GameInput(
        winner=engine_seat(winner),
        result=result,
        doubles=implied_doubles(cube, cube_owner, result, winner),
        cube=cube,
        cube_owner=engine_seat(cube_owner),
    )


def input_of(game: Game) -> GameInput:
    """The engine's view of a stored game (its points as stored, for resignations)."""
    stored = doubles_from_json(game.doubles)
    base = game_input(
        winner=game.winner,
        result=game.result,
        cube=game.cube,
        cube_owner=game.cube_owner,
        doubles=stored,
    )
    points = to_points(game.points) if game.result == "resign" else None
    return GameInput(base.winner, base.result, base.doubles, points, base.cube, base.cube_owner)


def score_games(match: Match, games: Iterable[GameInput]) -> MatchScore:
    return score_match(
        list(games), match.rules(), start_score=match.start_score(), names=names_of(match)
    )


def score_of_stored_games(match: Match) -> MatchScore:
    return score_games(match, (input_of(game) for game in match.games.order_by("number")))


def game_snapshot(match: Match) -> list[dict[str, Any]]:
    """The games of a match as plain data, kept with a result."""
    return [
        {
            "number": game.number,
            "winner": game.winner,
            "result": game.result,
            "cube": game.cube,
            "cube_owner": game.cube_owner,
            "crawford": game.crawford,
            "points": str(game.points),
        }
        for game in match.games.order_by("number")
    ]


# The largest score a database row holds (max_digits=7, one decimal place).
SCORE_CAPACITY = Decimal("999999.5")

# The sentences of engine.match.final_score's problems, in the reader's language.
SCORE_MESSAGES: dict[str, Any] = {
    "score_not_a_number": _("Enter the score as a number of points, such as 7."),
    "negative_score": _("A score cannot be negative."),
    "bad_score": _("Scores are whole points in this match."),
    "half_score": _("Scores are whole or half points in this match."),
    "impossible_score": _("In a %(length)s-point match only one player can reach %(length)s."),
    "match_unfinished": _("Nobody has reached %(length)s points: the match is not over."),
    "score_too_high": _(
        "In a %(length)s-point match the winner has at most %(highest)s points: the score "
        "before the last game plus the most one game can be worth (%(largest)s)."
    ),
    "session_score_too_high": _("A score cannot be above %(capacity)s points."),
    "below_start_score": _(
        "%(player)s started the match with %(start)s points (a handicap): their final score "
        "cannot be lower."
    ),
}


def score_problem(code: str, field: str | None = None, **params: Any) -> ServiceError:
    template = SCORE_MESSAGES[code]
    return ServiceError(code, template % params if params else template, field)


def check_final_score(
    match: Match, score1: Decimal, score2: Decimal, *, at_least_games: bool = True
) -> None:
    """Is this a possible final score of the match? ServiceError if not.

    The rule is the engine's (``engine.match.final_score``): one player reaches the
    length, the other stays below it, and the winner's total is reachable with one last
    game. ``at_least_games``: the score cannot be below what the games entered already make.
    """
    rules: MatchRules = match.rules()
    fields = ("score1", "score2")
    for value, field in zip((score1, score2), fields, strict=True):
        if not isinstance(value, Decimal) or not value.is_finite():
            raise score_problem("score_not_a_number", field)
        if value < 0:
            raise score_problem("negative_score", field)
        if value > SCORE_CAPACITY and not rules.is_match:  # a match's: the engine's bound
            raise score_problem(
                "session_score_too_high", field, capacity=format_score(SCORE_CAPACITY)
            )
    score = (to_points(score1), to_points(score2))
    problem = final_score_problem(score, rules, match.start_score())
    if problem is not None:
        field = None if problem.side is None else fields[problem.side]
        if problem.code == "below_start_score":
            raise score_problem(
                "below_start_score",
                field,
                player=names_of(match)[problem.side or 0],
                start=format_score(problem.start),
            )
        if problem.code == "bad_score" and halves_possible(rules):
            raise score_problem("half_score", field)
        if problem.code == "score_too_high":
            raise score_problem(
                "score_too_high",
                field,
                length=rules.length,
                highest=format_score(problem.highest),
                largest=format_score(largest_game_points(rules)),
            )
        raise score_problem(problem.code, field, length=rules.length)
    if at_least_games and (score1 < match.score1 or score2 < match.score2):
        raise ServiceError(
            "score_below_games",
            _("The games entered so far already make %(score1)s–%(score2)s.")
            % {"score1": format_score(match.score1), "score2": format_score(match.score2)},
        )
