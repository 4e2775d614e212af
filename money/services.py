"""Writes of the event's money. Each is atomic and validates everything first: a bad
field raises ``django.core.exceptions.ValidationError`` naming it and nothing is saved."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from money import core
from money.models import CalcuttaSale, EventPurse, PayoutPreset, SidePool, SidePoolEntry
from tournaments.models import Entry, Tournament

MAX_AMOUNT = Decimal("99999999.99")


def _error(err: core.MoneyError, field: str | None = None) -> ValidationError:
    return ValidationError({field or err.field: gettext(err.template) % err.params})


def _amount(value: Any, field: str, *, limit: Decimal = MAX_AMOUNT) -> Decimal:
    try:
        amount = Decimal(str(value))
    except (InvalidOperation, ValueError, TypeError):
        raise ValidationError({field: _("Give an amount such as 12.50.")}) from None
    if not amount.is_finite():
        raise ValidationError({field: _("Give an amount such as 12.50.")})
    if amount < 0:
        raise ValidationError({field: _("An amount cannot be negative.")})
    if amount > limit or amount != amount.quantize(Decimal("0.01")):
        raise ValidationError({field: _("Give an amount up to %(limit)s with at most two decimals.")
                               % {"limit": limit}})
    return amount


def _share(value: Any, field: str) -> Decimal:
    try:
        share = Decimal(str(value))
    except (InvalidOperation, ValueError, TypeError):
        raise ValidationError({field: _("Give a percentage from 0 to 100.")}) from None
    try:
        return core.validate_share(share, field).quantize(Decimal("0.01"))
    except core.MoneyError as err:
        raise _error(err) from None
    except InvalidOperation:
        raise ValidationError({field: _("Give a percentage from 0 to 100.")}) from None


def _table(preset: Any, custom: Any, prefix: str = "") -> list[str]:
    if preset not in PayoutPreset.values:
        raise ValidationError({prefix + "payout_preset": _("Choose one of the payout tables.")})
    if preset != PayoutPreset.CUSTOM:
        return []
    if not isinstance(custom, (list, tuple)) or not 1 <= len(custom) <= 64:
        raise ValidationError({prefix + "payout_custom":
                               _("Give the percentages of 1 to 64 places, first place first.")})
    try:
        values = [Decimal(str(v)) for v in custom]
        core.validate_table(values, prefix + "payout_custom")
    except core.MoneyError as err:
        raise _error(err) from None
    except (InvalidOperation, ValueError, TypeError):
        raise ValidationError({prefix + "payout_custom":
                               _("Each place's percentage is a number.")}) from None
    return [str(v) for v in values]


def _of_event(entry: Entry, event_id: int) -> bool:
    """Is ``entry`` an entrant of the event (directly, or of one of its divisions)?"""
    return entry.tournament_id == event_id or Tournament.objects.filter(
        pk=entry.tournament_id, parent_id=event_id).exists()


def parse_table(text: str) -> list[str]:
    """'40, 30, 20' or '40 / 30 / 20' -> ['40', '30', '20'] (form input)."""
    return [p for p in text.replace("/", ",").replace(";", ",").replace(" ", ",").split(",") if p]


@transaction.atomic
def save_purse(*, tournament: Tournament, currency: str = "EUR", house_share: Any = 10,
               payout_preset: str = PayoutPreset.P50_30_20, payout_custom: Any = (),
               division_fees: Any = None, calcutta: bool = False,
               calcutta_house_share: Any = 0) -> EventPurse:
    """Create or update the event's purse."""
    currency = str(currency or "").strip().upper()
    if not (len(currency) == 3 and currency.isalpha()):
        raise ValidationError({"currency": _("A currency is a three-letter code such as EUR.")})
    share = _share(house_share, "house_share")
    calcutta_share = _share(calcutta_house_share, "calcutta_house_share")
    custom = _table(payout_preset, payout_custom)
    codes = {str(d.get("code")) for d in tournament.divisions if isinstance(d, dict)}
    fees: dict[str, str] = {}
    for code, fee in (division_fees or {}).items():
        if code not in codes:
            raise ValidationError({"division_fees": _("%(code)s is not one of the event's divisions.")
                                   % {"code": code}})
        fees[code] = str(_amount(fee, "division_fees"))
    purse, _created = EventPurse.objects.select_for_update().get_or_create(tournament=tournament)
    purse.currency = currency
    purse.house_share = share
    purse.payout_preset = payout_preset
    purse.payout_custom = custom
    purse.division_fees = fees
    purse.calcutta = bool(calcutta)
    purse.calcutta_house_share = calcutta_share
    purse.save()
    return purse


@transaction.atomic
def add_side_pool(*, purse: EventPurse, name: str, kind: str = SidePool.Kind.SIDE,
                  entry_fee: Any = 0, house_share: Any = 0,
                  payout_preset: str = PayoutPreset.WINNER, payout_custom: Any = ()) -> SidePool:
    name = str(name or "").strip()
    if not 1 <= len(name) <= 60:
        raise ValidationError({"name": _("A side pool's name is 1 to 60 characters.")})
    if kind not in SidePool.Kind.values:
        raise ValidationError({"kind": _("Choose a side pool or a jackpot.")})
    fee = _amount(entry_fee, "entry_fee", limit=Decimal("999999.99"))
    share = _share(house_share, "house_share")
    custom = _table(payout_preset, payout_custom)
    if purse.side_pools.count() >= 20:
        raise ValidationError({"name": _("An event has at most 20 side pools.")})
    return SidePool.objects.create(purse=purse, name=name, kind=kind, entry_fee=fee,
                                   house_share=share, payout_preset=payout_preset,
                                   payout_custom=custom)


@transaction.atomic
def set_side_pool_entrant(*, side_pool: SidePool, entry: Entry, joined: bool,
                          paid: bool = False) -> SidePoolEntry | None:
    if not _of_event(entry, side_pool.purse.tournament_id):
        raise ValidationError({"entry": _("This player is not entered in the event.")})
    if not joined:
        SidePoolEntry.objects.filter(side_pool=side_pool, entry=entry).delete()
        return None
    row, _created = SidePoolEntry.objects.update_or_create(side_pool=side_pool, entry=entry,
                                                           defaults={"paid": bool(paid)})
    return row


@transaction.atomic
def record_sale(*, purse: EventPurse, entry: Entry, buyer: str, price: Any) -> CalcuttaSale:
    if not purse.calcutta:
        raise ValidationError({"entry": _("This event has no calcutta auction.")})
    if not _of_event(entry, purse.tournament_id):
        raise ValidationError({"entry": _("This player is not entered in the event.")})
    buyer = str(buyer or "").strip()
    if not 1 <= len(buyer) <= 80:
        raise ValidationError({"buyer": _("A buyer's name is 1 to 80 characters.")})
    amount = _amount(price, "price")
    if CalcuttaSale.objects.filter(purse=purse, entry=entry).exists():
        raise ValidationError({"entry": _("A player can be sold only once in the calcutta.")})
    return CalcuttaSale.objects.create(purse=purse, entry=entry, buyer=buyer, price=amount)
