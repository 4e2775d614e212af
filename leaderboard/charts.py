"""A player's rating history as a small server-rendered SVG line chart.

No JavaScript and no chart library: axes with tick labels, one point per rated match,
a line through them and the final rating written at the end. The drawing scales with
its container (``viewBox`` and ``width="100%"``), so it stays readable on a phone.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from django.utils.formats import date_format
from django.utils.translation import gettext as _

WIDTH, HEIGHT = 480, 280  # small enough that the 16-unit text stays legible on a phone
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 28, 44  # room for the axis labels
_NICE_STEPS = (1, 2, 2.5, 5, 10)
MIN_SPAN = 20.0  # rating points shown at least


@dataclass(frozen=True, slots=True)
class ChartPoint:
    """The rating after a match (the first point may be the starting rating)."""

    at: datetime.date
    rating: float
    note: str = ""  # shown as the point's tooltip, e.g. "won against Ana (7 points)"


def nice_step(span: float, ticks: int = 5) -> float:
    """A round tick step (1, 2, 2.5 or 5 times a power of ten) giving about ``ticks`` ticks."""
    raw = max(span, 1.0) / ticks
    power = 10 ** math.floor(math.log10(raw))
    return next(step * power for step in _NICE_STEPS if step * power >= raw)


def _ticks(low: float, high: float) -> list[float]:
    if high - low < MIN_SPAN:  # a flat history still gets a readable scale around it
        middle = (low + high) / 2
        low, high = middle - MIN_SPAN / 2, middle + MIN_SPAN / 2
    step = nice_step(high - low)
    first = math.floor(low / step) * step
    count = max(1, math.ceil((high - first) / step - 1e-9))  # the last tick covers ``high``
    return [round(first + step * n, 6) for n in range(count + 1)]


def rating_chart_svg(points: Sequence[ChartPoint], *, title: str) -> str:
    """The chart as an SVG document (a string that parses as XML)."""
    title_id = "rating-chart-title"
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="100%" role="img" aria-labelledby="{title_id}" class="rating-chart" '
        f'preserveAspectRatio="xMidYMid meet" font-family="system-ui, sans-serif" font-size="16">'
        f'<title id="{title_id}">{escape(title)}</title>'
    )
    if not points:
        message = escape(_("No rated matches yet."))
        return (
            f'{head}<text x="{WIDTH / 2}" y="{HEIGHT / 2}" text-anchor="middle" '
            f'fill="currentColor">{message}</text></svg>'
        )
    ratings = [point.rating for point in points]
    ticks = _ticks(min(ratings), max(ratings))
    low, high = ticks[0], max(ticks[-1], ticks[0] + 1)
    plot_width, plot_height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    last_index = max(len(points) - 1, 1)

    def x(index: int) -> float:
        return round(LEFT + plot_width * (index / last_index if len(points) > 1 else 0.5), 1)

    def y(rating: float) -> float:
        return round(TOP + plot_height * (1 - (rating - low) / (high - low)), 1)

    parts = [head, _axes(plot_width, plot_height)]
    for tick in ticks:
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick)}" y2="{y(tick)}" '
            f'stroke="currentColor" stroke-opacity="0.15"/>'
            f'<text x="{LEFT - 6}" y="{y(tick) + 4}" text-anchor="end" '
            f'fill="currentColor">{tick:g}</text>'
        )
    shown: set[datetime.date] = set()
    for index in _date_label_indexes(len(points)):
        if points[index].at in shown:
            continue  # one label per day is enough
        shown.add(points[index].at)
        label = escape(date_format(points[index].at, "SHORT_DATE_FORMAT"))
        anchor = "start" if index == 0 and len(points) > 1 else "middle"
        if index == len(points) - 1 and len(points) > 1:
            anchor = "end"
        parts.append(
            f'<text x="{x(index)}" y="{HEIGHT - BOTTOM + 18}" text-anchor="{anchor}" '
            f'fill="currentColor">{label}</text>'
        )
    line = " ".join(f"{x(i)},{y(p.rating)}" for i, p in enumerate(points))
    parts.append(
        f'<polyline points="{line}" fill="none" stroke="#1f77b4" stroke-width="2" '
        f'stroke-linejoin="round"/>'
    )
    for index, point in enumerate(points):
        tooltip = f"{date_format(point.at, 'SHORT_DATE_FORMAT')}: {point.rating:.2f}"
        if point.note:
            tooltip = f"{tooltip} — {point.note}"
        parts.append(
            f'<circle cx="{x(index)}" cy="{y(point.rating)}" r="3.5" fill="#1f77b4">'
            f"<title>{escape(tooltip)}</title></circle>"
        )
    final = points[-1]
    parts.append(
        f'<text x="{min(x(len(points) - 1), WIDTH - RIGHT)}" y="{y(final.rating) - 8}" '
        f'text-anchor="end" font-weight="bold" fill="currentColor">{final.rating:.2f}</text>'
    )
    axis_label = quoteattr(_("Rating"))
    parts.append(
        f'<text x="16" y="{TOP + plot_height / 2}" text-anchor="middle" fill="currentColor" '
        f'transform="rotate(-90 16 {TOP + plot_height / 2})" aria-label={axis_label}>'
        f"{escape(_('Rating'))}</text>"
    )
    parts.append("</svg>")
    return "".join(parts)


def _axes(plot_width: int, plot_height: int) -> str:
    bottom = TOP + plot_height
    return (
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{bottom}" stroke="currentColor"/>'
        f'<line x1="{LEFT}" y1="{bottom}" x2="{LEFT + plot_width}" y2="{bottom}" '
        f'stroke="currentColor"/>'
    )


def _date_label_indexes(count: int, labels: int = 3) -> list[int]:
    """First, last and a few evenly spaced points in between get a date label."""
    if count <= labels:
        return list(range(count))
    step = (count - 1) / (labels - 1)
    return sorted({round(step * n) for n in range(labels)})


# --- several series over dates, with a legend -------------------------------------------

# Colours that hold 3:1 against white and differ for colour-blind readers; the second
# and third series are dashed and dotted as well, so the legend does not rely on colour.
SERIES_STYLES = (("#1f5f99", ""), ("#b8480b", "7 4"), ("#2e7d32", "2 4"))


@dataclass(frozen=True, slots=True)
class Series:
    """One line of a history chart: a label for the legend and its dated points."""

    label: str
    points: Sequence[ChartPoint]


def history_chart_svg(
    series: Sequence[Series], *, title: str, y_label: str, css_class: str = "rating-chart",
    chart_id: str = "history-chart", steps: bool = False,
) -> str:
    """Several dated series on one time axis, with a legend (a line sample and the label
    of each series) above the plot. ``steps``: draw each series as a staircase (a value
    that holds until the next point, like a points total)."""
    title_id = f"{chart_id}-title"
    shown = [s for s in series if s.points]
    legend_rows = len(shown)  # one legend line per series, above the plot
    top = TOP + 20 * legend_rows
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="100%" role="img" aria-labelledby="{title_id}" class="{escape(css_class)}" '
        f'preserveAspectRatio="xMidYMid meet" font-family="system-ui, sans-serif" font-size="16">'
        f'<title id="{title_id}">{escape(title)}</title>'
    )
    if not shown:
        message = escape(_("Nothing to show yet."))
        return (f'{head}<text x="{WIDTH / 2}" y="{HEIGHT / 2}" text-anchor="middle" '
                f'fill="currentColor">{message}</text></svg>')
    values = [p.rating for s in shown for p in s.points]
    if steps:  # totals: from zero up
        step = nice_step(max(max(values), 1.0))
        ticks = [round(step * n, 6) for n in range(math.ceil(max(values) / step - 1e-9) + 1)]
        ticks = ticks if len(ticks) > 1 else [0.0, step]
    else:
        ticks = _ticks(min(values), max(values))
    low, high = ticks[0], max(ticks[-1], ticks[0] + 1)
    # Points are spread evenly in the order they happened (all series merged), so a day
    # with many matches stays readable; the axis names the dates of some of them.
    order = sorted(((p.at, n, i) for n, s in enumerate(shown) for i, p in enumerate(s.points)))
    rank = {(n, i): position for position, (_day, n, i) in enumerate(order)}
    last_rank = max(len(order) - 1, 1)
    plot_width, plot_height = WIDTH - LEFT - RIGHT, HEIGHT - top - BOTTOM

    def x_at(position: int) -> float:
        if len(order) == 1:
            return round(LEFT + plot_width / 2, 1)
        return round(LEFT + plot_width * position / last_rank, 1)

    def x(series_number: int, index: int) -> float:
        return x_at(rank[(series_number, index)])

    def y(value: float) -> float:
        return round(top + plot_height * (1 - (value - low) / (high - low)), 1)

    bottom = top + plot_height
    axes = (f'<line x1="{LEFT}" y1="{top}" x2="{LEFT}" y2="{bottom}" stroke="currentColor"/>'
            f'<line x1="{LEFT}" y1="{bottom}" x2="{WIDTH - RIGHT}" y2="{bottom}" '
            f'stroke="currentColor"/>')
    parts = [head, axes]
    for tick in ticks:
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick)}" y2="{y(tick)}" '
            f'stroke="currentColor" stroke-opacity="0.15"/>'
            f'<text x="{LEFT - 6}" y="{y(tick) + 4}" text-anchor="end" '
            f'fill="currentColor">{tick:g}</text>')
    labelled: set[datetime.date] = set()
    for position in _date_label_indexes(len(order)):
        day = order[position][0]
        if day in labelled:
            continue  # one label per day is enough
        labelled.add(day)
        anchor = "middle"
        if len(order) > 1 and position == 0:
            anchor = "start"
        elif len(order) > 1 and position == len(order) - 1:
            anchor = "end"
        parts.append(f'<text x="{x_at(position)}" y="{HEIGHT - BOTTOM + 18}" '
                     f'text-anchor="{anchor}" fill="currentColor">'
                     f'{escape(date_format(day, "SHORT_DATE_FORMAT"))}</text>')
    for number, line in enumerate(shown):
        colour, dash = SERIES_STYLES[number % len(SERIES_STYLES)]
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        coordinates: list[str] = []
        previous: ChartPoint | None = None
        for index, point in enumerate(line.points):
            if steps and previous is not None:
                coordinates.append(f"{x(number, index)},{y(previous.rating)}")
            coordinates.append(f"{x(number, index)},{y(point.rating)}")
            previous = point
        parts.append(f'<polyline points="{" ".join(coordinates)}" fill="none" stroke="{colour}" '
                     f'stroke-width="2.5" stroke-linejoin="round"{dashes}/>')
        for index, point in enumerate(line.points):
            tooltip = f"{line.label}, {date_format(point.at, 'SHORT_DATE_FORMAT')}: {point.rating:g}"
            if point.note:
                tooltip = f"{tooltip} — {point.note}"
            parts.append(f'<circle cx="{x(number, index)}" cy="{y(point.rating)}" r="3.5" '
                         f'fill="{colour}"><title>{escape(tooltip)}</title></circle>')
        # the legend: a sample of the line, the label and the latest value
        lx, ly = LEFT, TOP - 6 + number * 20
        last = line.points[-1].rating
        parts.append(
            f'<g class="legend-item"><line x1="{lx}" x2="{lx + 26}" y1="{ly - 5}" y2="{ly - 5}" '
            f'stroke="{colour}" stroke-width="3"{dashes}/>'
            f'<text x="{lx + 32}" y="{ly}" fill="currentColor">{escape(line.label)}: '
            f'{last:.0f}</text></g>')
    parts.append(
        f'<text x="16" y="{top + plot_height / 2}" text-anchor="middle" fill="currentColor" '
        f'transform="rotate(-90 16 {top + plot_height / 2})">{escape(y_label)}</text>')
    parts.append("</svg>")
    return "".join(parts)
