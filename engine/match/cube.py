"""The doubling cube under the match rules (rules-backgammon.md §8, match-play.md §2–§3)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.match.rules import GameState, MatchProblem, MatchRules, is_power_of_two


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
class CubeState:
    value: int = 1
    owner: int | None = None  # None: centred
    turned: bool = False  # a double was taken during the game (the Jacoby rule needs it)
    pending: Double | None = None  # a beaver waiting for its answer


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
    if not is_power_of_two(double.value) or double.value < 2:
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
