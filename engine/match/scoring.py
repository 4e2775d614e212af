"""Scoring games and whole matches (match-play.md §1–§5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.match.cube import CubeState, Double, apply_double, check_double
from engine.match.rules import (
    MULTIPLIERS,
    RESPONSES,
    RESULTS_BY_VARIANT,
    GameState,
    MatchProblem,
    MatchRules,
    Points,
    game_state,
    match_winner,
    tidy_number,
)


@dataclass(frozen=True)
class GameInput:
    """How one game ended. ``points`` and ``cube``/``cube_owner`` may be given to be
    checked, or left None to be derived from the doubles and the result."""

    winner: int | None
    result: str
    doubles: tuple[Double, ...] = ()
    points: Points | None = None
    cube: int | None = None
    cube_owner: int | None = None


@dataclass(frozen=True)
class ScoredGame:
    number: int
    winner: int | None
    result: str
    points: Points
    cube: int
    cube_owner: int | None
    crawford: bool
    post_crawford: bool
    score_before: tuple[Points, Points]
    score_after: tuple[Points, Points]


@dataclass(frozen=True)
class MatchScore:
    rules: MatchRules
    games: tuple[ScoredGame, ...]
    score: tuple[Points, Points]
    winner: int | None
    problems: tuple[MatchProblem, ...] = field(default=())

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def displayed_score(self) -> tuple[Points, Points]:
        """The score as shown: capped at the match length (§1.3)."""
        if not self.rules.is_match:
            return self.score
        return (min(self.score[0], self.rules.length), min(self.score[1], self.rules.length))


def game_points(result: str, cube: int, rules: MatchRules, cube_turned: bool) -> Points | None:
    """Points for a game that ended by play or by an accepted resignation of ``result``.

    None for ``resign``/``drop``, whose value is not set by the result alone.
    """
    if result == "draw":
        return rules.draw_points
    multiplier = MULTIPLIERS.get(result)
    if multiplier is None:
        return None
    if rules.jacoby and not rules.is_match and not cube_turned:
        multiplier = 1
    return multiplier * cube


def resignation_result(points: Points, cube: int, rules: MatchRules) -> str | None:
    """The result a resignation worth ``points`` stands for, or None if it fits none
    (in long nardy a koks only with the koks option)."""
    if rules.variant == "backgammon":
        names: tuple[str, ...] = ("single", "gammon", "backgammon")
    else:
        names = ("oin", "mars", "koks") if rules.koks else ("oin", "mars")
    for multiplier, name in enumerate(names, start=1):
        if points == multiplier * cube:
            return name
    return None


def resignation_values(rules: MatchRules) -> str:
    """The multiples of the cube a resignation can be worth, in words."""
    return "1 or 2" if rules.variant == "nardy" and not rules.koks else "1, 2 or 3"


def add_game(
    score: tuple[Points, Points], winner: int | None, points: Points, rules: MatchRules
) -> tuple[Points, Points]:
    """The score after a game (uncapped). A draw gives both sides the points, except
    that a draw taking both sides to the match length scores nothing (§5.3)."""
    if winner is None:
        after = (score[0] + points, score[1] + points)
        if rules.is_match and min(after) >= rules.length:
            return score
        return (tidy_number(after[0]), tidy_number(after[1]))
    added = list(score)
    added[winner] = tidy_number(added[winner] + points)
    return (added[0], added[1])


def score_game(
    state: GameState,
    game: GameInput,
    rules: MatchRules,
    names: tuple[str, str] = ("Player 1", "Player 2"),
) -> tuple[ScoredGame, list[MatchProblem]]:
    """Score one game from the state before it; problems name the game and the double."""
    number = state.number
    problems: list[MatchProblem] = []

    def problem(code: str, message: str, double: int | None = None) -> None:
        problems.append(MatchProblem(code, message, number, double))

    if state.match_over:
        problem("game_after_match_end", f"Game {number} was played after the match had ended.")
    if game.result not in RESULTS_BY_VARIANT[rules.variant]:
        problem(
            "result_not_for_variant",
            f"Game {number}: {game.result!r} is not a result of {rules.variant}.",
        )
    if game.result == "koks" and not rules.koks:
        problem("koks_not_in_use", f"Game {number} is scored as a koks, but koks is not in use.")
    if game.result == "draw" and not rules.last_roll:
        problem(
            "draw_not_allowed", f"Game {number} is a draw, but draws need the last-roll option."
        )
    if (game.winner is None) != (game.result == "draw"):
        problem("winner_missing", f"Game {number} needs a winner unless it is drawn.")

    cube = CubeState()
    drop_index: int | None = None
    for index, double in enumerate(game.doubles):
        if drop_index is not None:
            problem("cube_after_drop", f"Game {number} had already ended with a drop.", index)
            break
        fault = check_double(state, cube, double, rules, names)
        if fault is not None:
            problems.append(MatchProblem(fault.code, fault.message, number, index))
        if double.response not in RESPONSES:
            problem(
                "bad_cube_response",
                f"A double is taken, dropped or beavered (game {number}).",
                index,
            )
        cube_before = cube.value
        cube = apply_double(cube, double)
        if double.response == "drop":
            drop_index = index
            cube = CubeState(cube_before, cube.owner, cube.turned)

    points: Points
    if game.result == "drop":
        if drop_index is None:
            problem(
                "drop_without_double",
                f"Game {number} is recorded as a drop, but no double was dropped.",
            )
            points = cube.value
        else:
            dropped = game.doubles[drop_index]
            if game.winner is not None and game.winner != dropped.player:
                problem(
                    "drop_wrong_winner", f"A dropped double is won by the doubler (game {number})."
                )
            points = cube.value
    else:
        if drop_index is not None:
            problem("drop_not_recorded", f"A double was dropped in game {number}, which ends it.")
        expected = game_points(game.result, cube.value, rules, cube.turned)
        if game.result == "resign":
            points = game.points if game.points is not None else cube.value
            if resignation_result(points, cube.value, rules) is None:
                problem(
                    "points_do_not_fit_result",
                    f"A resignation in game {number} is worth {resignation_values(rules)} "
                    f"times the cube ({cube.value}), not {tidy_number(points)}.",
                )
        else:
            points = expected if expected is not None else 0
    if game.points is not None and game.result != "resign" and game.points != points:
        problem(
            "points_do_not_fit_result",
            f"Game {number} is recorded as {_describe(game.result)} with the cube at "
            f"{cube.value}, which is worth {tidy_number(points)}, not {tidy_number(game.points)}.",
        )
        points = game.points
    if game.cube is not None and game.cube != cube.value:
        problem(
            "cube_value_mismatch", f"The cube ends game {number} at {cube.value}, not {game.cube}."
        )
    if game.cube_owner is not None and game.cube_owner != cube.owner:
        problem(
            "cube_owner_mismatch",
            f"The cube owner at the end of game {number} does not match the doubles.",
        )

    after = add_game(state.score, game.winner, points, rules)
    scored = ScoredGame(
        number,
        game.winner,
        game.result,
        tidy_number(points),
        cube.value,
        cube.owner,
        state.crawford,
        state.post_crawford,
        state.score,
        after,
    )
    return scored, problems


def _describe(result: str) -> str:
    return {"drop": "a dropped double", "resign": "a resignation"}.get(result, f"a {result}")


def score_match(
    games: Sequence[GameInput],
    rules: MatchRules,
    start_score: tuple[Points, Points] = (0, 0),
    names: tuple[str, str] = ("Player 1", "Player 2"),
) -> MatchScore:
    """Score a whole match (or money session) game by game."""
    score = start_score
    crawford_played = False
    scored_games: list[ScoredGame] = []
    problems: list[MatchProblem] = []
    for number, game in enumerate(games, start=1):
        state = game_state(number, score, crawford_played, rules)
        scored, game_problems = score_game(state, game, rules, names)
        scored_games.append(scored)
        problems.extend(game_problems)
        crawford_played = crawford_played or state.crawford
        score = scored.score_after
    return MatchScore(
        rules, tuple(scored_games), score, match_winner(score, rules), tuple(problems)
    )
