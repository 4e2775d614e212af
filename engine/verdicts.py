"""Is a written play legal? Verdicts a tournament director can read out.

``check_play`` reads the play, carries it out step by step (``engine.notation.resolve``)
and compares the resulting position with the legal plays (``engine.plays.legal_plays``).
A play that can be carried out but is not among the legal plays breaks one of the
obligations of rules-backgammon.md section 5 (or a whole-turn rule of the variant), and
the verdict names which one.

Codes (``Verdict.code``; None when the play is legal):
  unreadable_notation; wrong_distance (a written move no die of the roll, alone or added
  up, makes), wrong_dice (a die needed more often than rolled), no_such_checker,
  bar_first, point_blocked, bear_off_not_all_home, bear_off_higher_point (single steps);
  must_use_both_dice, larger_die, must_use_more_dice, must_move (the obligations);
  the variant's codes (long nardy: hit_in_nardy and no_bar for what is written,
  point_occupied as a step code, head_limit and six_block for the whole turn);
  illegal_play when none of these explains it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.errors import NotationError, check_dice
from engine.notation import ParsedPlay, parse_notation, resolve
from engine.plays import Play, legal_plays
from engine.position import Position
from engine.variants import get_variant


@dataclass(frozen=True)
class Verdict:
    """The ruling on one written play.

    ``legal_plays`` lists every legal play, the closest to the written one first
    (fewest checkers placed differently in the resulting position). ``play`` is the
    matching legal play when the written one is legal.
    """

    legal: bool
    code: str | None
    reason: str
    legal_plays: list[Play] = field(default_factory=list)
    play: Play | None = None
    steps: tuple[tuple[int, int], ...] = ()


def _dice_text(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


def _example(plays: list[Play]) -> str:
    return plays[0].notation if plays else ""


def _closest_first(plays: list[Play], board: np.ndarray | None) -> list[Play]:
    if board is None:
        return plays
    target = board.astype(np.int16)
    return sorted(plays, key=lambda play: int(np.abs(play.result - target).sum()))


def _obligation(dice: tuple[int, int], used: int, most: int, closest: list[Play],
                steps: list[tuple[int, int]]) -> tuple[str, str]:
    """Which obligation a play that uses ``used`` dice (legal ones use ``most``) breaks."""
    example = f" (for example {_example(closest)})" if closest else ""
    d1, d2 = dice
    if used < most:
        if d1 == d2:
            return ("must_use_more_dice",
                    (f"Illegal: with {_dice_text(dice)}, {most} of the four {d1}s can be "
                     f"played, so {most} must be{example}; this play uses {used}."))
        if most == 2:
            return ("must_use_both_dice",
                    (f"Illegal: with {_dice_text(dice)} both dice can be played, so both "
                     f"must be{example}."))
    if used == most == 1 and d1 != d2:
        big, small = max(dice), min(dice)
        return ("larger_die",
                (f"Illegal: with {_dice_text(dice)} only one die can be played, and when "
                 f"either could be it must be the larger, the {big}{example}; this play "
                 f"uses the {small}."))
    return ("illegal_play",
            f"Illegal: this play does not give any of the legal positions{example}.")


def check_play(position: Position, dice: Any, notation: str | ParsedPlay,
               rules: Any = None) -> Verdict:
    """Rule on the play ``notation`` for ``dice`` in ``position``."""
    roll = check_dice(dice)
    variant = get_variant(position.variant, rules)
    plays = legal_plays(position, roll, rules)
    most = max((play.dice_used for play in plays), default=0)
    try:
        parsed = notation if isinstance(notation, ParsedPlay) else parse_notation(notation)
    except NotationError as error:
        return Verdict(False, error.code, f"Illegal: {error.message}", plays)

    if parsed.no_move:
        if not plays:
            return Verdict(True, None, f"Legal: with {_dice_text(roll)} no checker can move.",
                           plays)
        return Verdict(False, "must_move",
                       f"Illegal: with {_dice_text(roll)} a play is possible, so it must be "
                       f"made (for example {_example(plays)}).", plays)
    try:
        steps = resolve(position, roll, parsed, rules)
    except NotationError as error:
        return Verdict(False, error.code, f"Illegal: {error.message}", plays)

    board = np.array(position.board, dtype=np.int8)
    for src, dst in steps:
        board = variant.apply_step(board, src, dst)
    closest = _closest_first(plays, board)
    for play in plays:
        if np.array_equal(play.result, board):
            written = " ".join(move.text for move in parsed.moves)
            return Verdict(True, None, f"Legal: {written}.", closest, play, tuple(steps))
    problem = variant.turn_error(position.board, board, steps, roll)
    if problem is not None:
        code, sentence = problem
        return Verdict(False, code, f"Illegal: {sentence}", closest, None, tuple(steps))
    code, reason = _obligation(roll, len(steps), most, closest, steps)
    return Verdict(False, code, reason, closest, None, tuple(steps))
