"""Play notation: canonical output, a tolerant reader, and expansion into single steps.

* ``format_steps`` writes the project's canonical form (rules-backgammon.md section 10.2).
* ``parse_notation`` reads what people and programs write (section 10.3 and the ``.mat``
  layout): ``25/22``, ``bar/22``, ``b/22``, ``6/0``, ``6/off``, ``6/o``, chains
  ``24/18/13``, ``*`` for hits, ``(2)`` repeats, commas, and the no-move markers.
* ``resolve`` turns a parsed play into single-die steps on a position, choosing the
  non-hitting route for an unwritten intermediate point when both exist.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import permutations
from typing import Any

import numpy as np

from engine.errors import NotationError, check_dice

Step = tuple[int, int]
BAR, OFF = 25, 0
NO_MOVE_MARKERS = {"", "''", '""', "ø", "-", "--", "—", "(no move)", "no move", "cannot move",
                   "can't move", "(cannot move)", "pass"}
_POINT = r"(?:\d{1,2}|bar|b|off|o)\*?"
_MOVE = re.compile(rf"^({_POINT}(?:/{_POINT})+)(?:\((\d)\))?$")


def _point_text(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)


# --- writing ---------------------------------------------------------------------------

def _hit_flags(board: np.ndarray, steps: list[Step] | tuple[Step, ...], variant: Any) -> list[bool]:
    """For each step, whether it hit (the opponent's bar count went up)."""
    flags = []
    for src, dst in steps:
        after = variant.apply_step(board, src, dst)
        flags.append(bool(after[0, 24] > board[0, 24]))
        board = after
    return flags


def format_steps(board: np.ndarray, steps: Any, variant: Any = "backgammon") -> str:
    """Canonical notation of a play given as single steps from ``board``.

    Moves sorted from the highest starting point (bar first); one checker's consecutive
    steps joined, the intermediate point kept only where it hit; ``*`` on hits;
    identical moves collapsed as ``from/to(n)``; an empty string for no move.
    """
    if isinstance(variant, str):
        from engine.variants import get_variant

        variant = get_variant(variant)
    steps = [(int(src), int(dst)) for src, dst in steps]
    hits = _hit_flags(np.asarray(board), steps, variant)
    order = sorted(range(len(steps)), key=lambda k: (-steps[k][0], -steps[k][1]))
    chains: list[list[tuple[int, bool]]] = []  # [(point, hit there)], first entry = start
    for k in order:
        src, dst = steps[k]
        for chain in chains:
            if chain[-1][0] == src and src != OFF:
                chain.append((dst, hits[k]))
                break
        else:
            chains.append([(src, False), (dst, hits[k])])
    texts: list[str] = []
    for chain in chains:
        parts = [_point_text(chain[0][0])]
        for i, (point, hit) in enumerate(chain[1:], start=1):
            if hit or i == len(chain) - 1:
                parts.append(_point_text(point) + ("*" if hit else ""))
        texts.append("/".join(parts))
    counts: dict[str, int] = {}
    for text in texts:
        counts[text] = counts.get(text, 0) + 1
    return " ".join(text if n == 1 else f"{text}({n})" for text, n in counts.items())


# --- reading ---------------------------------------------------------------------------

@dataclass(frozen=True)
class WrittenMove:
    """One written move: the points of a chain (25 = bar, 0 = off), where ``*`` was
    written, and how many checkers made it (the ``(n)`` repeat)."""

    points: tuple[int, ...]
    hits: tuple[bool, ...]
    count: int = 1

    @property
    def text(self) -> str:
        body = "/".join(_point_text(p) + ("*" if h else "") for p, h in zip(self.points, self.hits))
        return body if self.count == 1 else f"{body}({self.count})"


@dataclass(frozen=True)
class ParsedPlay:
    """A play as written: its moves, in the order written; empty for "no move"."""

    moves: tuple[WrittenMove, ...]
    text: str

    @property
    def no_move(self) -> bool:
        return not self.moves


def _read_point(token: str, move_text: str, text: str) -> tuple[int, bool]:
    hit = token.endswith("*")
    body = token.rstrip("*")
    if body in ("bar", "b"):
        return BAR, hit
    if body in ("off", "o"):
        return OFF, hit
    value = int(body)
    if value > 25:
        raise NotationError("unreadable_notation",
                            f"Could not read {move_text!r} in {text!r}: there is no point {value}.",
                            where=move_text)
    return value, hit


def parse_notation(text: str) -> ParsedPlay:
    """Read a written play; NotationError (``unreadable_notation``) names the bad part."""
    if not isinstance(text, str):
        raise NotationError("unreadable_notation", f"A play is written as text, not {text!r}.")
    clean = text.strip().lower()
    clean = re.sub(r"^\d-?\d\s*:\s*", "", clean)  # a leading "62:" or "6-2:" dice prefix
    if clean in NO_MOVE_MARKERS:
        return ParsedPlay((), text)
    clean = re.sub(r"\s*/\s*", "/", clean)
    clean = re.sub(r"\s*\(\s*(\d)\s*\)", r"(\1)", clean)
    clean = re.sub(r"\s+\*", "*", clean)
    moves = []
    for token in re.split(r"[\s,;]+", clean):
        if token in NO_MOVE_MARKERS:
            continue  # "6/1, Ø": the rest of the roll could not be played
        match = _MOVE.match(token)
        if not match:
            raise NotationError("unreadable_notation",
                                f"Could not read {token!r} in the play {text!r}.", where=token)
        count = int(match.group(2) or 1)
        if not 1 <= count <= 4:
            raise NotationError("unreadable_notation",
                                f"Could not read {token!r}: a move repeats 1 to 4 times.",
                                where=token)
        read = [_read_point(part, token, text) for part in match.group(1).split("/")]
        points = tuple(p for p, _ in read)
        for a, b in zip(points, points[1:]):
            if b >= a or a == OFF:
                raise NotationError("unreadable_notation",
                                    f"Could not read {token!r} in {text!r}: checkers move from "
                                    "a higher point to a lower one.", where=token)
        moves.append(WrittenMove(points, tuple(h for _, h in read), count))
    return ParsedPlay(tuple(moves), text)


# --- expanding into single steps ------------------------------------------------------

class _Failure:
    """The most informative reason seen so far why the written play cannot be carried out."""

    def __init__(self) -> None:
        self.rank: tuple[int, int] = (-1, -1)
        self.code = "wrong_dice"
        self.message = "The play cannot be made with these dice."

    def note(self, progress: int, code: str, message: str) -> None:
        rank = (progress, 0 if code == "wrong_dice" else 1)
        if rank > self.rank:
            self.rank, self.code, self.message = rank, code, message


def _routes(board: np.ndarray, src: int, dst: int, pool: tuple[int, ...], variant: Any,
            done: int, failure: _Failure, roll: tuple[int, int], label: str) -> list[tuple]:
    """Ways to carry one checker from src to dst with some of the dice in ``pool``.

    Each is (unwritten hits on the way, dice used, steps, board after, pool left);
    the preferred (fewest hits on the way, fewest dice) first.
    """
    distance = src - dst
    found = []
    fits_roll = False
    for k in range(1, len(pool) + 1):
        for seq in sorted(set(permutations(pool, k))):
            total = sum(seq)
            if dst != OFF and total != distance:
                continue
            if dst == OFF and not (sum(seq[:-1]) < src <= total):
                continue
            fits_roll = True
            here, point, steps, hits = board, src, [], 0
            for i, die in enumerate(seq):
                target = OFF if i == len(seq) - 1 and dst == OFF else point - die
                problem = variant.step_error(here, die, point, target)
                if problem is not None:
                    failure.note(done + len(steps), *problem)
                    break
                after = variant.apply_step(here, point, target)
                if i < len(seq) - 1 and after[0, 24] > here[0, 24]:
                    hits += 1
                steps.append((point, target))
                here, point = after, target
            else:
                rest = list(pool)
                for die in seq:
                    rest.remove(die)
                found.append((hits, k, steps, here, tuple(rest)))
    if not fits_roll:
        d1, d2 = roll
        whole = (d1, d2) if d1 != d2 else (d1,) * 4
        if _can_make(distance, dst == OFF, src, whole):
            failure.note(done, "wrong_dice",
                         f"{label} needs a die that has already been used in this play.")
        else:
            what = f"bears off from the {src}-point" if dst == OFF else f"moves {distance} pips"
            failure.note(done, "wrong_dice",
                         f"{label} {what}, which the roll {d1}-{d2} does not allow.")
    found.sort(key=lambda route: (route[0], route[1]))
    return found


def _can_make(distance: int, bears_off: bool, src: int, dice: tuple[int, ...]) -> bool:
    for k in range(1, len(dice) + 1):
        for seq in set(permutations(dice, k)):
            if bears_off and sum(seq[:-1]) < src <= sum(seq):
                return True
            if not bears_off and sum(seq) == distance:
                return True
    return False


def resolve(position: Any, dice: Any, parsed: ParsedPlay, rules: Any = None) -> list[Step]:
    """Single-die steps that carry out the written play on ``position``.

    Moves may be written in any order and combined moves without their intermediate
    points; an unwritten intermediate point is taken without a hit when a route without
    one exists (rules-backgammon.md section 10.3). Raises NotationError with the code of
    the most telling obstacle (``point_blocked``, ``bar_first``, ``no_such_checker``,
    ``wrong_dice``, ``bear_off_not_all_home``, ...) when no expansion exists.
    """
    from engine.variants import get_variant

    variant = get_variant(position.variant, rules)
    roll = check_dice(dice)
    pool = (roll[0],) * 4 if roll[0] == roll[1] else roll
    chains: list[tuple[tuple[int, int], ...]] = []
    labels: list[str] = []
    for move in parsed.moves:
        segments = tuple(zip(move.points, move.points[1:]))
        for _ in range(move.count):
            chains.append(segments)
            labels.append(WrittenMove(move.points, move.hits).text)
    failure = _Failure()

    def search(board: np.ndarray, heads: tuple[int, ...], left: tuple[int, ...],
               steps: list[Step]) -> list[Step] | None:
        if all(head == len(chain) for head, chain in zip(heads, chains)):
            return steps
        tried = set()
        for c, chain in enumerate(chains):
            if heads[c] == len(chain) or (chain, heads[c]) in tried:
                continue
            tried.add((chain, heads[c]))  # repeats of one move are interchangeable
            src, dst = chain[heads[c]]
            for _hits, _k, route, after, rest in _routes(board, src, dst, left, variant,
                                                          len(steps), failure, roll, labels[c]):
                moved = heads[:c] + (heads[c] + 1,) + heads[c + 1:]
                result = search(after, moved, rest, steps + route)
                if result is not None:
                    return result
        return None

    found = search(np.array(position.board, dtype=np.int8), (0,) * len(chains), pool, [])
    if found is None:
        raise NotationError(failure.code, failure.message)
    return found
