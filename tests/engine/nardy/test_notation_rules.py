"""Long-nardy notation (rules-long-nardy.md section 10): no hits, no bar; ``off``/``0``."""

from __future__ import annotations

import pytest

from engine import Position, check_play
from engine.errors import NotationError
from engine.notation import parse_notation, resolve

START = "AACA/z8AAID/Pw"
N13 = "AACE/j8AgAD/Pw"  # W 24:14 16:1, Black on W7, W11, W12
N22 = "vu8DAABPbgAAAA"  # W 6:2 5:3 3:1 1:4, bearing off


@pytest.mark.parametrize("pid, dice, written", [
    (START, (6, 5), "24/18* 18/13"),
    (START, (6, 5), "24/18 18/13*"),
    (START, (6, 5), "24/13*"),
    (START, (6, 5), "24*/13"),
    (START, (6, 5), "24/18*/13"),
    (START, (6, 6), "24/18*(2)"),
    (N13, (6, 5), "16/10*/5"),
    (N22, (6, 5), "6/off* 5/off"),
])
def test_a_hit_marker_is_an_error(pid: str, dice: tuple[int, int], written: str) -> None:
    verdict = check_play(Position.from_id(pid, "nardy"), dice, written)
    assert not verdict.legal
    assert verdict.code == "hit_in_nardy", verdict.reason
    assert "no hitting" in verdict.reason and "*" in verdict.reason
    assert verdict.reason.startswith("Illegal: ") and verdict.reason.endswith(".")
    assert verdict.legal_plays  # the legal plays are still offered


@pytest.mark.parametrize("written", ["25/19", "bar/19", "b/19", "bar/19 24/13", "24/13 25/14",
                                     "BAR/19", "25/14"])
def test_the_bar_is_an_error(written: str) -> None:
    verdict = check_play(Position.from_id(START, "nardy"), (6, 5), written)
    assert not verdict.legal
    assert verdict.code == "no_bar", verdict.reason
    assert "no bar" in verdict.reason


def test_resolve_refuses_them_too() -> None:
    """The transcript reader expands moves with ``resolve``: the same rule applies."""
    position = Position.from_id(START, "nardy")
    with pytest.raises(NotationError) as caught:
        resolve(position, (6, 5), parse_notation("24/18* 18/13"))
    assert caught.value.code == "hit_in_nardy"
    with pytest.raises(NotationError) as caught:
        resolve(position, (6, 5), parse_notation("25/14"))
    assert caught.value.code == "no_bar"


@pytest.mark.parametrize("pid, dice, written", [
    (START, (6, 5), "24/13"),
    (START, (6, 5), "24/18 18/13"),
    (START, (6, 5), "24/18/13"),
    (START, (6, 6), "24/18(2)"),
    (START, (6, 6), "24/18 24/18"),
    (START, (3, 3), "24/15, 24/21"),
    (N22, (6, 5), "6/off 5/off"),
    (N22, (6, 5), "6/0 5/0"),
    (N22, (6, 5), "6/o 5/o"),
    (N22, (6, 5), "6/off 6/1"),
    (N22, (6, 5), "65: 6/0 6/1"),
])
def test_what_section_10_accepts(pid: str, dice: tuple[int, int], written: str) -> None:
    verdict = check_play(Position.from_id(pid, "nardy"), dice, written)
    assert verdict.legal, verdict.reason


def test_backgammon_still_reads_hits_and_the_bar() -> None:
    assert check_play(Position.from_id("4HPwATDgc/ABMA"), (6, 5), "24/18* 18/13").legal
    assert check_play(Position.from_id("4HPwATDgc/ABUA"), (6, 4), "bar/21 24/18").legal
    assert check_play(Position.from_id("4HPwATDgc/ABUA"), (6, 4), "25/21 24/18").legal
