"""GNU Backgammon's analysis laid over a transcript's replay: which decision each step of
the replay is, and the winning chances over the match.

The replay (``games.transcript_view``) has a step per action of the file; the analysis
has a decision per move or cube action GNU Backgammon analysed, game by game, in order.
They are matched in order within each game: a decision takes the next step of the same
kind by the same player (and, for a move, the same roll); a step GNU Backgammon did not
analyse (a roll with no legal move, a resignation) has no decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from django.utils.translation import gettext

from analysis.models import GameAnalysis, MatchAnalysis
from engine.transcript.model import DOUBLE, DROP, MOVE, TAKE

# GNU Backgammon's decision kinds -> the replay's action kinds
STEP_KINDS = {"move": MOVE, "double": DOUBLE, "take": TAKE, "pass": DROP}


@dataclass(frozen=True)
class ChancePoint:
    step: int  # the replay step (index) after which this is the chance
    game: int  # the game's number in the file
    win: float  # the left column's chance to win the game, 0 to 1


def _sides(analysis: MatchAnalysis) -> dict[str, int]:
    names = list(analysis.file_players or [])
    return {str(name): side for side, name in enumerate(names[:2])}


def _same_roll(decision: dict[str, Any], dice: tuple[int, int] | None) -> bool:
    wanted = decision.get("dice")
    if not wanted or dice is None:
        return True
    return sorted(wanted) == sorted(dice)


def decisions_by_step(analysis: MatchAnalysis, steps: tuple[Any, ...]) -> dict[int, dict]:
    """The replay step (index) -> the analysed decision made there (its ``side``: 0 left,
    1 right)."""
    sides = _sides(analysis)
    games: dict[int, list[int]] = {}  # game order -> indexes of its steps
    order: list[int] = []
    for index, step in enumerate(steps):
        if step.game not in games:
            order.append(step.game)
            games[step.game] = []
        games[step.game].append(index)
    found: dict[int, dict] = {}
    analysed: list[GameAnalysis] = list(analysis.games.order_by("index"))
    for game in analysed:
        if game.index >= len(order):
            continue
        indexes = games[order[game.index]]
        cursor = 0
        for decision in game.decisions:
            side = sides.get(str(decision.get("player")))
            kind = STEP_KINDS.get(str(decision.get("kind")))
            if side is None or kind is None:
                continue
            for position in range(cursor, len(indexes)):
                step = steps[indexes[position]]
                if step.kind == kind and step.player == side and (
                    kind != MOVE or _same_roll(decision, step.dice)
                ):
                    found[indexes[position]] = {**decision, "side": side, "game": game.number}
                    cursor = position + 1
                    break
    return found


def chances(found: dict[int, dict], steps: tuple[Any, ...]) -> list[ChancePoint]:
    """The left column's chance to win the game after each analysed move."""
    points = []
    for index in sorted(found):
        decision = found[index]
        win = decision.get("win")
        if decision.get("kind") != "move" or win is None:
            continue
        left = float(win) if decision["side"] == 0 else 1.0 - float(win)
        points.append(ChancePoint(index, steps[index].game, left))
    return points


WIDTH, HEIGHT, MARGIN = 640, 200, 34


def match_chart(
    found: dict[int, dict], steps: tuple[Any, ...], names: tuple[str, str], current: int | None = None
) -> str:
    """The winning-chances chart of a match from its decisions found at their steps."""
    return chances_chart(
        chances(found, steps),
        label=gettext("Winning chances over the match"),
        names=names,
        current=current,
    )


def chances_chart(
    points: list[ChancePoint], *, label: str, names: tuple[str, str], current: int | None = None
) -> str:
    """An SVG line of the left player's winning chances over the match (50% in the
    middle), a faint line where each game starts, a dot on the ``current`` step."""
    if len(points) < 2:
        return ""
    count = len(points)

    def x(position: int) -> float:
        return MARGIN + (WIDTH - 2 * MARGIN) * position / (count - 1)

    def y(win: float) -> float:
        return MARGIN + (HEIGHT - 2 * MARGIN) * (1.0 - win)

    line = " ".join(f"{x(i):.1f},{y(p.win):.1f}" for i, p in enumerate(points))
    parts = [
        (
            f'<line x1="{MARGIN}" y1="{y(0.5):.1f}" x2="{WIDTH - MARGIN}" y2="{y(0.5):.1f}" '
            'stroke="currentColor" stroke-opacity="0.35" stroke-dasharray="4 4"/>'
        ),
    ]
    for value, text in ((1.0, "100%"), (0.5, "50%"), (0.0, "0%")):
        parts.append(
            f'<text x="{MARGIN - 4}" y="{y(value) + 4:.1f}" text-anchor="end" '
            f'font-size="11">{text}</text>'
        )
    for i, point in enumerate(points):
        if i and point.game != points[i - 1].game:
            parts.append(
                f'<line class="game-start" x1="{x(i):.1f}" y1="{MARGIN}" x2="{x(i):.1f}" '
                f'y2="{HEIGHT - MARGIN}" stroke="currentColor" stroke-opacity="0.2"/>'
            )
    parts.append(
        f'<polyline points="{line}" fill="none" stroke="currentColor" stroke-width="2"/>'
    )
    if current is not None:
        shown = [i for i, point in enumerate(points) if point.step <= current]
        if shown:
            i = shown[-1]
            parts.append(
                f'<circle class="current" cx="{x(i):.1f}" cy="{y(points[i].win):.1f}" r="5" '
                f'fill="#c0392b"><title>{round(points[i].win * 100)}%</title></circle>'
            )
    parts.append(
        f'<text x="{MARGIN}" y="{MARGIN - 10}" font-size="12">{escape(names[0])} ↑</text>'
        f'<text x="{MARGIN}" y="{HEIGHT - MARGIN + 20}" font-size="12">'
        f"{escape(names[1])} ↓</text>"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(label)}" class="chances-chart" data-points="{count}">'
        f"{''.join(parts)}</svg>"
    )
