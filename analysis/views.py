"""The analysis page of a match (public pages: privacy by the match's visibility and
each player's choice). An htmx request gets the progress partial while it runs."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe

from analysis import selectors
from analysis.services import error_message
from analysis.wording import worded
from engine.errors import EngineError
from engine.position import Position
from games import selectors as game_selectors
from games.board_svg import render_position

BOARDS_SHOWN = 30  # the worst decisions get a board each; the rest a line


def context_for(match, user) -> dict:  # type: ignore[no-untyped-def]
    shown = selectors.shown(match)
    running = selectors.in_progress(match)
    return {
        "match": match,
        "analysis": shown,
        "running": running,
        "running_error": error_message(running.error_code) if running and running.error_code else "",
        "players": selectors.players(shown, user) if shown else [],
        "blunders": selectors.blunders(shown, user) if shown else [],
    }


def _with_board(decision: dict[str, Any]) -> dict[str, Any]:
    """The decision with an SVG of the position before it and the play made as arrows."""
    try:
        position = Position.from_id(decision.get("position_id") or "")
        svg = render_position(
            position,
            dice=tuple(decision["dice"]) if decision.get("dice") else None,
            play=decision.get("played") or "",
        )
    except (EngineError, ValueError, KeyError, TypeError):
        return decision
    return {**decision, "board": mark_safe(svg)}  # our own SVG, its text escaped


def match_analysis(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(game_selectors.matches(request.user), pk=pk)
    context = context_for(match, request.user)
    worst = sorted(context["blunders"], key=lambda d: -float(d.get("equity_lost") or 0))
    context["worst"] = [_with_board(worded(decision)) for decision in worst[:BOARDS_SHOWN]]
    if request.htmx:
        return render(request, "analysis/_progress.html", context)
    return render(request, "analysis/match_analysis.html", context)
