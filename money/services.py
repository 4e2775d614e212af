"""Writes of the event's money. Each is atomic and validates everything first: a bad
field raises ``django.core.exceptions.ValidationError`` naming it, with a stable code
(the API answers it as a domain error, 409), and nothing is saved."""

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


def _refusal(field: str, message: Any, code: str) -> ValidationError:
    """The error of one field, with its code."""
    return ValidationError({field: ValidationError(message, code=code)})


def _error(err: core.MoneyError, code: str) -> ValidationError:
    return _refusal(err.field, gettext(err.template) % err.params, code)


def _amount(value: Any, field: str, *, limit: Decimal = MAX_AMOUNT) -> Decimal:
    try:
        amount = Decimal(str(value))
    except (InvalidOperation, ValueError, TypeError):
        raise _refusal(field, _("Give an amount such as 12.50."), "invalid_amount") from None
    if not amount.is_finite():
        raise _refusal(field, _("Give an amount such as 12.50."), "invalid_amount")
    if amount < 0:
        raise _refusal(field, _("An amount cannot be negative."), "invalid_amount")
    if amount > limit or amount != amount.quantize(Decimal("0.01")):
        raise _refusal(field, _("Give an amount up to %(limit)s with at most two decimals.")
                       % {"limit": limit}, "invalid_amount")
    return amount


def _share(value: Any, field: str) -> Decimal:
    try:
        share = Decimal(str(value))
    except (InvalidOperation, ValueError, TypeError):
        raise _refusal(field, _("Give a percentage from 0 to 100."), "invalid_share") from None
    try:
        return core.validate_share(share, field).quantize(Decimal("0.01"))
    except core.MoneyError as err:
        raise _error(err, "invalid_share") from None
    except InvalidOperation:
        raise _refusal(field, _("Give a percentage from 0 to 100."), "invalid_share") from None


def _table(preset: Any, custom: Any, prefix: str = "") -> list[str]:
    if preset not in PayoutPreset.values:
        raise _refusal(prefix + "payout_preset", _("Choose one of the payout tables."),
                       "invalid_payout_table")
    if preset != PayoutPreset.CUSTOM:
        return []
    if not isinstance(custom, (list, tuple)) or not 1 <= len(custom) <= 64:
        raise _refusal(prefix + "payout_custom",
                       _("Give the percentages of 1 to 64 places, first place first."),
                       "invalid_payout_table")
    try:
        values = [Decimal(str(v)) for v in custom]
        core.validate_table(values, prefix + "payout_custom")
    except core.MoneyError as err:
        raise _error(err, "invalid_payout_table") from None
    except (InvalidOperation, ValueError, TypeError):
        raise _refusal(prefix + "payout_custom", _("Each place's percentage is a number."),
                       "invalid_payout_table") from None
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
        raise _refusal("currency", _("A currency is a three-letter code such as EUR."),
                       "invalid_currency")
    share = _share(house_share, "house_share")
    calcutta_share = _share(calcutta_house_share, "calcutta_house_share")
    custom = _table(payout_preset, payout_custom)
    codes = {str(d.get("code")) for d in tournament.divisions if isinstance(d, dict)}
    fees: dict[str, str] = {}
    for code, fee in (division_fees or {}).items():
        if code not in codes:
            raise _refusal("division_fees", _("This event has no division “%(code)s”.")
                           % {"code": code}, "unknown_division")
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
        raise _refusal("name", _("A side pool's name is 1 to 60 characters."), "invalid_name")
    if kind not in SidePool.Kind.values:
        raise _refusal("kind", _("Choose a side pool or a jackpot."), "invalid_kind")
    fee = _amount(entry_fee, "entry_fee", limit=Decimal("999999.99"))
    share = _share(house_share, "house_share")
    custom = _table(payout_preset, payout_custom)
    if purse.side_pools.count() >= 20:
        raise _refusal("name", _("An event has at most 20 side pools."), "too_many_side_pools")
    return SidePool.objects.create(purse=purse, name=name, kind=kind, entry_fee=fee,
                                   house_share=share, payout_preset=payout_preset,
                                   payout_custom=custom)


@transaction.atomic
def set_side_pool_entrant(*, side_pool: SidePool, entry: Entry, joined: bool,
                          paid: bool = False) -> SidePoolEntry | None:
    if not _of_event(entry, side_pool.purse.tournament_id):
        raise _refusal("entry", _("This player is not entered in the event."), "not_entered")
    if not joined:
        SidePoolEntry.objects.filter(side_pool=side_pool, entry=entry).delete()
        return None
    row, _created = SidePoolEntry.objects.update_or_create(side_pool=side_pool, entry=entry,
                                                           defaults={"paid": bool(paid)})
    return row


@transaction.atomic
def record_sale(*, purse: EventPurse, entry: Entry, buyer: str, price: Any) -> CalcuttaSale:
    if not purse.calcutta:
        raise _refusal("entry", _("This event has no calcutta auction."), "no_calcutta")
    if not _of_event(entry, purse.tournament_id):
        raise _refusal("entry", _("This player is not entered in the event."), "not_entered")
    buyer = str(buyer or "").strip()
    if not 1 <= len(buyer) <= 80:
        raise _refusal("buyer", _("A buyer's name is 1 to 80 characters."), "invalid_buyer")
    amount = _amount(price, "price")
    if CalcuttaSale.objects.filter(purse=purse, entry=entry).exists():
        raise _refusal("entry", _("A player can be sold only once in the calcutta."), "already_sold")
    return CalcuttaSale.objects.create(purse=purse, entry=entry, buyer=buyer, price=amount)
