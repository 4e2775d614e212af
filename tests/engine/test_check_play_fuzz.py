"""check_play against anything a person or a program may write (rules-backgammon.md
section 10.3, rules-long-nardy.md section 10), in both variants.

* Any text gets a Verdict, never an exception: a reason that starts ``Legal: `` or
  ``Illegal: `` and ends with a full stop, a code exactly when illegal.
* Every legal play, written canonically or in the other accepted spellings (bar as ``25``
  or ``b``, off as ``0`` or ``o``, single steps, every intermediate point, moves in any
  order, commas, a dice prefix), is ruled legal and matched to the same play.
* A written route that cannot be carried out is illegal even when its end position is
  legal (the result must be reached step by step).
"""

from __future__ import annotations

import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.notation import ParsedPlay, parse_notation
from engine.plays import Play, legal_plays
from engine.position import Position
from engine.verdicts import Verdict, check_play
from tests.engine.nardy.test_properties import positions as nardy_boards
from tests.engine.test_properties import positions as backgammon_positions

dice_rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))
any_position = st.one_of(backgammon_positions(),
                         nardy_boards().map(lambda board: Position(board, "nardy")))

point_words = st.one_of(
    st.integers(0, 26).map(str), st.sampled_from(
        ["bar", "b", "off", "o", "BAR", "Off", "25", "0", "00", "024", "٣", "²", "1e1", "-1",
         "", " ", "x"]))
move_texts = st.builds(
    lambda points, stars, repeat: "/".join(p + s for p, s in zip(points, stars)) + repeat,
    st.lists(point_words, min_size=1, max_size=5),
    st.lists(st.sampled_from(["", "", "*", "**", " *"]), min_size=5, max_size=5),
    st.sampled_from(["", "", "(2)", "(3)", "(4)", "(0)", "(5)", "(9)", "( 2 )", "(2", "2)"]),
)
junk = st.sampled_from(["Ø", "ø", "-", "—", "(no move)", "no move", "Cannot Move", "pass", "''",
                        "6/1, Ø", "62:", "6-2:", "62: ", "\u200b", "\ufeff", "\x00", "🎲",
                        "\t", "\n", "\r\n", ";", ",,", "/", "//", "*", "(2)", "24//18",
                        "24/18/", "/18", "13\\8", "13-8", "13 / 8", "13/8 *", "bar / 22"])
notations = st.one_of(
    st.lists(st.one_of(move_texts, junk), max_size=6).flatmap(
        lambda parts: st.sampled_from([" ", ", ", ",", "  ", ";"]).map(lambda sep: sep.join(parts))),
    st.text(max_size=30),
    st.text(alphabet="0123456789/*()bar offØ,-: ", max_size=30),
)


def assert_well_formed(verdict: Verdict, position: Position, roll: tuple[int, int]) -> None:
    assert isinstance(verdict, Verdict)
    assert isinstance(verdict.reason, str) and verdict.reason.endswith(".")
    plays = legal_plays(position, roll)
    assert {p.position for p in verdict.legal_plays} == {p.position for p in plays}
    if verdict.legal:
        assert verdict.code is None and verdict.reason.startswith("Legal: ")
        assert verdict.play is not None or not plays
        if verdict.play is not None:
            assert verdict.play in plays
    else:
        assert isinstance(verdict.code, str) and verdict.code
        assert verdict.reason.startswith("Illegal: ")
        assert verdict.play is None


@settings(deadline=None, max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(any_position, dice_rolls, notations)
def test_any_written_play_gets_a_verdict(position: Position, roll: tuple[int, int],
                                         text: str) -> None:
    started = time.process_time()
    verdict = check_play(position, roll, text)
    assert time.process_time() - started < 5, f"{text!r} took too long"
    assert_well_formed(verdict, position, roll)
    if position.variant == "nardy" and "*" in text and verdict.code not in (
            None, "unreadable_notation"):
        assert verdict.code in ("hit_in_nardy", "no_bar"), (text, verdict.code)


@settings(deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(any_position, dice_rolls, st.data())
def test_written_legal_plays_are_legal(position: Position, roll: tuple[int, int],
                                       data: st.DataObject) -> None:
    plays = legal_plays(position, roll)
    if not plays:
        for marker in ("", "Ø", "(no move)", "Cannot Move"):
            assert check_play(position, roll, marker).legal
        return
    for play in data.draw(st.lists(st.sampled_from(plays), min_size=1, max_size=6,
                                   unique_by=lambda p: p.position.id)):
        spellings = {play.notation, *_spellings(play, roll, data)}
        for text in spellings:
            verdict = check_play(position, roll, text)
            assert verdict.legal, (position.id, roll, text, verdict.reason)
            assert verdict.play == play, (text, verdict.play, play)


def _spellings(play: Play, roll: tuple[int, int], data: st.DataObject) -> list[str]:
    """Other ways to write the same play that section 10.3 accepts."""
    backgammon = play.before.variant == "backgammon"
    board = play.before.board
    steps = list(play.steps)
    hits = []
    opposing = board[0].tolist()
    for _src, dst in steps:  # a stop on a lone opposing checker hits it
        hit = backgammon and dst != 0 and opposing[24 - dst] == 1
        if hit:
            opposing[24 - dst] = 0
        hits.append(hit)

    def point(p: int, bar: str, off: str) -> str:
        return bar if p == 25 else off if p == 0 else str(p)

    bar = data.draw(st.sampled_from(["bar", "25", "b", "Bar"])) if backgammon else "bar"
    off = data.draw(st.sampled_from(["off", "0", "o", "OFF"]))
    singles = [f"{point(s, bar, off)}/{point(t, bar, off)}{'*' if h else ''}"
               for (s, t), h in zip(steps, hits)]
    order = data.draw(st.permutations(singles))
    prefix = data.draw(st.sampled_from([f"{roll[0]}{roll[1]}: ", f"{roll[0]}-{roll[1]}: "]))
    texts = [" ".join(singles), ", ".join(order), prefix + " ".join(order)]
    canonical = play.notation
    texts.append(canonical.replace("off", off).replace("bar", bar) if backgammon
                 else canonical.replace("off", off))
    return texts


@pytest.mark.parametrize(("variant", "pid", "dice", "written", "code"), [
    # B5: 6 first is blocked (14 held), so 20/13 must go via 19; writing the 14 is illegal
    ("backgammon", "3vuAAQD/PwAAAg", (6, 1), "20/14/13", "point_blocked"),
    ("backgammon", "3vuAAQD/PwAAAg", (6, 1), "20/14 14/13", "point_blocked"),
    ("backgammon", "3vuAAQD/PwAAAg", (6, 1), "20/13", None),
    ("backgammon", "3vuAAQD/PwAAAg", (6, 1), "20/19/13", None),
    ("backgammon", "3vuAAQD/PwAAAg", (6, 1), "19/13 20/19", None),  # any order of moves
    # B17: 6/2 2/off and 6/3 3/off both reach {2:2}; bearing off the 2 first is illegal
    ("backgammon", "+L4PAACGAAAAAA", (4, 3), "6/2 2/off", None),
    ("backgammon", "+L4PAACGAAAAAA", (4, 3), "6/3 3/off", None),
    ("backgammon", "+L4PAACGAAAAAA", (4, 3), "2/off 6/2", None),  # carried out in a legal order
    # N13: 16/5 via 10 is open, via 11 blocked
    ("nardy", "AACE/j8AgAD/Pw", (6, 5), "16/5", None),
    ("nardy", "AACE/j8AgAD/Pw", (6, 5), "16/10/5", None),
    ("nardy", "AACE/j8AgAD/Pw", (6, 5), "16/11/5", "point_occupied"),
    ("nardy", "AACE/j8AgAD/Pw", (6, 5), "16/11 11/5", "point_occupied"),
    # N12: both intermediate points of 16/5 blocked: no route at all
    ("nardy", "AABB/T8AgAH+Pw", (6, 5), "16/5", "point_occupied"),
])
def test_the_route_as_written_must_be_playable(variant: str, pid: str, dice: tuple[int, int],
                                                written: str, code: str | None) -> None:
    verdict = check_play(Position.from_id(pid, variant), dice, written)
    assert verdict.code == code, verdict.reason
    assert verdict.legal == (code is None)


def test_b20_unmarked_combined_move_is_the_non_hitting_route() -> None:
    position = Position.from_id("4Dn4IDDgc/ABMA")
    quiet = check_play(position, (6, 2), "13/5")
    hit = check_play(position, (6, 2), "13/7*/5")
    assert quiet.legal and hit.legal and quiet.play != hit.play
    assert quiet.play is not None and quiet.play.position.board[0, 24] == 0
    assert hit.play is not None and hit.play.position.board[0, 24] == 1


def test_parse_notation_never_raises_anything_but_notation_errors() -> None:
    from engine.errors import NotationError

    for text in ("٣/١", "24/18" * 1000, "(no move) 24/18", "8/5(2)(2)", "\x00", "24/18*" * 5,
                 "bar/off", "off/bar", "25/25", "0/0", "99/1", "24/-1", None, 24, b"24/18"):
        try:
            parsed = parse_notation(text)  # type: ignore[arg-type]
        except NotationError:
            continue
        assert isinstance(parsed, ParsedPlay)


@settings(deadline=None, max_examples=100)
@given(st.lists(st.sampled_from(["24/23", "13/7", "8/5(2)", "6/3(4)", "bar/22", "6/off",
                                 "24/18/13", "13/11*"]), min_size=4, max_size=40),
       dice_rolls)
def test_long_plays_are_ruled_quickly(moves: list[str], roll: tuple[int, int]) -> None:
    position = Position.from_id("4HPwATDgc/ABUA")
    started = time.process_time()
    verdict = check_play(position, roll, " ".join(moves))
    assert time.process_time() - started < 2
    assert not verdict.legal and verdict.code


def test_results_match_the_positions_the_verdict_names() -> None:
    """A legal verdict's steps, replayed, give the play's position."""
    from engine.backgammon.selfplay import mixed_sample
    from engine.variants import get_variant

    rng = np.random.default_rng(3)
    boards, dice = mixed_sample(seed=77, n=400)
    variant = get_variant("backgammon")
    for board, roll in zip(boards, dice):
        position = Position(board)
        plays = legal_plays(position, tuple(int(d) for d in roll))
        if not plays:
            continue
        play = plays[int(rng.integers(len(plays)))]
        verdict = check_play(position, tuple(int(d) for d in roll), play.notation)
        assert verdict.legal and verdict.play == play
        after = np.array(board)
        for src, dst in verdict.steps:
            after = variant.apply_step(after, src, dst)
        assert np.array_equal(after, play.result)
