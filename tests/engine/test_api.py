"""The package-level API of engine-contract.md."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import engine
from engine.backgammon.selfplay import random_game_positions


def test_contract_names_are_importable_from_engine() -> None:
    for name in ("Position", "legal_plays", "check_play", "batch_generate", "EngineError",
                 "PositionError", "DiceError", "NotationError", "TranscriptError", "Play",
                 "Verdict", "get_variant", "MatchKey"):
        assert getattr(engine, name) is not None
    with pytest.raises(AttributeError):
        engine.no_such_name  # noqa: B018


def test_importing_errors_does_not_load_the_compiled_engine() -> None:
    code = ("import sys, engine.errors; "
            "print(any(m.startswith(('numba', 'engine.backgammon')) for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.strip() == "False"


def test_batch_generate_counts_and_offsets() -> None:
    boards, dice = random_game_positions(3, 200)
    counts, results = engine.batch_generate(boards, dice)
    assert counts.shape == (200,) and results.shape == (int(counts.sum()), 2, 25)
    offsets = np.concatenate([[0], np.cumsum(counts)])
    for i in (0, 57, 199):
        position = engine.Position(boards[i])
        plays = engine.legal_plays(position, (int(dice[i, 0]), int(dice[i, 1])))
        assert len(plays) == counts[i]
        ours = {bytes(b.tobytes()) for b in results[offsets[i]:offsets[i + 1]]}
        assert ours == {play.result.tobytes() for play in plays}


def test_batch_generate_rejects_bad_input() -> None:
    boards, dice = random_game_positions(3, 5)
    with pytest.raises(ValueError):
        engine.batch_generate(boards, dice[:4])
    with pytest.raises(ValueError):
        engine.batch_generate(boards, np.full((5, 2), 7))


def test_legal_plays_have_lazy_but_stable_fields() -> None:
    plays = engine.legal_plays(engine.Position.start(), (6, 5))
    notation = [play.notation for play in plays]
    assert "24/13" in notation
    assert [play.notation for play in plays] == notation
    play = plays[notation.index("24/13")]
    assert play.steps in (((24, 18), (18, 13)), ((24, 19), (19, 13)))
    assert play.position.id == "4HPwATDgc/ADIA"
    with pytest.raises(AttributeError):
        play.index = 0  # type: ignore[misc]
    assert play == engine.check_play(engine.Position.start(), (6, 5), "24/13").play
