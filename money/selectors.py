"""Reads: the event's ledger, computed from the purse, side pools, sales and entries."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Q, QuerySet

from money import core
from money.models import CalcuttaSale, EventPurse, PayoutPreset, SidePool
from tournaments.models import Entry, Tournament


@dataclass
class PayoutRow:
    first: int
    last: int
    player: str
    entry_id: int
    amount: Decimal
    buyer: str = ""


@dataclass
class PoolBlock:
    """One pool of the ledger: a division's prize pool, a side pool or the calcutta."""

    name: str
    fee: Decimal | None
    paid: int
    unpaid: int
    pool: core.Pool
    house_share: Decimal
    payouts: list[PayoutRow] = field(default_factory=list)
    unpaid_names: list[str] = field(default_factory=list)


@dataclass
class Ledger:
    tournament: Tournament
    purse: EventPurse | None
    currency: str
    divisions: list[PoolBlock]
    side_pools: list[PoolBlock]
    calcutta: PoolBlock | None


def purse_for(tournament: Tournament) -> EventPurse | None:
    return EventPurse.objects.filter(tournament=tournament).first()


def table_of(obj: EventPurse | SidePool) -> tuple[Decimal, ...]:
    if obj.payout_preset == PayoutPreset.CUSTOM:
        return tuple(Decimal(str(v)) for v in obj.payout_custom)
    return core.PRESETS[obj.payout_preset]


def _places(entries: list[Entry]) -> dict[int, tuple[int, int]]:
    return core.relative_places({e.pk: (e.place_first, e.place_last or e.place_first)
                                 for e in entries if e.place_first})


def _rows(payouts: list[core.Payout], by_pk: dict[int, Entry]) -> list[PayoutRow]:
    return [PayoutRow(first=p.first, last=p.last, player=str(by_pk[p.key].player),
                      entry_id=p.key, amount=p.amount) for p in payouts]


def event_entries(tournament: Tournament) -> QuerySet[Entry]:
    """The event's entries, those of its divisions included (after the draw they are
    entries of each division's event: tournaments.play.divisions)."""
    return Entry.objects.filter(Q(tournament=tournament) | Q(tournament__parent=tournament))


def entries_of(tournament: Tournament) -> QuerySet[Entry]:
    return event_entries(tournament).select_related("player").order_by(
        "division", "place_first", "seed", "pk")


def ledger(tournament: Tournament) -> Ledger:
    """Fees paid/unpaid, pool, house and payouts per division; side pools; calcutta."""
    purse = purse_for(tournament)
    entries = list(entries_of(tournament))
    by_pk = {e.pk: e for e in entries}
    house = purse.house_share if purse else Decimal(0)
    table = table_of(purse) if purse else core.PRESETS[PayoutPreset.P50_30_20]
    division_names = {str(d.get("code")): str(d.get("name") or d.get("code"))
                      for d in tournament.divisions if isinstance(d, dict)}
    codes = list(division_names) or [""]
    codes += sorted({e.division for e in entries} - set(codes))
    divisions = []
    for code in codes:
        members = [e for e in entries if e.division == code or len(codes) == 1]
        if not members and code not in division_names:
            continue
        fee_raw = (purse.division_fees.get(code) if purse else None)
        fee = Decimal(fee_raw) if fee_raw is not None else (tournament.entry_fee or Decimal(0))
        paid = [e for e in members if e.fee_paid]
        pool = core.pool([fee] * len(paid), house)
        rows = _rows(core.payouts(pool.prizes, table, _places(members)), by_pk)
        divisions.append(PoolBlock(
            name=division_names.get(code, code), fee=fee, paid=len(paid),
            unpaid=len(members) - len(paid), pool=pool, house_share=house, payouts=rows,
            unpaid_names=[str(e.player) for e in members if not e.fee_paid and not e.withdrawn]))
    side_blocks = []
    calcutta_block = None
    if purse:
        for sp in purse.side_pools.prefetch_related("entrants"):
            joined = [(r, by_pk[r.entry_id]) for r in sp.entrants.all() if r.entry_id in by_pk]
            paid_entries = [e for r, e in joined if r.paid]
            pool = core.pool([sp.entry_fee] * len(paid_entries), sp.house_share)
            rows = _rows(core.payouts(pool.prizes, table_of(sp), _places(paid_entries)), by_pk)
            side_blocks.append(PoolBlock(
                name=sp.name, fee=sp.entry_fee, paid=len(paid_entries),
                unpaid=len(joined) - len(paid_entries), pool=pool, house_share=sp.house_share,
                payouts=rows, unpaid_names=[str(e.player) for r, e in joined if not r.paid]))
        if purse.calcutta:
            sales = [s for s in CalcuttaSale.objects.filter(purse=purse) if s.entry_id in by_pk]
            buyers = {s.entry_id: s.buyer for s in sales}
            pool, pays = core.calcutta(
                [core.Sale(s.entry_id, s.buyer, s.price) for s in sales], table,
                _places([by_pk[s.entry_id] for s in sales]), purse.calcutta_house_share)
            rows = _rows(pays, by_pk)
            for r in rows:
                r.buyer = buyers[r.entry_id]
            calcutta_block = PoolBlock(name="calcutta", fee=None, paid=len(sales), unpaid=0,
                                       pool=pool, house_share=purse.calcutta_house_share,
                                       payouts=rows)
    return Ledger(tournament=tournament, purse=purse,
                  currency=purse.currency if purse else "EUR", divisions=divisions,
                  side_pools=side_blocks, calcutta=calcutta_block)


def sales_of(purse: EventPurse) -> QuerySet[CalcuttaSale]:
    return CalcuttaSale.objects.filter(purse=purse).select_related("entry__player")
