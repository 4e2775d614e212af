"""A match record as GNU Backgammon writes a `.mat` file (match-play.md §6.4, §6.6).

Whatever program wrote the record (Backgammon Galaxy, Studio, eXtreme Gammon, a person),
:func:`export_mat` writes it the way GNU Backgammon's export does, so that GNU Backgammon
imports it without a warning: every play as single steps in the mover's numbering
(``25`` the bar, ``0`` off, ``*`` on a hit), the loser's ``Losses`` cells folded into
the winner's line, every ``Wins`` line the full value of the game as the replay counts
it (not what the winner needed), and the score lines the running totals of those
values. A roll whose player resigned instead of playing is left out (the `.mat` layout
has no cell for it). Long nardy keeps its own dialect (``Variation "LongNardy"``).

From the first error of a game on (an illegal or unwritten play), nothing of that game
can be rewritten, so the rest of it is written as the record has it.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from engine.match import Points
from engine.position import Position
from engine.replay import replay, variant_rules_for
from engine.transcript import write_mat
from engine.transcript.model import MOVE, NOT_WRITTEN, WIN, Action, GameRecord, MatchRecord
from engine.transcript.moves import check_move
from engine.transcript.selfplay import play_text
from engine.variants import get_variant

__all__ = ["export_mat", "exported_record"]


def exported_record(
    record: MatchRecord, start_score: tuple[Points, Points] = (0, 0)
) -> MatchRecord:
    """The record as GNU Backgammon would hold it (see the module's docstring).
    ``start_score`` (left column first): where the match started (a handicap's spot);
    the running totals count from there."""
    verdict = replay(record, start_score=start_score)
    counted: dict[int, Points] = {game.number: game.points for game in verdict.games}
    variant_rules = variant_rules_for(record)
    variant = get_variant(record.variant, variant_rules)
    games = []
    for game in record.games:
        actions = _plays_as_gnubg_writes(game, variant, variant_rules)
        if game.number in counted:
            actions = [
                replace(action, value=counted[game.number]) if action.kind == WIN else action
                for action in actions
            ]
        # a match's score lines are the running totals (write_mat adds them up);
        # a money session's, which need not add up, stay as written
        score = game.score if not record.rules.is_match else None
        if record.rules.is_match and not games:
            score = start_score
        games.append(GameRecord(game.number, score, tuple(actions), line=game.line))
    return replace(record, games=tuple(games))


def export_mat(record: MatchRecord, start_score: tuple[Points, Points] = (0, 0)) -> str:
    """The `.mat` text of ``record`` in GNU Backgammon's layout."""
    return write_mat(exported_record(record, start_score))


def _plays_as_gnubg_writes(game: GameRecord, variant, variant_rules) -> list[Action]:
    board = variant.start_board()
    on_roll: int | None = None
    actions = list(game.actions)
    written: list[Action] = []
    for index, action in enumerate(actions):
        if action.kind != MOVE or board is None:
            written.append(action)
            continue
        assert action.dice is not None
        if on_roll is not None and on_roll != action.player:
            board = np.ascontiguousarray(board[::-1])
        on_roll = action.player
        if action.play == NOT_WRITTEN:
            written.append(action)
            board = None
            continue
        result = check_move(variant, board, action.dice, action.play, variant_rules)
        if not result.legal:
            following = actions[index + 1] if index + 1 < len(actions) else None
            resigned = (
                not action.play
                and following is not None
                and following.kind == WIN
                and following.player != action.player
            )
            if not resigned:
                written.append(action)
                board = None
            continue
        assert result.board is not None
        written.append(replace(action, play=_steps_text(variant, board, action.dice,
                                                        result.board, variant_rules)))
        board = result.board
    return written


def _steps_text(variant, board: np.ndarray, dice: tuple[int, int], after: np.ndarray,
                variant_rules) -> str:
    """The play from ``board`` to ``after`` written one step per die, as GNU Backgammon
    writes it."""
    from engine.plays import legal_plays

    wanted = after.astype(np.int8).tobytes()
    for play in legal_plays(Position(board, variant.name), dice, variant_rules):
        if play.result.astype(np.int8).tobytes() == wanted:
            return play_text(variant, board, list(play.steps))
    return ""  # no legal play: the dice alone
