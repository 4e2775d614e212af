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
from itertools import pairwise, permutations
from typing import Any

import numpy as np

from engine.errors import NotationError, check_dice
from engine.variants import get_variant

Step = tuple[int, int]
BAR, OFF = 25, 0
NO_MOVE_MARKERS = {"", "''", '""', "ø", "-", "--", "—", "(no move)", "no move", "cannot move",
                   "can't move", "(cannot move)", "pass"}
_POINT = r"(?:\d{1,2}|bar|b|off|o)\*?"
_MOVE = re.compile(rf"^({_POINT}(?:/{_POINT})+)(?:\((\d)\))?$")


_POINT_TEXTS = ("off", *(str(point) for point in range(1, 25)), "bar")


def _point_text(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)


# --- writing ---------------------------------------------------------------------------

def _hit_flags(board: np.ndarray, steps: list[Step], variant: Any) -> list[bool]:
    """For each step, whether it hit (the opponent's bar count went up)."""
    if variant.name == "backgammon":
        return _backgammon_hits(board[0].tolist(), steps)
    if variant.name == "nardy":  # no hitting in long nardy
        return [False] * len(steps)
    flags = []
    for src, dst in steps:
        after = variant.apply_step(board, src, dst)
        flags.append(bool(after[0, 24] > board[0, 24]))
        board = after
    return flags


def _backgammon_hits(opposing: list[int], steps: list[Step]) -> list[bool]:
    """A hit is a stop on a point holding one opposing checker (X's p = O's 25 - p);
    ``opposing`` (board[0] as a list) is changed as the steps hit."""
    flags = []
    for _src, dst in steps:
        hit = dst != OFF and opposing[24 - dst] == 1
        if hit:
            opposing[24 - dst] = 0
        flags.append(hit)
    return flags


def format_steps(board: np.ndarray, steps: Any, variant: Any = "backgammon") -> str:
    """Canonical notation of a play given as single steps from ``board``.

    Moves sorted from the highest starting point (bar first); one checker's consecutive
    steps joined, the intermediate point kept only where it hit; ``*`` on hits;
    identical moves collapsed as ``from/to(n)``; an empty string for no move.
    """
    if isinstance(variant, str):
        variant = get_variant(variant)
    steps = [(int(src), int(dst)) for src, dst in steps]
    return _written(steps, _hit_flags(np.asarray(board), steps, variant))


def format_playset(board: np.ndarray, playset: Any, variant: Any) -> list[str]:
    """``format_steps`` of every play of a PlaySet (row order), with the arrays read once."""
    counts = playset.nsteps.tolist()
    every = playset.steps.tolist()
    if variant.name == "backgammon":
        opposing = board[0].tolist()
        texts = []
        for rows, count in zip(every, counts):
            steps = [(src, dst) for src, dst in rows[:count]]
            texts.append(_written(steps, _backgammon_hits(opposing.copy(), steps)))
        return texts
    return [format_steps(board, rows[:count], variant) for rows, count in zip(every, counts)]


def _written(steps: list[Step], hits: list[bool]) -> str:
    """The canonical text of the steps (in playing order) and where they hit."""
    if not steps:
        return ""
    name = _POINT_TEXTS
    if len(steps) == 2 and not hits[0] and not hits[1]:  # the common case: two plain steps
        (a, b), (c, d) = steps
        if a < c or a == c and b < d:
            a, b, c, d = c, d, a, b
        if b == c and c != OFF:
            return f"{name[a]}/{name[d]}"
        if a == c and b == d:
            return f"{name[a]}/{name[b]}(2)"
        return f"{name[a]}/{name[b]} {name[c]}/{name[d]}"
    order = sorted(range(len(steps)), key=steps.__getitem__, reverse=True)
    chains: list[list[tuple[int, bool]]] = []  # [(point, hit there)], first entry = start
    for k in order:
        src, dst = steps[k]
        for chain in chains:
            if chain[-1][0] == src and src != OFF:
                chain.append((dst, hits[k]))
                break
        else:
            chains.append([(src, False), (dst, hits[k])])
    counts: dict[str, int] = {}
    for chain in chains:
        if len(chain) == 2:
            point, hit = chain[1]
            text = f"{name[chain[0][0]]}/{name[point]}*" if hit else (
                f"{name[chain[0][0]]}/{name[point]}")
        else:
            parts = [name[chain[0][0]]]
            last = len(chain) - 1
            for i in range(1, last + 1):
                point, hit = chain[i]
                if hit:
                    parts.append(name[point] + "*")
                elif i == last:
                    parts.append(name[point])
            text = "/".join(parts)
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
        for a, b in pairwise(points):
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
        rank = (0 if code == "wrong_dice" else 1, progress)
        if rank > self.rank:
            self.rank, self.code, self.message = rank, code, message


def _dice_for(src: int, dst: int, dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The distinct sets of dice (sorted tuples) that can carry a checker from src to dst."""
    found = set()
    for k in range(1, len(dice) + 1):
        for seq in set(permutations(dice, k)):
            if (sum(seq[:-1]) < src <= sum(seq)) if dst == OFF else sum(seq) == src - dst:
                found.add(tuple(sorted(seq)))
    return sorted(found)


def _fitting_prefix(segments: list[tuple[int, int]], dice: tuple[int, ...]) -> int:
    """How many of the segments, in order, the dice can carry at once (each die once)."""
    best = 0

    def walk(index: int, left: tuple[int, ...]) -> None:
        nonlocal best
        best = max(best, index)
        if index == len(segments) or best == len(segments):
            return
        for used in _dice_for(*segments[index], left):
            rest = list(left)
            for die in used:
                rest.remove(die)
            walk(index + 1, tuple(rest))

    walk(0, dice)
    return best


def resolve(position: Any, dice: Any, parsed: ParsedPlay, rules: Any = None) -> list[Step]:
    """Single-die steps that carry out the written play on ``position``.

    Moves may be written in any order and combined moves without their intermediate
    points; the steps of different checkers may interleave (two checkers entering from
    the bar before either moves on). An unwritten intermediate point is taken without a
    hit when a route without one exists (rules-backgammon.md section 10.3). Raises
    NotationError with the code of the most telling obstacle when no expansion exists:
    ``wrong_distance`` (a written move that no die of the roll, alone or added up, makes),
    ``wrong_dice`` (the moves together need a die more often than it was rolled),
    ``point_blocked``, ``bar_first``, ``no_such_checker``, ``bear_off_not_all_home``, ...;
    the variant's ``notation_error`` codes first (long nardy: ``hit_in_nardy``, ``no_bar``).
    """
    variant = get_variant(position.variant, rules)
    roll = check_dice(dice)
    whole = (roll[0],) * 4 if roll[0] == roll[1] else roll
    forbidden = getattr(variant, "notation_error", None)
    problem = forbidden(parsed) if forbidden is not None else None
    if problem is not None:
        raise NotationError(*problem)
    chains: list[tuple[int, ...]] = []
    labels: list[str] = []
    for move in parsed.moves:
        label = WrittenMove(move.points, move.hits).text
        for src, dst in pairwise(move.points):
            if not _dice_for(src, dst, whole):
                what = f"bears off from the {src}-point" if dst == OFF else (
                    f"moves {src - dst} pips")
                where = label if len(move.points) == 2 else f"{src}/{_point_text(dst)} in {label}"
                raise NotationError("wrong_distance", f"{where} {what}, which no die of "
                                    f"the roll {roll[0]}-{roll[1]}, alone or added up, "
                                    "allows.")
        for _ in range(move.count):
            chains.append(move.points)
            labels.append(label)
    segments = [pair for chain in chains for pair in pairwise(chain)]
    owners = [label for chain, label in zip(chains, labels) for _ in pairwise(chain)]
    fitted = _fitting_prefix(segments, whole)
    if fitted < len(segments):
        gives = (f"a doublet gives four {roll[0]}s" if len(whole) == 4
                 else "each die is played once")
        raise NotationError("wrong_dice", f"The play needs more dice than the roll "
                            f"{roll[0]}-{roll[1]} gives ({gives}): "
                            f"{owners[fitted]} needs a die that has already been used in "
                            "this play.")
    failure = _Failure()
    best: list[Any] = [None, 99]  # steps, unwritten hits
    seen: dict[tuple, int] = {}  # search state -> fewest unwritten hits it was reached with

    def search(board: np.ndarray, where: tuple[tuple[int, int], ...], left: tuple[int, ...],
               steps: list[Step], hits: int) -> None:
        """``where[c]`` = (point the checker of chain c stands on, index of its next stop)."""
        if hits >= best[1]:
            return
        state = (board.tobytes(), tuple(sorted(zip(chains, where))), left)
        if seen.get(state, 99) <= hits:
            return
        seen[state] = hits
        if all(k == len(chain) for (_, k), chain in zip(where, chains)):
            best[0], best[1] = list(steps), hits
            return
        for c, chain in enumerate(chains):
            point, k = where[c]
            if k == len(chain):
                continue
            stop = chain[k]
            usable = [d for d in sorted(set(left), reverse=True)
                      if (point - d >= stop if stop != OFF else True)]
            if not usable:
                failure.note(len(steps), "wrong_dice",
                             f"{labels[c]} needs a die that has already been used in this play.")
            for die in usable:
                target = max(point - die, OFF) if stop == OFF else point - die
                problem = variant.step_error(board, die, point, target)
                if problem is not None:
                    failure.note(len(steps), *problem)
                    continue
                after = variant.apply_step(board, point, target)
                arrived = target == stop
                unwritten_hit = not arrived and after[0, 24] > board[0, 24]
                rest = list(left)
                rest.remove(die)
                moved = where[:c] + ((target, k + 1 if arrived else k),) + where[c + 1:]
                search(after, moved, tuple(rest), steps + [(point, target)],
                       hits + unwritten_hit)

    start = tuple((chain[0], 1) for chain in chains)
    search(np.array(position.board, dtype=np.int8), start, whole, [], 0)
    if best[0] is None:
        raise NotationError(failure.code, failure.message)
    return best[0]
