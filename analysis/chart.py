"""A server-drawn SVG line of a player's PR over their analysed matches (no script)."""

from __future__ import annotations

from decimal import Decimal
from html import escape

WIDTH, HEIGHT, MARGIN = 600, 220, 36


def pr_chart(values: list[Decimal], label: str) -> str:
    """The SVG text; lower PR is better, so the axis starts at 0 at the bottom."""
    if not values:
        return ""
    top = max(float(max(values)), 1.0) * 1.1
    count = len(values)

    def x(index: int) -> float:
        return MARGIN + (WIDTH - 2 * MARGIN) * (index / (count - 1) if count > 1 else 0.5)

    def y(value: Decimal) -> float:
        return HEIGHT - MARGIN - (HEIGHT - 2 * MARGIN) * float(value) / top

    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    dots = "".join(
        f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="4"><title>{v}</title></circle>'
        for i, v in enumerate(values)
    )
    ticks = "".join(
        f'<text x="{MARGIN - 6}" y="{y(Decimal(str(t))):.1f}" text-anchor="end" '
        f'font-size="12">{t:g}</text>'
        for t in (0, round(top / 2, 1), round(top, 1))
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(label)}" class="pr-chart">'
        f'<line x1="{MARGIN}" y1="{HEIGHT - MARGIN}" x2="{WIDTH - MARGIN}" '
        f'y2="{HEIGHT - MARGIN}" stroke="currentColor" stroke-opacity="0.4"/>{ticks}'
        f'<polyline points="{points}" fill="none" stroke="currentColor" stroke-width="2"/>'
        f"{dots}</svg>"
    )
