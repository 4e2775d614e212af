"""Draw a board as SVG: 24 points, checkers with counts, bar, borne-off trays, pip counts,
dice, the cube and arrows for the steps of a play. Both variants; the viewer's side is at
the bottom with their home board on the right.

Each side's checkers come in its own numbering (engine-contract.md: index ``i`` is the
side's point ``i + 1``, index 24 its bar). The viewer's points are drawn 1–6 bottom right,
7–12 bottom left, 13–18 top left, 19–24 top right. The opponent's point ``q`` is the
viewer's point ``25 − q`` in backgammon and ``((q + 11) mod 24) + 1`` in long nardy, where
both sides travel the same way round.

The SVG carries data for machines too: every point is a ``<g class="point">`` with
``data-point`` (the viewer's number), ``data-seat`` and ``data-count``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import numpy as np

from engine.position import Position
from engine.transcript.moves import parse_steps
from engine.variants import get_variant

CHECKERS_PER_SIDE = 15
SHOWN_PER_POINT = 5

POINT_WIDTH = 36
RADIUS = POINT_WIDTH // 2 - 1
MARGIN = 10
LABEL_BAND = 14
BAR_WIDTH = 36
TRAY_GAP = 8
TRAY_WIDTH = 40
POINT_HEIGHT = 5 * 2 * RADIUS + 6
MIDDLE_BAND = 56
FOOTER = 26

BOARD_LEFT = MARGIN
BOARD_TOP = MARGIN + LABEL_BAND
BOARD_WIDTH = 12 * POINT_WIDTH + BAR_WIDTH
BOARD_HEIGHT = 2 * POINT_HEIGHT + MIDDLE_BAND
BOARD_BOTTOM = BOARD_TOP + BOARD_HEIGHT
TRAY_LEFT = BOARD_LEFT + BOARD_WIDTH + TRAY_GAP
WIDTH = TRAY_LEFT + TRAY_WIDTH + MARGIN
HEIGHT = BOARD_BOTTOM + LABEL_BAND + FOOTER
BAR_CENTRE_X = BOARD_LEFT + 6 * POINT_WIDTH + BAR_WIDTH / 2
MIDDLE_Y = BOARD_TOP + POINT_HEIGHT + MIDDLE_BAND / 2

COLOURS = {
    "board": "#e9dcc0",
    "frame": "#6b4f2a",
    "light_point": "#d9b779",
    "dark_point": "#8f5f3a",
    "bar": "#6b4f2a",
    "tray": "#c9b48f",
}
SEAT_FILL = ("#fbf7ee", "#2f2f35")
SEAT_STROKE = ("#6f6a5c", "#0e0e10")
SEAT_TEXT = ("#222", "#f5f5f5")
BEST_COLOUR = "#1f6f43"  # GNU Backgammon's best play: dashed green arrows


@dataclass(frozen=True)
class BoardPicture:
    """What to draw. ``checkers[s]`` is seat ``s``'s 25 counts in its own numbering.

    viewer: the seat drawn at the bottom. mover: whose dice and steps are shown.
    steps: the play as (from, to) in the mover's numbering (25 bar, 0 off).
    cube: the cube value (None when the cube is not in use); cube_owner: a seat or None.
    """

    variant: str
    checkers: tuple[tuple[int, ...], tuple[int, ...]]
    viewer: int = 0
    names: tuple[str, str] = ("", "")
    dice: tuple[int, int] | None = None
    mover: int | None = None
    steps: tuple[tuple[int, int], ...] = ()
    cube: int | None = None
    cube_owner: int | None = None
    title: str = ""
    # another play for the mover, drawn as dashed arrows (GNU Backgammon's best play)
    best_steps: tuple[tuple[int, int], ...] = ()


def picture_from_position(
    position: Position,
    *,
    on_roll_seat: int = 1,
    viewer: int | None = None,
    names: tuple[str, str] = ("", ""),
    dice: tuple[int, int] | None = None,
    play: str = "",
    cube: int | None = None,
    cube_owner: int | None = None,
    best: str = "",
) -> BoardPicture:
    """A picture of an engine Position (``board[1]`` on roll, sitting in ``on_roll_seat``).

    ``play``: the notation of the play to draw as arrows for the side on roll; ``best``:
    another play, drawn as dashed arrows (a better play than the one made).
    """
    rows = position.board
    on_roll = tuple(int(value) for value in rows[1])
    waiting = tuple(int(value) for value in rows[0])
    checkers = (on_roll, waiting) if on_roll_seat == 0 else (waiting, on_roll)
    return BoardPicture(
        variant=position.variant,
        checkers=checkers,  # type: ignore[arg-type]
        viewer=on_roll_seat if viewer is None else viewer,
        names=names,
        dice=dice,
        mover=on_roll_seat if dice or play else None,
        steps=tuple(parse_steps(play) or ()) if play else (),
        best_steps=tuple(parse_steps(best) or ()) if best else (),
        cube=cube,
        cube_owner=cube_owner,
        title=position.id,
    )


def render_position(position: Position, **options: object) -> str:
    """SVG of an engine Position; the options are those of picture_from_position."""
    return render_board(picture_from_position(position, **options))  # type: ignore[arg-type]


def viewer_point(picture: BoardPicture, seat: int, point: int) -> int:
    """The viewer's number (1–24) of ``seat``'s own point ``point``."""
    if seat == picture.viewer:
        return point
    if picture.variant == "nardy":
        return (point + 11) % 24 + 1
    return 25 - point


def point_column(point: int) -> tuple[int, bool]:
    """(column 0–11 from the left, is the top row) of the viewer's point."""
    if point <= 12:
        return 12 - point, False
    return point - 13, True


def column_x(column: int) -> float:
    """Left edge of a column."""
    return BOARD_LEFT + column * POINT_WIDTH + (BAR_WIDTH if column >= 6 else 0)


def checker_centre(point: int, index: int) -> tuple[float, float]:
    column, top = point_column(point)
    x = column_x(column) + POINT_WIDTH / 2
    offset = RADIUS + 1 + index * 2 * RADIUS
    return x, (BOARD_TOP + offset if top else BOARD_BOTTOM - offset)


def pip_counts(picture: BoardPicture) -> tuple[int, int]:
    board = np.array(picture.checkers, dtype=np.int8)
    return get_variant(picture.variant).pip_counts(board)


def describe(picture: BoardPicture) -> str:
    """The diagram in words, for screen readers (the SVG's title and accessible name):
    the game, the Position ID when known, each side's checkers and pip count, the dice."""
    from django.utils.translation import gettext as _

    game = _("Long nardy board") if picture.variant == "nardy" else _("Backgammon board")
    parts = [f"{game}."]
    if picture.title:
        parts.append(_("Position ID %(id)s.") % {"id": picture.title})
    pips = pip_counts(picture)
    for seat in (0, 1):
        name = picture.names[seat] or (_("White") if seat == 0 else _("Black"))
        on_bar = picture.checkers[seat][24] if len(picture.checkers[seat]) > 24 else 0
        off = borne_off(picture, seat)
        values = {"name": name, "board": sum(picture.checkers[seat]) - on_bar, "bar": on_bar,
                  "off": off, "pips": pips[seat]}
        if on_bar:
            parts.append(_("%(name)s: %(board)s on the board, %(bar)s on the bar, %(off)s borne "
                           "off, pip count %(pips)s.") % values)
        else:
            parts.append(_("%(name)s: %(board)s on the board, %(off)s borne off, pip count "
                           "%(pips)s.") % values)
    if picture.dice:
        parts.append(_("Dice %(first)s and %(second)s.") % {
            "first": picture.dice[0], "second": picture.dice[1]})
    return " ".join(parts)


def render_board(picture: BoardPicture) -> str:
    """The SVG text of a picture."""
    parts: list[str] = [_defs(), _frame()]
    parts += _points()
    parts += _labels()
    parts += _checkers(picture)
    parts += _bars(picture)
    parts += _trays(picture)
    if picture.cube is not None:
        parts.append(_cube(picture))
    if picture.dice is not None:
        parts.append(_dice(picture))
    parts += _arrows(picture)
    parts.append(_footer(picture))
    title = escape(describe(picture))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'class="board board-{picture.variant}" role="img" aria-label="{title}">'
        f"<title>{title}</title>{''.join(parts)}</svg>"
    )


def _defs() -> str:
    return (
        '<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="8" refY="5" '
        'markerWidth="5" markerHeight="5" orient="auto-start-reverse">'
        '<path d="M 0 0 L 10 5 L 0 10 z" fill="#c0392b"/></marker>'
        '<marker id="arrowhead-best" viewBox="0 0 10 10" refX="8" refY="5" '
        'markerWidth="5" markerHeight="5" orient="auto-start-reverse">'
        f'<path d="M 0 0 L 10 5 L 0 10 z" fill="{BEST_COLOUR}"/></marker></defs>'
    )


def _frame() -> str:
    return (
        f'<rect x="{BOARD_LEFT - 4}" y="{BOARD_TOP - 4}" width="{BOARD_WIDTH + 8}" '
        f'height="{BOARD_HEIGHT + 8}" rx="6" fill="{COLOURS["frame"]}"/>'
        f'<rect x="{BOARD_LEFT}" y="{BOARD_TOP}" width="{BOARD_WIDTH}" '
        f'height="{BOARD_HEIGHT}" fill="{COLOURS["board"]}"/>'
        f'<rect x="{BAR_CENTRE_X - BAR_WIDTH / 2}" y="{BOARD_TOP}" width="{BAR_WIDTH}" '
        f'height="{BOARD_HEIGHT}" fill="{COLOURS["bar"]}" class="bar"/>'
    )


def _points() -> list[str]:
    shapes = []
    for point in range(1, 25):
        column, top = point_column(point)
        left = column_x(column)
        fill = COLOURS["light_point"] if point % 2 else COLOURS["dark_point"]
        base = BOARD_TOP if top else BOARD_BOTTOM
        tip = BOARD_TOP + POINT_HEIGHT if top else BOARD_BOTTOM - POINT_HEIGHT
        shapes.append(
            f'<polygon class="triangle" points="{left},{base} {left + POINT_WIDTH},{base} '
            f'{left + POINT_WIDTH / 2},{tip}" fill="{fill}"/>'
        )
    return shapes


def _labels() -> list[str]:
    labels = []
    for point in range(1, 25):
        column, top = point_column(point)
        x = column_x(column) + POINT_WIDTH / 2
        y = BOARD_TOP - 8 if top else BOARD_BOTTOM + 12
        labels.append(
            f'<text x="{x}" y="{y}" font-size="9" text-anchor="middle" '
            f'fill="#555" class="point-label">{point}</text>'
        )
    return labels


def _checker(x: float, y: float, seat: int, label: str = "") -> str:
    circle = (
        f'<circle class="checker seat{seat}" cx="{x}" cy="{y}" r="{RADIUS}" '
        f'fill="{SEAT_FILL[seat]}" stroke="{SEAT_STROKE[seat]}" stroke-width="1.5"/>'
    )
    if not label:
        return circle
    return circle + (
        f'<text x="{x}" y="{y + 4}" font-size="12" font-weight="bold" text-anchor="middle" '
        f'fill="{SEAT_TEXT[seat]}" class="count">{label}</text>'
    )


def _stack(centres: Sequence[tuple[float, float]], seat: int, count: int) -> str:
    shown = min(count, SHOWN_PER_POINT)
    return "".join(
        _checker(x, y, seat, str(count) if count > SHOWN_PER_POINT and i == shown - 1 else "")
        for i, (x, y) in enumerate(centres[:shown])
    )


def _checkers(picture: BoardPicture) -> list[str]:
    groups = []
    for seat in (0, 1):
        for index in range(24):
            count = picture.checkers[seat][index]
            if count <= 0:
                continue
            point = viewer_point(picture, seat, index + 1)
            centres = [checker_centre(point, i) for i in range(SHOWN_PER_POINT)]
            groups.append(
                f'<g class="point" data-point="{point}" data-seat="{seat}" '
                f'data-count="{count}">{_stack(centres, seat, count)}</g>'
            )
    return groups


def _bar_centre(picture: BoardPicture, seat: int, index: int) -> tuple[float, float]:
    # The viewer enters in the top right, so their bar checkers wait in the upper half.
    upper = seat == picture.viewer
    offset = MIDDLE_BAND / 2 + RADIUS + 2 + index * 2 * RADIUS
    return BAR_CENTRE_X, MIDDLE_Y - offset if upper else MIDDLE_Y + offset


def _bars(picture: BoardPicture) -> list[str]:
    groups = []
    for seat in (0, 1):
        count = picture.checkers[seat][24] if len(picture.checkers[seat]) > 24 else 0
        if count <= 0:
            continue
        centres = [_bar_centre(picture, seat, i) for i in range(SHOWN_PER_POINT)]
        groups.append(
            f'<g class="bar-checkers" data-seat="{seat}" data-count="{count}">'
            f"{_stack(centres, seat, count)}</g>"
        )
    return groups


def borne_off(picture: BoardPicture, seat: int) -> int:
    return CHECKERS_PER_SIDE - sum(picture.checkers[seat])


def _tray_rect(picture: BoardPicture, seat: int) -> tuple[float, float]:
    """(top, bottom) of a seat's tray: the viewer's at the bottom."""
    if seat == picture.viewer:
        return BOARD_BOTTOM - POINT_HEIGHT, BOARD_BOTTOM
    return BOARD_TOP, BOARD_TOP + POINT_HEIGHT


def _trays(picture: BoardPicture) -> list[str]:
    parts = []
    slab = (POINT_HEIGHT - 6) / CHECKERS_PER_SIDE
    for seat in (0, 1):
        top, bottom = _tray_rect(picture, seat)
        off = borne_off(picture, seat)
        slabs = "".join(
            f'<rect x="{TRAY_LEFT + 4}" y="{bottom - 3 - (i + 1) * slab if seat == picture.viewer else top + 3 + i * slab}" '
            f'width="{TRAY_WIDTH - 8}" height="{slab - 1}" fill="{SEAT_FILL[seat]}" '
            f'stroke="{SEAT_STROKE[seat]}" stroke-width="0.8"/>'
            for i in range(max(0, min(off, CHECKERS_PER_SIDE)))
        )
        parts.append(
            f'<g class="tray" data-seat="{seat}" data-count="{off}">'
            f'<rect x="{TRAY_LEFT}" y="{top}" width="{TRAY_WIDTH}" height="{bottom - top}" '
            f'rx="3" fill="{COLOURS["tray"]}"/>{slabs}</g>'
        )
    return parts


def _cube(picture: BoardPicture) -> str:
    size = 26
    value = picture.cube if picture.cube and picture.cube > 1 else 64  # centred cube shows 64
    if picture.cube_owner is None:
        x, y = TRAY_LEFT + TRAY_WIDTH / 2, MIDDLE_Y
    elif picture.cube_owner == picture.viewer:
        x, y = TRAY_LEFT + TRAY_WIDTH / 2, MIDDLE_Y + MIDDLE_BAND / 2 - size / 2 - 1
    else:
        x, y = TRAY_LEFT + TRAY_WIDTH / 2, MIDDLE_Y - MIDDLE_BAND / 2 + size / 2 + 1
    return (
        f'<g class="cube" data-value="{picture.cube}" data-owner="{picture.cube_owner}">'
        f'<rect x="{x - size / 2}" y="{y - size / 2}" width="{size}" height="{size}" rx="4" '
        f'fill="#fff" stroke="#333"/><text x="{x}" y="{y + 5}" font-size="13" '
        f'font-weight="bold" text-anchor="middle">{value}</text></g>'
    )


PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.5), (0.75, 0.5), (0.25, 0.75), (0.75, 0.75)],
}


def _dice(picture: BoardPicture) -> str:
    assert picture.dice is not None
    size = 30
    mover = picture.mover if picture.mover is not None else picture.viewer
    # The mover's dice sit in the right half when the mover is the viewer, else the left.
    centre_x = column_x(9) if mover == picture.viewer else column_x(3)
    parts = []
    for index, die in enumerate(picture.dice):
        left = centre_x - size - 4 + index * (size + 8)
        top = MIDDLE_Y - size / 2
        dots = "".join(
            f'<circle cx="{left + fx * size}" cy="{top + fy * size}" r="3" '
            f'fill="{SEAT_TEXT[mover] if mover == 1 else "#222"}"/>'
            for fx, fy in PIPS.get(die, [])
        )
        parts.append(
            f'<rect x="{left}" y="{top}" width="{size}" height="{size}" rx="5" '
            f'fill="{SEAT_FILL[mover]}" stroke="{SEAT_STROKE[mover]}"/>{dots}'
        )
    return f'<g class="dice" data-dice="{picture.dice[0]}{picture.dice[1]}">{"".join(parts)}</g>'


def _place(picture: BoardPicture, seat: int, point: int) -> tuple[float, float]:
    """Where an arrow starts or ends for ``seat``'s own point (25 bar, 0 off)."""
    if point >= 25:
        return _bar_centre(picture, seat, 0)
    if point <= 0:
        top, bottom = _tray_rect(picture, seat)
        return TRAY_LEFT + TRAY_WIDTH / 2, (top + bottom) / 2
    shown = viewer_point(picture, seat, point)
    return checker_centre(shown, 1)


def _arrows(picture: BoardPicture) -> list[str]:
    """The play as solid red arrows; another play (the best one) as dashed green ones."""
    if picture.mover is None:
        return []
    played = 'class="arrow" data-step="{n}"', "#c0392b", 'stroke-opacity="0.8"', "arrowhead"
    best = 'class="arrow arrow-best" data-best-step="{n}"', BEST_COLOUR, 'stroke-dasharray="6 4"', (
        "arrowhead-best"
    )
    arrows = []
    for steps, (label, colour, style, marker) in ((picture.steps, played), (picture.best_steps, best)):
        for number, (src, dst) in enumerate(steps, start=1):
            x1, y1 = _place(picture, picture.mover, src)
            x2, y2 = _place(picture, picture.mover, dst)
            arrows.append(
                f'<line {label.format(n=number)} data-from="{src}" data-to="{dst}" '
                f'x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" stroke-width="3" '
                f'{style} marker-end="url(#{marker})"/>'
            )
    return arrows


def _footer(picture: BoardPicture) -> str:
    pips = pip_counts(picture)
    y = BOARD_BOTTOM + LABEL_BAND + FOOTER - 8
    texts = []
    for seat, anchor, x in (
        (1 - picture.viewer, "start", BOARD_LEFT),
        (picture.viewer, "end", WIDTH - MARGIN),
    ):
        name = escape(picture.names[seat]) if picture.names[seat] else f"{seat + 1}"
        texts.append(
            f'<text x="{x}" y="{y}" font-size="13" text-anchor="{anchor}" class="pips" '
            f'data-seat="{seat}" data-pips="{pips[seat]}">'
            f'<tspan fill="{SEAT_STROKE[seat]}">●</tspan> {name}: {pips[seat]}</text>'
        )
    return "".join(texts)
