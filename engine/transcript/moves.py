"""Checking the play written in one transcript cell against the engine.

The fast path takes the single steps of the play (GNU Backgammon writes every die as its
own ``a/b`` step; any other way of writing it is expanded by the engine's notation
reader, ``engine.notation.resolve``), carries them out (``claim``) and looks the final
board up among the legal results (``settle``), which the game replay fetches for many
moves at once (``legal_results``). A play it cannot settle goes to the engine's
``check_play``, which gives the verdict and the sentence that explains it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

import numpy as np

from engine.errors import NotationError
from engine.variants import Variant

MAX_PLAY = 100  # characters: four moves with hits, written the longest way, are ~40
PLAIN_STEP = re.compile(r"(\d{1,2})/(\d{1,2})\*?")
PLAIN_PLAY = re.compile(r"(?:(?:2[0-5]|1?\d)/(?:2[0-4]|1?\d)\*?(?: |$))*")


@dataclass(frozen=True)
class MoveResult:
    """The board after a legal play (mover still ``board[1]``), or why it is illegal."""

    board: np.ndarray | None
    code: str = ""
    reason: str = ""

    @property
    def legal(self) -> bool:
        return self.board is not None


@lru_cache(maxsize=8192)
def parse_steps(text: str) -> tuple[tuple[int, int], ...] | None:
    """The hops of a play written the GNU Backgammon way (``13/8 8/5* 6/0``: numbers
    only, 25 = bar, 0 = off); None for any other writing. Cached: plays repeat a lot."""
    if PLAIN_PLAY.fullmatch(text) is None:
        return None
    return tuple((int(src), int(dst)) for src, dst in PLAIN_STEP.findall(text))


@lru_cache(maxsize=8192)
def _written_hops(text: str) -> tuple[tuple[int, int], ...] | None:
    """The hops written in any other way (``bar/22``, ``13/7*/5``, ``8/5(2)``), read by
    the engine's notation reader: one hop per written segment; None if unreadable."""
    from engine.notation import parse_notation

    try:
        parsed = parse_notation(text)
    except NotationError:
        return None
    hops: list[tuple[int, int]] = []
    for move in parsed.moves:
        hops += list(pairwise(move.points)) * move.count
    return tuple(hops)


def _steps(
    variant: Variant, board: np.ndarray, dice: tuple[int, int], text: str, rules: Any
) -> tuple[tuple[int, int], ...] | list[tuple[int, int]] | None:
    """The single steps of the play; a combined move written without its intermediate
    point (``24/13``) is expanded by the engine (``engine.notation.resolve``)."""
    hops = parse_steps(text)
    if hops is None:
        hops = _written_hops(text)
        if hops is None:
            return None
    if all(dst == 0 or src - dst in dice for src, dst in hops):
        return hops
    from engine.notation import parse_notation, resolve
    from engine.position import Position

    try:
        return resolve(Position(board, variant.name), dice, parse_notation(text), rules)
    except NotationError:
        return None


def _die_for(src: int, dst: int, dice: list[int]) -> int | None:
    if dst > 0:
        distance = src - dst
        return distance if distance in dice else None
    if src in dice:
        return src
    higher = [die for die in dice if die > src]
    return min(higher) if higher else None


def claim(
    variant: Variant, board: np.ndarray, dice: tuple[int, int], text: str, rules: Any = None
) -> np.ndarray | None:
    """The board the written play leads to, carried out step by step (``board`` itself
    when nothing is written), or None when a step cannot be made: no die for it, or the
    variant forbids that single step (no checker there, a closed or occupied point, a
    bear-off before every checker is home, ...).

    So the board returned is always a position of the variant, whatever was written;
    whether it is a legal result of the roll is the lookup's question (it must be one of
    the legal results, whatever order the steps are written in).
    """
    if "*" in text and variant.name == "nardy" or len(text) > MAX_PLAY:
        return None
    steps = _steps(variant, board, dice, text, rules)
    if steps is None:
        return None
    remaining = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    current = board
    for src, dst in steps:
        die = _die_for(src, dst, remaining)
        if die is None or variant.step_error(current, die, src, dst) is not None:
            return None
        remaining.remove(die)
        current = variant.apply_step(current, src, dst)
    return current


def settle(board: np.ndarray, claimed: np.ndarray | None, results: np.ndarray) -> np.ndarray | None:
    """The legal result the claimed board is, or None (a roll with no legal play is
    settled by writing nothing)."""
    if claimed is None:
        return None
    if results.shape[0] == 0:
        return claimed if claimed is board else None
    return _lookup(results, claimed)


def legal_results(
    variant: Variant, boards: list[np.ndarray], dice: list[tuple[int, int]], rules: Any
) -> list[np.ndarray]:
    """The legal result boards of many positions, from one compiled batch call."""
    from engine.batch import batch_generate

    counts, results = batch_generate(
        np.asarray(boards, dtype=np.int8), np.asarray(dice, dtype=np.int64), variant.name, rules
    )
    offsets = np.concatenate(([0], np.cumsum(counts)))
    return [results[offsets[i] : offsets[i + 1]] for i in range(len(boards))]


def _lookup(results: np.ndarray, board: np.ndarray) -> np.ndarray | None:
    """The row of ``results`` equal to ``board``: a byte search over the packed rows."""
    packed, wanted = results.tobytes(), board.astype(np.int8, copy=False).tobytes()
    size = len(wanted)
    at = packed.find(wanted)
    while at >= 0:
        if at % size == 0:
            return results[at // size]
        at = packed.find(wanted, at + 1)
    return None


def check_move(
    variant: Variant, board: np.ndarray, dice: tuple[int, int], text: str, rules: Any = None
) -> MoveResult:
    """Is ``text`` a legal play of ``dice`` for the side on roll (``board[1]``)?"""
    if "*" in text and variant.name == "nardy":
        return MoveResult(
            None, "hit_in_nardy", "Long nardy has no hitting, so a play is never written with '*'."
        )
    if len(text) > MAX_PLAY:
        return MoveResult(
            None,
            "illegal_play",
            f"A roll moves at most four checkers; this play is {len(text)} characters long.",
        )
    results = variant.generate(board, dice[0], dice[1]).boards
    found = settle(board, claim(variant, board, dice, text, rules), results)
    if found is not None:
        return MoveResult(found)
    return _explain(variant, board, dice, text, rules)


def _explain(
    variant: Variant, board: np.ndarray, dice: tuple[int, int], text: str, rules: Any
) -> MoveResult:
    """The engine's verdict on a play the fast path did not accept."""
    from engine.position import Position
    from engine.verdicts import check_play

    verdict = check_play(Position(board, variant.name), dice, text, rules)
    if verdict.legal:
        return MoveResult(np.array(verdict.play.result, dtype=np.int8))
    reason = verdict.reason.removeprefix("Illegal: ")
    return MoveResult(None, verdict.code or "illegal_play", reason)
