"""Checking the play written in one transcript cell against the engine.

The fast path reads the play as single steps (GNU Backgammon writes every die as its own
step), carries them out one by one with the variant's step rules, and looks the final
board up among the legal results of one ``generate`` call. Anything it cannot settle (a
combined move written without its intermediate point, an illegal play that needs the
engine's explanation) goes to the engine's ``check_play``, the authority on notation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

import numpy as np

from engine.variants import Variant

PLAIN_STEP = re.compile(r"(\d{1,2})/(\d{1,2})\*?")
PLAIN_PLAY = re.compile(r"(?:(?:2[0-5]|1?\d)/(?:2[0-4]|1?\d)\*?(?: |$))*")
TOKEN = re.compile(r"^([^()]+?)(?:\((\d)\))?$")
POINT_WORDS = {"bar": 25, "b": 25, "off": 0, "o": 0}


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
    """The (src, dst) hops a play names, in the order written; None if unreadable.

    Chains give one hop per written segment (``24/18/13`` is two hops), ``(n)`` repeats,
    ``*`` is ignored (hits follow from the board). Cached: matches repeat plays a lot.
    """
    plain = PLAIN_PLAY.fullmatch(text)
    if plain is not None:  # the GNU Backgammon form, every step alone
        return tuple((int(src), int(dst)) for src, dst in PLAIN_STEP.findall(text))
    steps: list[tuple[int, int]] = []
    for token in text.replace(",", " ").split():
        match = TOKEN.match(token)
        if not match:
            return None
        points: list[int] = []
        for part in match.group(1).split("/"):
            name = part.rstrip("*").strip().lower()
            if name in POINT_WORDS:
                points.append(POINT_WORDS[name])
            elif name.isdigit() and 0 <= int(name) <= 25:
                points.append(int(name))
            else:
                return None
        if len(points) < 2:
            return None
        hops = list(pairwise(points))
        steps += hops * int(match.group(2) or 1)
    return tuple(steps)


def _die_for(src: int, dst: int, dice: list[int]) -> int | None:
    if dst > 0:
        distance = src - dst
        return distance if distance in dice else None
    if src in dice:
        return src
    higher = [die for die in dice if die > src]
    return min(higher) if higher else None


def _fast(
    variant: Variant, board: np.ndarray, dice: tuple[int, int], text: str, results: np.ndarray
) -> np.ndarray | None:
    """The result board when every step is a plain legal single step, else None."""
    steps = parse_steps(text)
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
    if results.shape[0] == 0:
        return current if not steps else None
    return _lookup(results, current)


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
    results = variant.generate(board, dice[0], dice[1]).boards
    found = _fast(variant, board, dice, text, results)
    if found is not None:
        return MoveResult(found)
    return _explain(variant, board, dice, text, rules, results)


def _explain(
    variant: Variant,
    board: np.ndarray,
    dice: tuple[int, int],
    text: str,
    rules: Any,
    results: np.ndarray,
) -> MoveResult:
    try:
        from engine.position import Position
        from engine.verdicts import check_play
    except ImportError:  # the engine's verdicts are not there: say what we know
        return _own_reason(variant, board, dice, text, results)
    verdict = check_play(Position(board, variant.name), dice, text, rules)
    if verdict.legal:
        return MoveResult(np.array(_verdict_board(verdict), dtype=np.int8))
    return MoveResult(
        None, verdict.code or "illegal_play", verdict.reason.removeprefix("Illegal: ")
    )


def _verdict_board(verdict: Any) -> np.ndarray:
    play = getattr(verdict, "play", None)
    if play is not None:
        return play.position.board
    return verdict.position.board


def _own_reason(
    variant: Variant, board: np.ndarray, dice: tuple[int, int], text: str, results: np.ndarray
) -> MoveResult:
    steps = parse_steps(text)
    if steps is None:
        return MoveResult(None, "bad_notation", f"The play {text!r} cannot be read.")
    if not steps:
        if len(results):
            return MoveResult(None, "must_move", "A legal play exists; the roll cannot be skipped.")
        return MoveResult(board)
    remaining = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    current = board
    for src, dst in steps:
        die = _die_for(src, dst, remaining)
        if die is None:
            return MoveResult(
                None,
                "wrong_distance",
                f"No die of {dice[0]}-{dice[1]} moves a checker from {src} to {dst}.",
            )
        problem = variant.step_error(current, die, src, dst)
        if problem is not None:
            return MoveResult(None, *problem)
        remaining.remove(die)
        current = variant.apply_step(current, src, dst)
    problem = variant.turn_error(board, current, steps, dice)
    if problem is not None:
        return MoveResult(None, *problem)
    return MoveResult(
        None,
        "not_a_legal_play",
        f"This play is not one of the {len(results)} legal plays of {dice[0]}-{dice[1]}.",
    )
