"""Dispute pages. Thin: forms parse, services write, selectors read; htmx gets partials."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs.models import Club
from clubs.permissions import is_site_admin, player_for
from common.listing import filtered_page
from common.redirects import redirect_back
from disputes import access, presentation, selectors, services
from disputes.filters import DisputeFilter
from disputes.forms import DisputeForm, RulingForm
from disputes.models import Dispute
from games import selectors as match_selectors
from games.models import Match, Variant
from games.services.errors import NotAllowed, ServiceError


@require_GET
def dispute_list(request: HttpRequest) -> HttpResponse:
    """The disputes you may see, and a director's queue of open disputes in their clubs
    (anonymous visitors are asked to log in)."""
    filters, page = filtered_page(request, DisputeFilter, selectors.visible_to(request.user))
    context = {
        "queue": selectors.director_queue(request.user)[:50],
        "filters": filters,
        "page": page,
        "disputes": page.object_list,
    }
    return render(request, "disputes/list.html", context)


def _clubs_for(request: HttpRequest) -> Any:
    if is_site_admin(request.user):
        return Club.objects.order_by("name")
    player = player_for(request.user)
    mine = Q(directors=request.user)
    if player is not None:
        mine |= Q(members=player)
    return Club.objects.filter(mine).distinct().order_by("name")


def _submit(request: HttpRequest, form: DisputeForm, match: Match | None) -> HttpResponse | None:
    """Save a valid form through the service; None when the form now carries errors."""
    data = form.cleaned_data
    try:
        dispute = services.submit_move_dispute(
            by=request.user,
            club=data.get("club"),
            match=match,
            game_number=data.get("game_number"),
            variant=form.game_variant,
            position_id=data.get("position_id") or "",
            dice=(data["dice1"], data["dice2"]),
            notation=data.get("notation") or "",
            on_roll_seat=int(data.get("on_roll_seat") or 1),
            statement=data.get("statement") or "",
            transcript=data.get("transcript"),
            block_rule=data.get("block_rule") or "",
        )
    except NotAllowed as error:
        raise PermissionDenied(str(error)) from None
    except ServiceError as error:
        field = "dice1" if error.field == "dice" else error.field
        form.add_error(field if field in form.fields else None, error.message)
        return None
    messages.success(request, _("Dispute submitted; the engine is checking it."))
    return redirect(dispute)


def _form_page(
    request: HttpRequest, form: DisputeForm, match: Match | None, status: int = 200
) -> HttpResponse:
    variant = match.variant if match is not None else form["variant"].value()
    if variant not in Variant.values:  # what was posted, before (or despite) validation
        variant = Variant.BACKGAMMON.value
    position_id = form["position_id"].value() or ""
    context = {
        "form": form,
        "match": match,
        "variant": variant,
        "editor_messages": presentation.editor_messages(),
        "editor_svg": presentation.editor_board(variant, position_id),
    }
    return render(request, "disputes/form.html", context, status=status)


@login_required
def new_dispute(request: HttpRequest, match_pk: int | None = None) -> HttpResponse:
    """Submit a disputed move, from a match or standalone (pick the club)."""
    match = None
    if match_pk is not None:
        match = get_object_or_404(match_selectors.matches(request.user), pk=match_pk)
        if not access.can_raise_for_match(request.user, match):
            raise PermissionDenied(
                _("Only the players of this match and its directors raise disputes.")
            )
    clubs = None if match is not None else _clubs_for(request)
    if request.method == "POST":
        form = DisputeForm(request.POST, clubs=clubs, match=match)
        if form.is_valid():
            response = _submit(request, form, match)
            if response is not None:
                return response
        return _form_page(request, form, match, status=400)
    initial = {"game_number": request.GET.get("game")} if match is not None else {}
    return _form_page(request, DisputeForm(initial=initial, clubs=clubs, match=match), match)


@require_GET
def editor_board(request: HttpRequest) -> HttpResponse:
    """The editor's board for a Position ID (the editor script swaps it in after a click)."""
    variant = request.GET.get("variant", "backgammon")
    if variant not in ("backgammon", "nardy"):
        raise Http404
    svg = presentation.editor_board(variant, request.GET.get("position_id", "")[:20])
    return HttpResponse(svg, content_type="image/svg+xml")


def _visible(request: HttpRequest, pk: int) -> Dispute:
    dispute = get_object_or_404(selectors.visible_to(request.user), pk=pk)
    if not access.can_see(request.user, dispute):
        raise Http404
    return dispute


def _context(request: HttpRequest, dispute: Dispute, **extra: Any) -> dict[str, Any]:
    verdict = dispute.verdict or {}
    steps = verdict.get("steps") or presentation.written_steps(dispute.notation)
    return {
        "dispute": dispute,
        "verdict": verdict,
        "headline": presentation.headline(verdict),
        "judged_under": presentation.judged_under(verdict),
        "board": presentation.board(dispute, steps=steps, dice=dispute.dice)
        if dispute.position_id
        else "",
        "alternatives": presentation.alternatives(dispute),
        "can_rule": access.can_rule(request.user, dispute) and dispute.status == "checked",
        "can_withdraw": access.can_withdraw(request.user, dispute) and dispute.is_open,
        "ruling_form": extra.pop("ruling_form", None) or RulingForm(dispute=dispute),
        "events": [(event, presentation.event_text(event))
                   for event in dispute.events.select_related("actor__player")],
        **extra,
    }


@login_required
@require_GET
def dispute_detail(request: HttpRequest, pk: int) -> HttpResponse:
    dispute = _visible(request, pk)
    return render(request, "disputes/detail.html", _context(request, dispute))


@login_required
@require_GET
def dispute_status(request: HttpRequest, pk: int) -> HttpResponse:
    """The status partial that the page polls (htmx) until the verdict is in."""
    dispute = _visible(request, pk)
    return render(request, "disputes/_status.html", _context(request, dispute))


@login_required
@require_POST
def rule(request: HttpRequest, pk: int) -> HttpResponse:
    dispute = _visible(request, pk)
    form = RulingForm(request.POST, dispute=dispute)
    if form.is_valid():
        try:
            services.rule_dispute(dispute=dispute, by=request.user, **form.cleaned_data)
        except NotAllowed as error:
            raise PermissionDenied(str(error)) from None
        except ServiceError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            messages.success(request, _("Ruling recorded; both players see it on this page."))
            # back to the tournament console when it sent the ruling
            return redirect_back(request, request.POST.get("next"), dispute.get_absolute_url())
    context = _context(request, dispute, ruling_form=form)
    return render(request, "disputes/detail.html", context, status=400)


@login_required
@require_POST
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    dispute = _visible(request, pk)
    try:
        services.withdraw_dispute(dispute=dispute, by=request.user)
    except NotAllowed as error:
        raise PermissionDenied(str(error)) from None
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Dispute withdrawn."))
    return redirect(dispute)
