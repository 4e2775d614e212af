"""The event's money page (members read, directors edit) and its CSV export."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.bounds import parse_id
from common.confirm import ask_first
from money import access, selectors, services
from money.csv_export import ledger_csv
from money.forms import PurseForm, SaleForm, SidePoolForm
from money.models import CalcuttaSale, SidePool
from tournaments.models import Tournament
from tournaments.selectors.tournaments import visible_tournaments


def _tournament(request: HttpRequest, pk: int) -> Tournament:
    # A private event the user may not see is not found (its address confirms nothing).
    tournament = get_object_or_404(visible_tournaments(request.user), pk=pk)
    if not access.can_see(request.user, tournament):
        if not request.user.is_authenticated:
            raise Http404
        raise PermissionDenied
    return tournament


def _editable(request: HttpRequest, pk: int) -> Tournament:
    tournament = _tournament(request, pk)
    if not access.can_edit(request.user, tournament):
        raise PermissionDenied
    return tournament


def _purse_initial(purse) -> dict:
    if purse is None:
        return {}
    return {"currency": purse.currency, "house_share": purse.house_share,
            "payout_preset": purse.payout_preset,
            "payout_custom": ", ".join(str(v) for v in purse.payout_custom),
            "calcutta": purse.calcutta, "calcutta_house_share": purse.calcutta_house_share}


def money_page(request: HttpRequest, pk: int, *, purse_form=None, side_form=None,
               sale_form=None, status: int = 200) -> HttpResponse:
    tournament = _tournament(request, pk)
    ledger = selectors.ledger(tournament)
    can_edit = access.can_edit(request.user, tournament)
    context = {"tournament": tournament, "ledger": ledger, "can_edit": can_edit}
    if can_edit:
        context["purse_form"] = purse_form or PurseForm(initial=_purse_initial(ledger.purse))
        context["side_form"] = side_form or SidePoolForm()
        context["sale_form"] = sale_form or SaleForm()
        context["entries"] = selectors.entries_of(tournament)
        context["side_pools"] = ledger.purse.side_pools.prefetch_related("entrants") if ledger.purse else []
        context["sales"] = selectors.sales_of(ledger.purse) if ledger.purse else []
        context["division_fees"] = [
            (str(d.get("code")), str(d.get("name") or d.get("code")),
             (ledger.purse.division_fees.get(str(d.get("code"))) if ledger.purse else "") or "")
            for d in tournament.divisions if isinstance(d, dict)]
    return render(request, "money/event_money.html", context, status=status)


def _apply_errors(form, err: ValidationError) -> None:
    for field, msgs in err.message_dict.items():
        form.add_error(field if field in form.fields else None, msgs)


@require_POST
def save_purse(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _editable(request, pk)
    form = PurseForm(request.POST)
    if form.is_valid():
        d = form.cleaned_data
        fees = {str(div.get("code")): request.POST.get(f"fee_{div.get('code')}", "").strip()
                for div in tournament.divisions if isinstance(div, dict)}
        try:
            services.save_purse(
                tournament=tournament, currency=d["currency"], house_share=d["house_share"],
                payout_preset=d["payout_preset"],
                payout_custom=services.parse_table(d["payout_custom"]),
                division_fees={k: v for k, v in fees.items() if v},
                calcutta=d["calcutta"], calcutta_house_share=d["calcutta_house_share"])
        except ValidationError as err:
            _apply_errors(form, err)
        else:
            messages.success(request, _("The money settings are saved."))
            return redirect("money:event", pk=pk)
    return money_page(request, pk, purse_form=form, status=400)


def _purse_or_400(request: HttpRequest, tournament: Tournament):
    purse = selectors.purse_for(tournament)
    if purse is None:
        messages.error(request, _("Save the money settings first."))
    return purse


@require_POST
def add_side_pool(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _editable(request, pk)
    purse = _purse_or_400(request, tournament)
    if purse is None:
        return redirect("money:event", pk=pk)
    form = SidePoolForm(request.POST)
    if form.is_valid():
        d = form.cleaned_data
        try:
            services.add_side_pool(purse=purse, name=d["name"], kind=d["kind"],
                                   entry_fee=d["entry_fee"], house_share=d["house_share"],
                                   payout_preset=d["payout_preset"],
                                   payout_custom=services.parse_table(d["payout_custom"]))
        except ValidationError as err:
            _apply_errors(form, err)
        else:
            messages.success(request, _("The side pool is added."))
            return redirect("money:event", pk=pk)
    return money_page(request, pk, side_form=form, status=400)


@require_POST
def side_pool_entrant(request: HttpRequest, pk: int, pool_pk: int) -> HttpResponse:
    tournament = _editable(request, pk)
    side_pool = get_object_or_404(SidePool, pk=pool_pk, purse__tournament=tournament)
    entry_pk = parse_id(request.POST.get("entry", ""))
    if entry_pk is None:
        raise Http404
    entry = get_object_or_404(selectors.event_entries(tournament), pk=entry_pk)
    action = request.POST.get("action")
    if action not in ("out", "in", "paid"):
        raise Http404
    services.set_side_pool_entrant(side_pool=side_pool, entry=entry, joined=action != "out",
                                   paid=action == "paid")
    return redirect("money:event", pk=pk)


@require_POST
def add_sale(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _editable(request, pk)
    purse = _purse_or_400(request, tournament)
    if purse is None:
        return redirect("money:event", pk=pk)
    form = SaleForm(request.POST)
    if form.is_valid():
        d = form.cleaned_data
        entry = selectors.event_entries(tournament).filter(pk=d["entry"]).first()
        if entry is None:
            form.add_error("entry", _("This player is not entered in the event."))
        else:
            try:
                services.record_sale(purse=purse, entry=entry, buyer=d["buyer"], price=d["price"])
            except ValidationError as err:
                _apply_errors(form, err)
            else:
                messages.success(request, _("The sale is recorded."))
                return redirect("money:event", pk=pk)
    return money_page(request, pk, sale_form=form, status=400)


@require_POST
def delete_sale(request: HttpRequest, pk: int, sale_pk: int) -> HttpResponse:
    tournament = _editable(request, pk)
    sale = get_object_or_404(CalcuttaSale.objects.select_related("entry__player"), pk=sale_pk,
                             purse__tournament=tournament)
    question = _("Remove the sale of %(player)s to %(buyer)s?") % {
        "player": sale.entry.player.display_name, "buyer": sale.buyer}
    asking = ask_first(request, question, back=reverse("money:event", args=[pk]), about=tournament.name)
    if asking is not None:
        return asking
    sale.delete()
    return redirect("money:event", pk=pk)


def export_csv(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament(request, pk)
    response = HttpResponse(ledger_csv(selectors.ledger(tournament)),
                            content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="event-{tournament.pk}-money.csv"'
    return response
