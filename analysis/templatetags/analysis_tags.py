"""``{% match_analysis_summary match %}``: both players' PR and luck on a match page."""

from __future__ import annotations

from typing import Any

from django import template

from analysis.views import context_for

register = template.Library()


@register.inclusion_tag("analysis/_summary.html", takes_context=True)
def match_analysis_summary(context: dict[str, Any], match: Any) -> dict[str, Any]:
    request = context.get("request")
    user = getattr(request, "user", None)
    return {**context_for(match, user), "user": user}
