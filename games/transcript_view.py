"""A transcript as a list of steps for the replay viewer: the board after every action.

The boards come from the engine (``engine.transcript.moves.check_move`` plays each move
on the board); this module only keeps the two sides' checkers in their own numbering
between turns and follows the cube for the picture. The verdict of the check (which
actions break a rule) is the worker's job; here an illegal play just ends the pictures
of its game with the engine's reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from engine.errors import EngineError
from engine.match import Points
from engine.replay import variant_rules_for
from engine.transcript import MatchRecord, read_transcript
from engine.transcript.model import DOUBLE, DROP, MOVE, TAKE
from engine.transcript.moves import check_move, parse_steps
from engine.variants import get_variant
from games.board_svg import BoardPicture

Checkers = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class ReplayStep:
    """The board after one action (or at the start of a game). Seats: 0 left, 1 right."""

    game: int
    turn: int
    player: int | None
    kind: str
    text: str
    checkers: Checkers
    score: tuple[Points, Points] | None
    dice: tuple[int, int] | None = None
    steps: tuple[tuple[int, int], ...] = ()
    cube: int = 1
    cube_owner: int | None = None
    error: str = ""

    def picture(
        self, record: MatchRecord, viewer: int = 0, cube_in_use: bool = True
    ) -> BoardPicture:
        return BoardPicture(
            variant=record.variant,
            checkers=self.checkers,
            viewer=viewer,
            names=record.players,
            dice=self.dice,
            mover=self.player if self.kind == MOVE else None,
            steps=self.steps,
            cube=self.cube if cube_in_use else None,
            cube_owner=self.cube_owner,
            title=f"{record.players[0]} – {record.players[1]}",
        )


@dataclass
class _Game:
    rows: list[np.ndarray]  # rows[seat]: that seat's 25 counts in its own numbering
    cube: int = 1
    owner: int | None = None
    offered: int | None = None
    steps: list[ReplayStep] = field(default_factory=list)

    def checkers(self) -> Checkers:
        return (
            tuple(int(v) for v in self.rows[0]),
            tuple(int(v) for v in self.rows[1]),
        )


def _rows_of(board: np.ndarray, on_roll: int) -> list[np.ndarray]:
    rows = [board[1], board[0]] if on_roll == 0 else [board[0], board[1]]
    return [np.array(row, dtype=np.int8) for row in rows]


def steps_of(record: MatchRecord, block_rule: str | None = None) -> list[ReplayStep]:
    """Every step of every game of the record, in order, the moves judged under
    ``block_rule`` (long nardy: the match's regulation; None: the file's own)."""
    rules = variant_rules_for(record, block_rule=block_rule)
    variant = get_variant(record.variant, rules)
    steps: list[ReplayStep] = []
    for game in record.games:
        start = variant.start_board()
        state = _Game(rows=_rows_of(start, 1))
        steps.append(
            ReplayStep(game.number, 0, None, "start", "", state.checkers(), game.score, cube=1)
        )
        for action in game.actions:
            error = ""
            dice = None
            play_steps: tuple[tuple[int, int], ...] = ()
            if action.kind == MOVE and action.dice is not None:
                mover = action.player
                board = np.ascontiguousarray(np.stack([state.rows[1 - mover], state.rows[mover]]))
                result = check_move(variant, board, action.dice, action.play, rules)
                dice = action.dice
                if result.legal and result.board is not None:
                    state.rows = _rows_of(result.board, mover)
                    play_steps = tuple(parse_steps(action.play) or ())
                else:
                    error = result.reason
            elif action.kind == DOUBLE:
                state.offered = int(action.value)
            elif action.kind == TAKE and state.offered is not None:
                state.cube, state.owner, state.offered = state.offered, action.player, None
            elif action.kind == DROP:
                state.offered = None
            steps.append(
                ReplayStep(
                    game.number,
                    action.turn,
                    action.player,
                    action.kind,
                    action.text,
                    state.checkers(),
                    game.score,
                    dice,
                    play_steps,
                    state.cube,
                    state.owner,
                    error,
                )
            )
            if error:
                break
    return steps


@lru_cache(maxsize=16)
def replay_of(
    text: str, block_rule: str | None = None
) -> tuple[MatchRecord, tuple[ReplayStep, ...]]:
    """The record and its steps (cached: the viewer asks for one step at a time).

    Raises EngineError when the text cannot be read.
    """
    record = read_transcript(text)
    return record, tuple(steps_of(record, block_rule))


def safe_replay_of(
    text: str, block_rule: str | None = None
) -> tuple[MatchRecord, tuple[ReplayStep, ...]] | None:
    try:
        return replay_of(text, block_rule)
    except EngineError:
        return None
