"""What the worker asks the engine about a dispute, as plain data (no database here).

``check_move`` rules on a disputed play; ``check_result`` replays an attached transcript
and says which of the two claimed results it supports. Both return the JSON stored in
``Dispute.verdict``; ``validate_move`` is the quick check the form and the API make
before anything is saved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import numpy as np

from engine.errors import DiceError, EngineError, NotationError, PositionError, check_dice
from engine.ids import encode_position_id
from engine.nardy.rules import NardyRules
from engine.notation import parse_notation
from engine.position import Position
from engine.replay import replay
from engine.transcript import read_transcript
from engine.variants import get_variant
from engine.verdicts import check_play

MAX_LISTED_PLAYS = 30  # doubles can have hundreds; the closest ones are what matters


@dataclass(frozen=True)
class InputProblem:
    """A problem with what was typed: the field at fault, a stable code, the engine's words."""

    field: str
    code: str
    message: str


def game_in_progress_problem(position: Position) -> str | None:
    """Why a position cannot be disputed although the ID is valid (a side has no checkers)."""
    counts = position.board.sum(axis=1)
    if int(counts[1]) == 0:
        return "The side on roll has no checkers left: the game is over."
    if int(counts[0]) == 0:
        return "The side not on roll has no checkers left: the game is over."
    return None


def validate_move(
    variant: str, position_id: str, dice: Sequence[int] | None, notation: str
) -> list[InputProblem]:
    """Everything wrong with a disputed move's input that can be told without the worker."""
    problems: list[InputProblem] = []
    text = (position_id or "").strip()
    if not text:
        problems.append(InputProblem("position_id", "position_missing", "Give the position."))
    else:
        try:
            position = Position.from_id(text, variant)
        except (PositionError, EngineError) as error:
            problems.append(InputProblem("position_id", error.code, error.message))
        else:
            unfinished = game_in_progress_problem(position)
            if unfinished:
                problems.append(InputProblem("position_id", "position_incomplete", unfinished))
    if dice is not None:
        try:
            check_dice(list(dice))
        except DiceError as error:
            problems.append(InputProblem("dice", error.code, error.message))
    try:
        parse_notation(notation or "")
    except NotationError as error:
        problems.append(InputProblem("notation", error.code, error.message))
    return problems


def variant_rules(variant: str, block_rule: str | None) -> NardyRules | None:
    """The engine's rule options a dispute is judged under: long nardy's block rule
    stored with it (the main rule when none is); None for backgammon."""
    if variant != "nardy":
        return None
    return NardyRules(block_rule=block_rule or NardyRules().block_rule)


def _board_id(board: np.ndarray) -> str:
    return encode_position_id(np.asarray(board, dtype=np.int8))


def check_move(
    variant: str, position_id: str, dice: tuple[int, int], notation: str, rules: Any = None
) -> dict[str, Any]:
    """The engine's verdict on ``notation`` played with ``dice`` from the position."""
    position = Position.from_id(position_id, variant)
    verdict = check_play(position, dice, notation, rules)
    claimed_id = ""
    if verdict.play is not None:  # legal: the claim gives the matching play's position
        claimed_id = verdict.play.position.id
    elif verdict.steps:
        engine_variant = get_variant(variant, rules)
        board = np.array(position.board, dtype=np.int8)
        for src, dst in verdict.steps:
            board = engine_variant.apply_step(board, src, dst)
        claimed_id = _board_id(board)
    plays = [
        {
            "notation": play.notation,
            "position_id": play.position.id,
            "steps": [list(step) for step in play.steps],
        }
        for play in verdict.legal_plays[:MAX_LISTED_PLAYS]
    ]
    return {
        "kind": "move",
        "block_rule": getattr(rules, "block_rule", None),
        "legal": verdict.legal,
        "code": verdict.code,
        "reason": verdict.reason,
        "play": verdict.play.notation if verdict.play is not None else None,
        "steps": [list(step) for step in verdict.steps],
        "claimed_position_id": claimed_id,
        "legal_play_count": len(verdict.legal_plays),
        "legal_plays": plays,
    }


def _decimal(value: Any) -> Decimal:
    return Decimal(str(value))


def check_result(
    claims: dict[str, Any],
    transcript_text: str | None,
    seats: tuple[int, int] | None,
    match_rules: Any = None,
    block_rule: str | None = None,
    start_score: tuple[int, int] = (0, 0),
) -> dict[str, Any]:
    """Which claimed result an attached transcript supports.

    ``claims["entered"]`` is the score entered (seat 1, seat 2); the other claim is that it
    is wrong. ``seats`` maps the transcript's left/right players to seats 1/2 (None when
    the names do not match the match's players). The moves of a long-nardy transcript
    are judged under ``block_rule`` (the match's; None: the file's own). Without a
    transcript there is nothing for the engine to replay and the director decides on
    the statements.
    """
    if not transcript_text:
        return {
            "kind": "result",
            "transcript": False,
            "code": "no_transcript",
            "reason": "No transcript is attached: the director decides on the two statements.",
            "supports": None,
        }
    try:
        record = read_transcript(transcript_text)
    except EngineError as error:
        return {
            "kind": "result",
            "transcript": True,
            "code": "transcript_unreadable",
            "reason": f"The transcript cannot be read: {error.message}",
            "supports": None,
        }
    rules = match_rules if _same_match(record, match_rules) else None
    # a file of the match starts at the match's starting score (``start_score``, the
    # file's columns: a handicap's spot)
    answer = replay(record, rules, block_rule=block_rule,
                    start_score=start_score if rules is not None else (0, 0))
    first = answer.errors[0] if answer.errors else None
    verdict: dict[str, Any] = {
        "kind": "result",
        "transcript": True,
        "block_rule": block_rule if record.variant == "nardy" else None,
        "valid": answer.valid,
        "players": list(answer.players),
        "score": [float(value) for value in answer.score],
        "first_error": None,
        "supports": None,
    }
    if first is not None:
        verdict["first_error"] = {
            "game": first.game,
            "turn": first.turn,
            "player": first.player,
            "text": first.text,
            "reason": first.reason,
            "code": first.code,
        }
        verdict["code"] = first.code
        verdict["reason"] = (
            f"Game {first.game}, turn {first.turn}: {first.text!r} breaks a rule. {first.reason}"
        )
        return verdict
    if seats is None:
        verdict["code"] = "players_differ"
        verdict["reason"] = "The transcript's players are not the players of this match."
        return verdict
    by_seat = {seats[0]: answer.score[0], seats[1]: answer.score[1]}
    file_score = [_decimal(by_seat[1]), _decimal(by_seat[2])]
    entered = [_decimal(value) for value in claims.get("entered", [])]
    length = getattr(match_rules, "length", 0) or 0
    if length:
        cap = Decimal(length)
        file_score = [min(value, cap) for value in file_score]
        entered = [min(value, cap) for value in entered]
    verdict["score_by_seat"] = [float(value) for value in file_score]
    if entered == file_score:
        verdict["supports"] = "entered"
        verdict["code"] = "supports_entered"
        verdict["reason"] = "Every move is legal and the transcript gives the result entered."
    else:
        verdict["supports"] = "disputer"
        verdict["code"] = "supports_disputer"
        verdict["reason"] = (
            "Every move is legal and the transcript gives a different result from the one entered."
        )
    return verdict


def _same_match(record: Any, rules: Any) -> bool:
    return (
        rules is not None
        and record.variant == getattr(rules, "variant", None)
        and record.match_length == getattr(rules, "length", None)
    )
