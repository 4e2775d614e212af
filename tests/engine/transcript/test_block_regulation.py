"""A long-nardy match judged under the regulation of the event it was played in.

The transcript's ``BlockRule`` tag says which six-point block regulation the players
used; an event's own regulation overrides it (``replay(..., block_rule=...)``, the check
command's ``--block-rule``), so the same moves can be legal under one regulation and
illegal under another (rules-long-nardy.md section 7).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from engine.check_cli import main as check_main
from engine.match import MatchRules
from engine.nardy.rules import NardyRules
from engine.nardy.selfplay import longest_run
from engine.replay import replay
from engine.transcript import write_mat
from engine.transcript.layout import numbered
from engine.transcript.model import MOVE, WIN, Action, GameRecord, MatchRecord
from engine.transcript.selfplay import play_text
from engine.variants import get_variant


def _game(seed: int) -> tuple[list[Action], int | None]:
    """A game played without the block rule, the first player always making the longest
    run of points it can; the index of its first play that the main rule forbids."""
    rng = np.random.default_rng(seed)
    free = get_variant("nardy", NardyRules(block_rule="off"))
    strict = get_variant("nardy", NardyRules(block_rule="ahead"))
    board, player, actions, blocked = free.start_board(), 0, [], None
    while True:
        d1, d2 = (int(d) for d in rng.integers(1, 7, size=2))
        plays = free.generate(board, d1, d2)
        text = ""
        if len(plays):
            if player == 0:
                runs = np.array([longest_run(b) for b in plays.boards])
                pick = int(rng.choice(np.flatnonzero(runs == runs.max())))
            else:
                pick = int(rng.integers(len(plays)))
            steps = [tuple(s) for s in plays.steps[pick, : plays.nsteps[pick]].tolist()]
            text = play_text(free, board, steps)
            after = plays.boards[pick]
            allowed = strict.generate(board, d1, d2).boards
            if blocked is None and not any(np.array_equal(after, b) for b in allowed):
                blocked = len(actions)
            board = np.array(after)
        actions.append(Action(MOVE, player, 0, (d1, d2), text))
        if board[1, :24].sum() == 0:
            points = {"oin": 1, "mars": 2}[free.outcome(board) or ""]
            actions.append(Action(WIN, player, 0, value=points))
            return actions, blocked
        board, player = np.ascontiguousarray(board[::-1]), 1 - player


@cache
def blocking_match() -> tuple[MatchRecord, Action]:
    """A 1-point match played without the block rule in which a block is made."""
    for seed in range(50):
        actions, blocked = _game(seed)
        if blocked is not None:
            played = numbered(actions)
            game = GameRecord(1, (0, 0), played)
            record = MatchRecord("nardy", 1, ("Aida", "Boris"), (game,),
                                 MatchRules.for_variant("nardy", 1),
                                 options=(("BlockRule", "off"),))
            return record, played[blocked]
    raise AssertionError("no seed made a block")


def test_the_tag_and_the_events_regulation() -> None:
    record, block = blocking_match()
    assert replay(record).valid  # the players' own regulation: no block rule
    assert replay(record, block_rule="off").valid
    judged = replay(record, block_rule="ahead")
    first = judged.errors[0]
    assert (first.game, first.turn, first.code) == (1, block.turn, "six_block")
    assert first.text == block.text and "block of six points" in first.reason


def test_the_check_command_takes_the_regulation(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    record, block = blocking_match()
    path = tmp_path / "match.mat"
    path.write_text(write_mat(record))
    assert check_main([str(path)]) == 0
    capsys.readouterr()
    assert check_main(["--block-rule", "ahead", str(path)]) == 1
    answer = json.loads(capsys.readouterr().out)
    assert (answer["errors"][0]["game"], answer["errors"][0]["turn"]) == (1, block.turn)
    assert check_main(["--block-rule", "sideways", str(path)]) == 2
    assert "sideways" in capsys.readouterr().err
