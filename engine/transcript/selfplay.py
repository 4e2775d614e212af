"""Seeded random matches written as match records, for tests, benchmarks and demo data.

Each turn picks a random legal play from the engine's generator (so every play is legal
by construction); cube actions and resignations happen at the given rates, within the
match rules (never in the Crawford game, only by a player who may double). Long nardy
follows the project's default starting rule: the players alternate as White.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.match import CubeState, MatchRules, Points, add_game, game_points, game_state
from engine.transcript.layout import numbered
from engine.transcript.model import (
    DOUBLE,
    DRAW,
    DROP,
    MOVE,
    TAKE,
    WIN,
    Action,
    GameRecord,
    MatchRecord,
)
from engine.variants import Variant, get_variant

MAX_TURNS = 1000  # a random game that has not ended by then is resigned


@dataclass(frozen=True)
class SelfPlay:
    """How the random players behave: rates per turn of offering a double, dropping an
    offered double, and resigning (a single game's worth, before rolling)."""

    double_rate: float = 0.0
    drop_rate: float = 0.3
    resign_rate: float = 0.0


def play_text(variant: Variant, board: np.ndarray, steps: list[tuple[int, int]]) -> str:
    """A play as GNU Backgammon writes it: every step alone, 25 = bar, 0 = off, ``*``."""
    parts = []
    for src, dst in steps:
        after = variant.apply_step(board, src, dst)
        hit = after[0, 24] > board[0, 24]
        parts.append(f"{src}/{dst}{'*' if hit else ''}")
        board = after
    return " ".join(parts)


def _roll(rng: np.random.Generator, opening: bool) -> tuple[int, int]:
    while True:
        d1, d2 = (int(d) for d in rng.integers(1, 7, size=2))
        if not opening or d1 != d2:  # a backgammon opening roll is never a doublet
            return d1, d2


class _Game:
    def __init__(
        self,
        variant: Variant,
        rules: MatchRules,
        behaviour: SelfPlay,
        rng: np.random.Generator,
        crawford: bool,
    ) -> None:
        self.variant, self.rules, self.behaviour, self.rng = variant, rules, behaviour, rng
        self.crawford = crawford
        self.actions: list[Action] = []
        self.cube = CubeState()
        self.single = "single" if variant.name == "backgammon" else "oin"

    def add(self, kind: str, player: int, **fields: object) -> None:
        self.actions.append(Action(kind, player, 0, **fields))  # type: ignore[arg-type]

    def cube_turn(self, mover: int) -> tuple[int | None, Points] | None:
        """Maybe double (and the answer); the game's end if the double was dropped."""
        may_double = (
            self.rules.cube
            and not self.crawford
            and self.actions
            and self.cube.owner in (None, mover)
        )
        if not may_double or self.rng.random() >= self.behaviour.double_rate:
            return None
        value = self.cube.value * 2
        if self.rules.cube_limit is not None and value > self.rules.cube_limit:
            return None
        self.add(DOUBLE, mover, value=value)
        if self.rng.random() < self.behaviour.drop_rate:
            self.add(DROP, 1 - mover)
            self.add(WIN, mover, value=self.cube.value)
            return mover, self.cube.value
        self.add(TAKE, 1 - mover)
        self.cube = CubeState(value, 1 - mover, turned=True)
        return None

    def finish(self, winner: int, result: str) -> tuple[int | None, Points]:
        points = game_points(result, self.cube.value, self.rules, self.cube.turned)
        assert points is not None
        self.add(WIN, winner, value=points)
        return winner, points

    def play(self, first: int) -> tuple[int | None, Points]:
        board, mover = self.variant.start_board(), first
        opening = self.variant.name == "backgammon"
        extra_turn_for: int | None = None
        for _ in range(MAX_TURNS):
            if extra_turn_for is None:
                ended = self.cube_turn(mover)
                if ended is not None:
                    return ended
                if self.actions and self.rng.random() < self.behaviour.resign_rate:
                    return self.finish(1 - mover, self.single)
            dice = _roll(self.rng, opening)
            opening = False
            plays = self.variant.generate(board, *dice)
            text = ""
            count = int(plays.boards.shape[0])
            if count:
                pick = int(self.rng.integers(count))
                steps = [tuple(step) for step in plays.steps[pick, : plays.nsteps[pick]].tolist()]
                text = play_text(self.variant, board, steps)  # type: ignore[arg-type]
                board = np.array(plays.boards[pick])
            self.add(MOVE, mover, dice=dice, play=text)
            if extra_turn_for == mover:
                if self.variant.outcome(board) == "draw":
                    self.add(DRAW, 0)
                    return None, self.rules.draw_points
                flipped = np.ascontiguousarray(board[::-1])
                return self.finish(1 - mover, self.variant.outcome(flipped) or "oin")
            outcome = self.variant.outcome(board)
            if outcome is not None:
                extra = getattr(self.variant, "extra_turn", None)
                if extra is not None and extra(board, mover == first):
                    extra_turn_for = 1 - mover
                else:
                    return self.finish(mover, outcome)
            board, mover = np.ascontiguousarray(board[::-1]), 1 - mover
        return self.finish(mover, self.single)


def random_match(
    rules: MatchRules,
    seed: int,
    players: tuple[str, str] = ("White", "Black"),
    behaviour: SelfPlay | None = None,
    variant_rules: object = None,
    max_games: int = 50,
) -> MatchRecord:
    """A whole match (or ``max_games`` games of a money session) of random legal plays."""
    rng = np.random.default_rng(seed)
    variant = get_variant(rules.variant, variant_rules)
    behaviour = behaviour or SelfPlay()
    score: tuple[Points, Points] = (0, 0)
    crawford_played = False
    games: list[GameRecord] = []
    first = int(rng.integers(2))
    for number in range(1, max_games + 1):
        state = game_state(number, score, crawford_played, rules)
        if state.match_over:
            break
        game = _Game(variant, rules, behaviour, rng, state.crawford)
        winner, points = game.play(first)
        games.append(GameRecord(number, score, numbered(game.actions)))
        score = add_game(score, winner, points, rules)
        crawford_played = crawford_played or state.crawford
        first = 1 - first if rules.variant == "nardy" else int(rng.integers(2))
    options: tuple[tuple[str, str], ...] = ()
    block = getattr(variant_rules, "block_rule", "ahead")
    if block != "ahead":
        options = (("BlockRule", block),)
    return MatchRecord(
        rules.variant,
        rules.length,
        players,
        tuple(games),
        rules,
        (("Event", f"Self-play {seed}"),),
        options,
    )
