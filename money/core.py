"""The event's money as plain arithmetic (no Django): pools, house share, payouts, calcutta.

Money is recorded, never moved. Every amount is a ``Decimal`` rounded to the currency's
smallest unit (``cents``); payouts always add up exactly to the pool minus the house share,
the rounding remainder going to first place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

HUNDRED = Decimal(100)

#: Named payout tables (percent of the pool by place, first place first).
PRESETS: dict[str, tuple[Decimal, ...]] = {
    "winner": (Decimal(100),),
    "50-30-20": (Decimal(50), Decimal(30), Decimal(20)),
    "60-40": (Decimal(60), Decimal(40)),
    "40-25-15-10-5-5": tuple(Decimal(p) for p in (40, 25, 15, 10, 5, 5)),
}


def _(message: str) -> str:
    """Marks a message for translation (makemessages extracts ``_``); the Django layer
    translates ``MoneyError.template`` in the user's language."""
    return message


class MoneyError(ValueError):
    """Bad money input; ``field`` names what was wrong, ``message`` says why (English);
    ``template`` % ``params`` is the same sentence for translation."""

    def __init__(self, field: str, template: str, **params: object) -> None:
        self.field = field
        self.template = template
        self.params = params
        self.message = template % params
        super().__init__(self.message)


def quantum(decimals: int) -> Decimal:
    """The currency's smallest unit: 2 decimals -> Decimal('0.01')."""
    return Decimal(1).scaleb(-decimals)


def validate_share(share: Decimal, field: str = "house_share") -> Decimal:
    """A percentage between 0 and 100."""
    share = Decimal(share)
    if not share.is_finite() or share < 0 or share > HUNDRED:
        raise MoneyError(field, _("The house share must be between 0 and 100 %%."))
    return share


def validate_amount(amount: Decimal, field: str) -> Decimal:
    amount = Decimal(amount)
    if not amount.is_finite() or amount < 0:
        raise MoneyError(field, _("An amount cannot be negative."))
    return amount


def validate_table(percentages: Sequence[Decimal], field: str = "payout_table") -> tuple[Decimal, ...]:
    """A payout table: non-negative percentages summing to 100 or less."""
    table = tuple(Decimal(p) for p in percentages)
    if not table:
        raise MoneyError(field, _("The payout table needs at least one place."))
    if any((not p.is_finite()) or p < 0 for p in table):
        raise MoneyError(field, _("A place's percentage cannot be negative."))
    total = sum(table, Decimal(0))
    if total > HUNDRED:
        raise MoneyError(
            field, _("The payout table adds up to %(total)s %%, more than 100 %%."), total=total
        )
    return table


def table_for(preset: str, custom: Sequence[Decimal] = ()) -> tuple[Decimal, ...]:
    """The payout table of a preset name, or the custom one when ``preset`` is 'custom'."""
    if preset == "custom":
        return validate_table(custom)
    if preset not in PRESETS:
        raise MoneyError("payout_preset", _("Unknown payout table."))
    return PRESETS[preset]


@dataclass(frozen=True)
class Pool:
    """A pool: what was collected, the house's share and what is paid back."""

    collected: Decimal
    house: Decimal
    prizes: Decimal


def pool(fees: Iterable[Decimal], house_share: Decimal, decimals: int = 2) -> Pool:
    """Sum the paid fees; the house keeps ``house_share`` % (rounded down to the unit)."""
    share = validate_share(house_share)
    q = quantum(decimals)
    collected = sum((validate_amount(f, "fee") for f in fees), Decimal(0)).quantize(q)
    house = (collected * share / HUNDRED).quantize(q, rounding=ROUND_DOWN)
    return Pool(collected=collected, house=house, prizes=collected - house)


@dataclass(frozen=True)
class Payout:
    """What one finisher (by key) receives for the places ``first``..``last``."""

    key: object
    first: int
    last: int
    amount: Decimal


def payouts(
    prizes: Decimal,
    table: Sequence[Decimal],
    places: Mapping[object, tuple[int, int]],
    decimals: int = 2,
) -> list[Payout]:
    """Split ``prizes`` by ``table`` among finishers whose place ranges are in ``places``.

    Finishers sharing a place range (a tie for places_first..places_last) split the sum of
    those places' percentages equally. When the table adds up to less than 100 % or when
    fewer places are known than the table pays, the unpaid percentage stays unpaid (it is
    not spread). Rounding goes down to the unit and the remainder goes to the finisher(s)
    in the best place, so the amounts add up to ``prizes`` times the paid percentage.
    """
    table = validate_table(table)
    prizes = validate_amount(prizes, "prizes")
    q = quantum(decimals)
    groups: dict[tuple[int, int], list[object]] = {}
    for key, (first, last) in places.items():
        if first < 1 or last < first:
            raise MoneyError("places", _("A place range must start at 1 or later and not end before it starts."))
        groups.setdefault((first, last), []).append(key)
    rows: list[Payout] = []
    exact_total = Decimal(0)
    for (first, last), keys in sorted(groups.items(), key=lambda g: g[0]):
        pct = sum(table[first - 1:last], Decimal(0))
        if pct == 0:
            continue
        share = prizes * pct / HUNDRED
        exact_total += share
        each = (share / len(keys)).quantize(q, rounding=ROUND_DOWN)
        for key in sorted(keys, key=str):
            rows.append(Payout(key=key, first=first, last=last, amount=each))
    if not rows:
        return rows
    target = exact_total.quantize(q, rounding=ROUND_DOWN)
    remainder = target - sum((r.amount for r in rows), Decimal(0))
    # The remainder (a few units) goes to first place: one unit each to those tied best.
    best = [i for i, r in enumerate(rows) if (r.first, r.last) == (rows[0].first, rows[0].last)]
    units = int(remainder / q)
    for n in range(units):
        i = best[n % len(best)]
        r = rows[i]
        rows[i] = Payout(key=r.key, first=r.first, last=r.last, amount=r.amount + q)
    return rows


@dataclass(frozen=True)
class Sale:
    """A calcutta sale: ``buyer`` bought ``player`` for ``price``."""

    player: object
    buyer: str
    price: Decimal


def calcutta(
    sales: Sequence[Sale],
    table: Sequence[Decimal],
    places: Mapping[object, tuple[int, int]],
    house_share: Decimal = Decimal(0),
    decimals: int = 2,
) -> tuple[Pool, list[Payout]]:
    """The auction pool (sum of prices less the house share), split by ``table`` to the
    buyers of the placed players. Each ``Payout.key`` is the player; its buyer is in
    ``sales``."""
    seen = set()
    for s in sales:
        validate_amount(s.price, "price")
        if s.player in seen:
            raise MoneyError("player", _("A player can be sold only once in the calcutta."))
        seen.add(s.player)
    p = pool([s.price for s in sales], house_share, decimals)
    sold_places = {k: v for k, v in places.items() if k in seen}
    return p, payouts(p.prizes, table, sold_places, decimals)


def relative_places(places: Mapping[object, tuple[int, int]]) -> dict[object, tuple[int, int]]:
    """Places among a subset of finishers (a side pool's entrants, say): event places
    {a: 1, b: 3-4, c: 3-4, d: 7} become {a: 1, b: 2-3, c: 2-3, d: 4}."""
    groups: dict[tuple[int, int], list[object]] = {}
    for key, rng in places.items():
        groups.setdefault(rng, []).append(key)
    out: dict[object, tuple[int, int]] = {}
    pos = 1
    for rng in sorted(groups):
        keys = groups[rng]
        for key in keys:
            out[key] = (pos, pos + len(keys) - 1)
        pos += len(keys)
    return out
