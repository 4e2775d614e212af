"""The disputes section of a tournament's console: disputed results and moves of its
matches with their actions (registered in ``DisputesConfig.ready``)."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.loader import render_to_string

from clubs.permissions import can_manage_club
from disputes import presentation
from disputes.forms import RulingForm
from disputes.models import OPEN_STATUSES, Dispute, DisputeKind, DisputeStatus


def section(request: HttpRequest, tournament) -> str | None:
    """Open disputes of the event's matches, and the last few ruled."""
    disputes = Dispute.objects.filter(match__pairing__tournament=tournament)
    # most events have none: one light query answers every view of their console
    if not disputes.filter(status__in=(*OPEN_STATUSES, DisputeStatus.RULED)).exists():
        return None
    if not can_manage_club(request.user, tournament.club):
        return None
    disputes = disputes.select_related("match__player1", "match__player2", "match__pairing",
                                       "submitted_by", "result")
    open_ones = list(disputes.filter(status__in=OPEN_STATUSES).order_by("submitted_at", "pk"))
    ruled = list(disputes.filter(status=DisputeStatus.RULED).order_by("-ruled_at", "-pk")[:5])
    if not open_ones and not ruled:
        return None
    rows = [(d, presentation.headline(d.verdict or {}) if d.verdict else "", _ruling_form(d, tournament))
            for d in open_ones]
    return render_to_string("disputes/_console_section.html", {
        "tournament": tournament,
        "rows": rows,
        "ruled": ruled,
        "result_kind": DisputeKind.RESULT,
        "next": request.get_full_path() if not request.htmx else request.headers.get("HX-Current-URL", ""),
    }, request=request)


def _ruling_form(dispute: Dispute, tournament) -> RulingForm | None:
    """The ruling form of a checked disputed result, its ids its own on a page of several;
    the score fields show the entered score, the date played the disputed day."""
    if dispute.kind != DisputeKind.RESULT or dispute.status != DisputeStatus.CHECKED:
        return None
    form = RulingForm(dispute=dispute, event=tournament, auto_id=f"id_dispute{dispute.pk}_%s")
    entered = (dispute.claims or {}).get("entered") if isinstance(dispute.claims, dict) else None
    for name, score in zip(("score1", "score2"), entered or (), strict=False):
        form.fields[name].widget.attrs.update(placeholder=score, step="0.5")
    return form
