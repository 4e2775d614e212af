"""A player's ladder positions over time as a server-rendered SVG (no script, no library),
drawn like the rating charts: it scales with its container, so it reads on a phone.

Position 1 is at the top. A position holds until the next move, so the line is a
staircase; time off the ladder (left, dropped) is a gap.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from django.utils.formats import date_format
from django.utils.translation import gettext as _

WIDTH, HEIGHT = 480, 280
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 20, 44
COLOUR = "#1f5f99"  # 3:1 against white and against Pico's dark background


@dataclass(frozen=True, slots=True)
class PositionPoint:
    at: datetime.datetime
    position: int | None  # None: off the ladder from here
    note: str = ""


def _ticks(lowest: int) -> list[int]:
    """Positions labelled on the axis: 1, the lowest, and a few round ones between."""
    if lowest <= 6:
        return list(range(1, lowest + 1))
    step = max(1, round(lowest / 5))
    return sorted({1, lowest, *range(step, lowest, step)})


def position_chart_svg(points: Sequence[PositionPoint], *, title: str,
                       until: datetime.datetime, chart_id: str = "ladder-chart") -> str:
    """The chart as an SVG document; ``until`` is the right edge (now)."""
    title_id = f"{chart_id}-title"
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" '
        f'role="img" aria-labelledby="{title_id}" class="ladder-chart" '
        f'preserveAspectRatio="xMidYMid meet" font-family="system-ui, sans-serif" font-size="16">'
        f'<title id="{title_id}">{escape(title)}</title>'
    )
    placed = [p.position for p in points if p.position is not None]
    if not placed:
        return (f'{head}<text x="{WIDTH / 2}" y="{HEIGHT / 2}" text-anchor="middle" '
                f'fill="currentColor">{escape(_("Nothing to show yet."))}</text></svg>')
    lowest = max(max(placed), 2)
    start = points[0].at
    span = max((until - start).total_seconds(), 1.0)
    plot_width, plot_height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(at: datetime.datetime) -> float:
        return round(LEFT + plot_width * min(max((at - start).total_seconds() / span, 0), 1), 1)

    def y(position: int) -> float:
        return round(TOP + plot_height * (position - 1) / (lowest - 1), 1)

    bottom = TOP + plot_height
    parts = [head,
             f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{bottom}" stroke="currentColor"/>',
             (f'<line x1="{LEFT}" y1="{bottom}" x2="{WIDTH - RIGHT}" y2="{bottom}" '
              f'stroke="currentColor"/>')]
    for tick in _ticks(lowest):
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick)}" y2="{y(tick)}" '
                     f'stroke="currentColor" stroke-opacity="0.15"/>'
                     f'<text x="{LEFT - 6}" y="{y(tick) + 5}" text-anchor="end" '
                     f'fill="currentColor">{tick}</text>')
    for at, anchor in ((start, "start"), (until, "end")):
        parts.append(f'<text x="{x(at)}" y="{HEIGHT - BOTTOM + 20}" text-anchor="{anchor}" '
                     f'fill="currentColor">{escape(date_format(at, "SHORT_DATE_FORMAT"))}</text>')
    # The staircase: each position holds until the next point (or ``until``).
    runs: list[list[str]] = []
    for index, point in enumerate(points):
        end = points[index + 1].at if index + 1 < len(points) else until
        if point.position is None:
            continue
        segment = [f"{x(point.at)},{y(point.position)}", f"{x(end)},{y(point.position)}"]
        if runs and index and points[index - 1].position is not None:
            runs[-1].extend(segment)
        else:
            runs.append(segment)
    for run in runs:
        parts.append(f'<polyline points="{" ".join(run)}" fill="none" stroke="{COLOUR}" '
                     f'stroke-width="2.5" stroke-linejoin="round"/>')
    for point in points:
        if point.position is None:
            continue
        tooltip = f"{date_format(point.at, 'SHORT_DATE_FORMAT')}: {point.position}"
        if point.note:
            tooltip = f"{tooltip} — {point.note}"
        parts.append(f'<circle cx="{x(point.at)}" cy="{y(point.position)}" r="4" '
                     f'fill="{COLOUR}"><title>{escape(tooltip)}</title></circle>')
    label = escape(_("Position"))
    parts.append(f'<text x="16" y="{TOP + plot_height / 2}" text-anchor="middle" '
                 f'fill="currentColor" transform="rotate(-90 16 {TOP + plot_height / 2})">'
                 f'{label}</text></svg>')
    return "".join(parts)
