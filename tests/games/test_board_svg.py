"""The SVG board: valid XML, the right checkers on the right points, both variants."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from engine.position import Position
from games.board_svg import BoardPicture, picture_from_position, render_board, render_position

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def points(root: ET.Element) -> dict[tuple[int, int], ET.Element]:
    """(seat, viewer's point) -> its <g class="point">."""
    return {
        (int(g.get("data-seat")), int(g.get("data-point"))): g
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "point"
    }


def test_backgammon_start_has_every_checker_where_it_belongs() -> None:
    root = parse(render_position(Position.start("backgammon"), on_roll_seat=0))
    found = points(root)
    # The viewer (seat 0) at the bottom: 2 on 24, 5 on 13, 3 on 8, 5 on 6.
    expected_viewer = {24: 2, 13: 5, 8: 3, 6: 5}
    # The opponent's 24, 13, 8, 6 are the viewer's 1, 12, 17, 19.
    expected_opponent = {1: 2, 12: 5, 17: 3, 19: 5}
    assert {p: int(g.get("data-count")) for (s, p), g in found.items() if s == 0} == expected_viewer
    assert {p: int(g.get("data-count")) for (s, p), g in found.items() if s == 1} == (
        expected_opponent
    )
    for group in found.values():
        circles = [c for c in group.iter(f"{SVG}circle") if "checker" in c.get("class", "")]
        assert len(circles) == int(group.get("data-count"))
    assert len(list(root.iter(f"{SVG}polygon"))) == 24
    pips = {
        int(t.get("data-seat")): int(t.get("data-pips"))
        for t in root.iter(f"{SVG}text")
        if t.get("class") == "pips"
    }
    assert pips == {0: 167, 1: 167}


def test_the_viewer_sits_at_the_bottom() -> None:
    start = Position.start("backgammon")
    from_seat_1 = points(parse(render_position(start, on_roll_seat=1, viewer=1)))
    assert int(from_seat_1[(1, 24)].get("data-count")) == 2
    assert int(from_seat_1[(0, 1)].get("data-count")) == 2


def test_tall_stacks_show_five_checkers_and_a_count() -> None:
    seat0 = [0] * 25
    seat0[5], seat0[24] = 9, 2  # nine on the 6-point, two on the bar
    seat1 = [0] * 25
    seat1[0] = 15
    picture = BoardPicture("backgammon", (tuple(seat0), tuple(seat1)), cube=2, cube_owner=1)
    root = parse(render_board(picture))
    group = points(root)[(0, 6)]
    circles = list(group.iter(f"{SVG}circle"))
    assert len(circles) == 5
    assert [t.text for t in group.iter(f"{SVG}text")] == ["9"]
    bar = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "bar-checkers")
    assert bar.get("data-count") == "2"
    trays = {
        g.get("data-seat"): g.get("data-count")
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "tray"
    }
    assert trays == {"0": "4", "1": "0"}
    cube = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "cube")
    assert cube.get("data-value") == "2" and cube.get("data-owner") == "1"


def test_long_nardy_heads_are_on_opposite_corners() -> None:
    root = parse(render_position(Position.start("nardy"), on_roll_seat=0))
    found = points(root)
    assert {key: int(g.get("data-count")) for key, g in found.items()} == {(0, 24): 15, (1, 12): 15}


@pytest.mark.parametrize("play", ["24/18 13/11", "24/18* 18/13"])
def test_dice_and_arrows_of_a_play(play: str) -> None:
    root = parse(render_position(Position.start("backgammon"), dice=(6, 2), play=play))
    dice = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "dice")
    assert dice.get("data-dice") == "62"
    arrows = [line for line in root.iter(f"{SVG}line") if line.get("class") == "arrow"]
    assert [(a.get("data-from"), a.get("data-to")) for a in arrows] == [
        tuple(step.rstrip("*").split("/")) for step in play.split()
    ]


def test_names_are_escaped() -> None:
    picture = picture_from_position(Position.start("backgammon"), names=("<b>Ann</b>", "Bob & Co"))
    root = parse(render_board(picture))  # would not parse if the names were not escaped
    texts = "".join(
        "".join(t.itertext()) for t in root.iter(f"{SVG}text") if t.get("class") == "pips"
    )
    assert "<b>Ann</b>" in texts and "Bob & Co" in texts
