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


def test_batch_generate_refuses_boards_that_cannot_occur() -> None:
    """The compiled generator never sees an impossible board (it does not check bounds)."""
    from engine.errors import PositionError
    from engine.nardy.selfplay import self_play

    boards, dice = random_game_positions(3, 5)
    for change, code in (((2, 1, 3), -1), ((2, 1, 3), 20), ((1, 1, 3), 256)):
        bad = boards.astype(np.int64)
        bad[change] = code
        with pytest.raises(PositionError) as caught:
            engine.batch_generate(bad, dice)
        assert caught.value.message.startswith(f"Board {change[0]}: ")
    shared = np.zeros((1, 2, 25), dtype=np.int8)
    shared[0, 1, 0], shared[0, 0, 23] = 1, 1
    with pytest.raises(PositionError) as caught:
        engine.batch_generate(shared, np.array([[1, 2]]))
    assert caught.value.code == "point_shared"
    with pytest.raises(ValueError):
        engine.batch_generate(boards, dice + 0.5)
    assert engine.batch_generate(boards, dice.astype(float))[0].tolist() == (
        engine.batch_generate(boards, dice)[0].tolist())
    sample = self_play(40, seed=2)
    on_bar = sample.boards.copy()
    on_bar[7, 1, 24] = 1
    on_bar[7, 1, np.nonzero(on_bar[7, 1, :24])[0][0]] -= 1
    with pytest.raises(PositionError) as caught:
        engine.batch_generate(on_bar, sample.dice, "nardy")
    assert caught.value.code == "checker_on_bar" and "Board 7" in caught.value.message
    facing = np.zeros((1, 2, 25), dtype=np.int8)
    facing[0, 1, 0], facing[0, 0, 12] = 1, 1  # my 1-point is their 13-point in nardy
    with pytest.raises(PositionError):
        engine.batch_generate(facing, np.array([[1, 2]]), "nardy")
    assert engine.batch_generate(facing, np.array([[1, 2]]), "backgammon")[0].tolist() == [1]
