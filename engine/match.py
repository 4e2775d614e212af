"""Match scoring as pure functions over the games (``docs/match-play.md`` §1–§5).

The rules in force travel as data (:class:`MatchRules`); each game is described by what
happened on the cube and how it ended (:class:`GameInput`). :func:`score_match` returns the
running score, the Crawford and post-Crawford games, the end of the match and every
breach of the rules as a :class:`MatchProblem` with a stable code and a sentence naming
the game. The smaller functions (:func:`game_state`, :func:`check_double`,
:func:`apply_double`, :func:`game_points`, :func:`add_game`) are the same rules one step
at a time, for callers that replay a match move by move (``engine.replay``) or record it
game by game (the ``games`` app). Nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.errors import EngineError

Points = int | float  # half points only come from drawn long-nardy games

MULTIPLIERS: dict[str, int] = {
    "single": 1,
    "gammon": 2,
    "backgammon": 3,
    "oin": 1,
    "mars": 2,
    "koks": 3,
}
RESULTS_BY_VARIANT: dict[str, frozenset[str]] = {
    "backgammon": frozenset({"single", "gammon", "backgammon", "drop", "resign"}),
    "nardy": frozenset({"oin", "mars", "koks", "draw", "drop", "resign"}),
}
RESPONSES = frozenset({"take", "drop", "beaver"})


class MatchRulesError(EngineError):
    """A combination of match options that the project does not allow."""


@dataclass(frozen=True)
class MatchRules:
    """The regulation of one match or money session.

    length: points needed to win; 0 is a money session (unlimited games).
    crawford / holland: the match options of §2 and §3.1 (matches only).
    jacoby / beavers: money-session options (§3.4); rejected in matches.
    cube: whether the doubling cube is used (off by default in long nardy).
    koks / last_roll / draw_points: long-nardy scoring options (§5).
    cube_limit: highest cube value allowed, or None for no limit.
    """

    length: int = 0
    variant: str = "backgammon"
    crawford: bool = True
    holland: bool = False
    jacoby: bool = False
    beavers: bool = False
    cube: bool = True
    koks: bool = False
    last_roll: bool = False
    draw_points: Points = 0.5
    cube_limit: int | None = None

    def __post_init__(self) -> None:
        if self.variant not in RESULTS_BY_VARIANT:
            raise MatchRulesError("unknown_variant", f"There is no variant {self.variant!r}.")
        if self.length < 0:
            raise MatchRulesError("bad_match_length", "A match length cannot be negative.")
        if self.length > 0 and (self.jacoby or self.beavers):
            raise MatchRulesError(
                "money_option_in_match",
                "The Jacoby rule and beavers are money-play options; a match cannot use them.",
            )
        if self.variant == "backgammon" and (self.koks or self.last_roll):
            raise MatchRulesError(
                "nardy_option_in_backgammon", "Koks and the last roll are long-nardy options."
            )
        if self.draw_points not in (0.5, 1):
            raise MatchRulesError("bad_draw_points", "A drawn game scores 0.5 or 1 point each.")
        if self.cube_limit is not None and not _is_power_of_two(self.cube_limit):
            raise MatchRulesError("bad_cube_limit", "A cube limit is a power of two.")

    @classmethod
    def for_variant(cls, variant: str, length: int, **options: object) -> MatchRules:
        """The defaults of a variant: long nardy plays without the cube unless asked."""
        defaults: dict[str, object] = {"cube": variant != "nardy"}
        defaults.update(options)
        return cls(length=length, variant=variant, **defaults)  # type: ignore[arg-type]

    @property
    def is_match(self) -> bool:
        return self.length > 0


@dataclass(frozen=True)
class Double:
    """One offer of the cube in a game and its answer.

    player: who doubled (0 or 1). value: the cube value offered. response: ``"take"``,
    ``"drop"`` or ``"beaver"`` (money only: the taker redoubles at once and keeps the
    cube; the beaver itself is the next Double, made by the taker with ``beaver=True``).
    completed_turns: turns each player had completed in the game before the double,
    needed only for the Holland rule (None when unknown).
    """

    player: int
    value: int
    response: str = "take"
    beaver: bool = False
    completed_turns: tuple[int, int] | None = None


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
class MatchProblem:
    code: str
    message: str
    game: int
    double: int | None = None  # index into GameInput.doubles, when a double is at fault


@dataclass(frozen=True)
class GameState:
    """What the rules say about a game before it starts."""

    number: int
    score: tuple[Points, Points]
    crawford: bool
    post_crawford: bool
    match_over: bool


@dataclass(frozen=True)
class CubeState:
    value: int = 1
    owner: int | None = None  # None: centred
    turned: bool = False  # a double was taken during the game (the Jacoby rule needs it)
    pending: Double | None = None  # a beaver waiting for its answer


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

    @property
    def crawford_game(self) -> int | None:
        return next((game.number for game in self.games if game.crawford), None)


def _is_power_of_two(value: int) -> bool:
    return isinstance(value, int) and value >= 1 and value & (value - 1) == 0


def _number(value: Points) -> Points:
    """1.0 -> 1, so scores print as integers whenever they are whole."""
    return int(value) if float(value).is_integer() else value


def at_match_point(score: Points, rules: MatchRules) -> bool:
    return rules.is_match and rules.length - score <= 1


def match_winner(score: tuple[Points, Points], rules: MatchRules) -> int | None:
    """The side that has reached the match length (never both: see add_game)."""
    if not rules.is_match:
        return None
    for side in (0, 1):
        if score[side] >= rules.length:
            return side
    return None


def game_state(
    number: int, score: tuple[Points, Points], crawford_played: bool, rules: MatchRules
) -> GameState:
    """Whether game ``number``, starting at ``score``, is the Crawford game (§2)."""
    over = match_winner(score, rules) is not None
    at_point = [at_match_point(side_score, rules) for side_score in score]
    # Without the cube (long nardy's default) there is no Crawford game to play.
    rule_on = rules.is_match and rules.crawford and rules.cube
    crawford = (
        rule_on
        and not over
        and not crawford_played
        and rules.length > 1
        and at_point.count(True) == 1
    )
    post = rule_on and not crawford and (crawford_played or all(at_point))
    return GameState(number, score, crawford, post and not over, over)


def check_double(
    state: GameState,
    cube: CubeState,
    double: Double,
    rules: MatchRules,
    names: tuple[str, str] = ("Player 1", "Player 2"),
) -> MatchProblem | None:
    """The first rule a double breaks, or None when it is allowed."""
    game = state.number
    who, other = names[double.player], names[1 - double.player]
    if not rules.cube:
        return MatchProblem(
            "cube_not_in_use", f"The cube is not used in this match (game {game}).", game
        )
    if state.crawford:
        return MatchProblem(
            "cube_in_crawford", f"A double is not allowed in the Crawford game (game {game}).", game
        )
    if not _is_power_of_two(double.value) or double.value < 2:
        return MatchProblem(
            "cube_not_power_of_two",
            f"A cube of {double.value} is not possible in game {game}: the cube goes 2, 4, 8, ….",
            game,
        )
    if double.beaver:
        if not rules.beavers:
            return MatchProblem(
                "beaver_not_allowed", f"Beavers are not allowed (game {game}).", game
            )
        if cube.pending is None or cube.pending.player == double.player:
            return MatchProblem(
                "beaver_without_double",
                f"A beaver answers a double by the opponent; there was none (game {game}).",
                game,
            )
    elif cube.pending is not None:
        return MatchProblem(
            "beaver_expected",
            f"A beavered double is answered before play goes on (game {game}).",
            game,
        )
    elif cube.owner is not None and cube.owner != double.player:
        return MatchProblem(
            "double_without_cube_ownership",
            f"{who} doubled in game {game}, but {other} owns the cube.",
            game,
        )
    if double.value != cube.value * 2:
        return MatchProblem(
            "double_not_twice_cube",
            f"A double turns the cube from {cube.value} to {cube.value * 2}, "
            f"not to {double.value} (game {game}).",
            game,
        )
    if rules.cube_limit is not None and double.value > rules.cube_limit:
        return MatchProblem(
            "cube_above_limit",
            f"The cube limit is {rules.cube_limit}; a double to {double.value} is not "
            f"allowed (game {game}).",
            game,
        )
    if double.response == "beaver" and not rules.beavers:
        return MatchProblem("beaver_not_allowed", f"Beavers are not allowed (game {game}).", game)
    turns = double.completed_turns
    if rules.holland and state.post_crawford and turns is not None and min(turns) < 2:
        return MatchProblem(
            "holland_too_early",
            f"Under the Holland rule nobody may double in a post-Crawford game until "
            f"both players have played two turns (game {game}).",
            game,
        )
    return None


def apply_double(cube: CubeState, double: Double) -> CubeState:
    """The cube after an answered double (a drop leaves the cube as it was)."""
    if double.response == "drop":
        return cube
    if double.response == "beaver":
        return CubeState(double.value, cube.owner, cube.turned, pending=double)
    owner = double.player if double.beaver else 1 - double.player
    return CubeState(double.value, owner, turned=True)


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


def resignation_result(points: Points, cube: int, variant: str) -> str | None:
    """The result a resignation worth ``points`` stands for, or None if it fits none."""
    names = (
        ("single", "gammon", "backgammon") if variant == "backgammon" else ("oin", "mars", "koks")
    )
    for multiplier, name in enumerate(names, start=1):
        if points == multiplier * cube:
            return name
    return None


def add_game(
    score: tuple[Points, Points], winner: int | None, points: Points, rules: MatchRules
) -> tuple[Points, Points]:
    """The score after a game (uncapped). A draw gives both sides the points, except
    that a draw taking both sides to the match length scores nothing (§5.3)."""
    if winner is None:
        after = (score[0] + points, score[1] + points)
        if rules.is_match and min(after) >= rules.length:
            return score
        return (_number(after[0]), _number(after[1]))
    added = list(score)
    added[winner] = _number(added[winner] + points)
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
            if resignation_result(points, cube.value, rules.variant) is None:
                problem(
                    "points_do_not_fit_result",
                    f"A resignation in game {number} is worth 1, 2 or 3 times the cube "
                    f"({cube.value}), not {_number(points)}.",
                )
        else:
            points = expected if expected is not None else 0
    if game.points is not None and game.result != "resign" and game.points != points:
        problem(
            "points_do_not_fit_result",
            f"Game {number} is recorded as {_describe(game.result)} with the cube at "
            f"{cube.value}, which is worth {_number(points)}, not {_number(game.points)}.",
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
        _number(points),
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
