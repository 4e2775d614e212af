"""``{% match_analysis_summary match %}``: both players' PR and luck on a match page."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import mark_safe

from analysis import replay, selectors
from analysis.views import context_for, with_board
from analysis.wording import worded

register = template.Library()


@register.inclusion_tag("analysis/_summary.html", takes_context=True)
def match_analysis_summary(context: dict[str, Any], match: Any) -> dict[str, Any]:
    request = context.get("request")
    user = getattr(request, "user", None)
    return {**context_for(match, user), "user": user}


@register.inclusion_tag("analysis/_replay_step.html", takes_context=True)
def replay_analysis(context: dict[str, Any], transcript: Any, steps: Any, step_number: int) -> dict:
    """GNU Backgammon's view of one replay step: the decision made there (the play and the
    best play as arrows on the board before it, the equity lost, the proper cube action),
    and the winning chances over the match with this step marked."""
    request = context.get("request")
    user = getattr(request, "user", None)
    analysis = selectors.shown_for_transcript(transcript.pk)
    if analysis is None:
        return {"analysis": None}
    found = replay.decisions_by_step(analysis, steps)
    decision = found.get(step_number)
    if decision is not None and decision["side"] not in selectors.visible_sides(analysis, user):
        decision = None
    record = context.get("record")
    record_names = tuple(record.players) if record is not None else ("", "")
    chart = replay.match_chart(found, steps, record_names, current=step_number)
    return {
        "analysis": analysis,
        "decision": with_board(worded(decision)) if decision else None,
        "chart": mark_safe(chart),  # our own SVG, its text escaped
    }
