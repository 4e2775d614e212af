import csv
import io
from decimal import Decimal as D

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from money import selectors, services
from money.csv_export import safe
from money.models import CalcuttaSale, EventPurse, SidePool
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tests.tournaments.tournament_helpers import director_of, make_event
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def _finish(tournament, places):
    """Set fee_paid and places: ``places`` lists place ranges in entry order."""
    entries = list(Entry.objects.filter(tournament=tournament).order_by("pk"))
    for entry, rng in zip(entries, places):
        entry.fee_paid = True
        entry.place_first, entry.place_last = rng if rng else (None, None)
        entry.save()
    return entries


def test_ledger_pool_house_and_payouts_with_tie():
    t = make_event(6, entry_fee=D(20))
    entries = _finish(t, [(1, 1), (2, 2), (3, 4), (3, 4), (5, 6), None])
    Entry.objects.filter(pk=entries[-1].pk).update(fee_paid=False)
    services.save_purse(tournament=t, house_share="10", payout_preset="custom",
                        payout_custom=["50", "25", "15", "10"])
    block = selectors.ledger(t).divisions[0]
    assert (block.paid, block.unpaid) == (5, 1)
    assert (block.pool.collected, block.pool.house, block.pool.prizes) == (D("100.00"), D("10.00"), D("90.00"))
    got = {r.entry_id: r.amount for r in block.payouts}
    assert got == {entries[0].pk: D("45.00"), entries[1].pk: D("22.50"),
                   entries[2].pk: D("11.25"), entries[3].pk: D("11.25")}
    assert sum(got.values()) == block.pool.prizes


def test_divisions_have_their_own_fee_and_pool():
    t = make_event(4, entry_fee=D(10),
                   divisions=[{"code": "open", "name": "Open"}, {"code": "nov", "name": "Novice"}])
    entries = _finish(t, [(1, 1), (2, 2), (1, 1), (2, 2)])
    for e, div in zip(entries, ["open", "open", "nov", "nov"]):
        Entry.objects.filter(pk=e.pk).update(division=div)
    services.save_purse(tournament=t, house_share="0", payout_preset="60-40",
                        division_fees={"open": "50"})
    blocks = {b.name: b for b in selectors.ledger(t).divisions}
    assert blocks["Open"].pool.prizes == D("100.00")
    assert blocks["Novice"].pool.prizes == D("20.00")
    assert [r.amount for r in blocks["Open"].payouts] == [D("60.00"), D("40.00")]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"payout_preset": "custom", "payout_custom": ["60", "50"]}, "payout_custom"),
        ({"house_share": "101"}, "house_share"),
        ({"house_share": "-1"}, "house_share"),
        ({"house_share": "abc"}, "house_share"),
        ({"currency": "E1"}, "currency"),
        ({"division_fees": {"zz": "5"}}, "division_fees"),
        ({"calcutta_house_share": "200"}, "calcutta_house_share"),
    ],
)
def test_bad_purse_is_refused_and_nothing_saved(kwargs, field):
    t = make_event(2)
    with pytest.raises(ValidationError) as exc:
        services.save_purse(tournament=t, **kwargs)
    assert field in exc.value.message_dict
    assert not EventPurse.objects.filter(tournament=t).exists()


def test_side_pool_and_calcutta():
    t = make_event(4, entry_fee=D(10))
    entries = _finish(t, [(1, 1), (2, 2), (3, 3), (4, 4)])
    purse = services.save_purse(tournament=t, house_share="0", payout_preset="60-40",
                                calcutta=True, calcutta_house_share="5")
    with pytest.raises(ValidationError) as exc:
        services.add_side_pool(purse=purse, name="Jackpot", entry_fee="-5")
    assert "entry_fee" in exc.value.message_dict
    assert not SidePool.objects.exists()
    sp = services.add_side_pool(purse=purse, name="Jackpot", kind="jackpot", entry_fee="5")
    for e in entries[1:]:
        services.set_side_pool_entrant(side_pool=sp, entry=e, joined=True, paid=e != entries[3])
    services.set_side_pool_entrant(side_pool=sp, entry=entries[3], joined=True, paid=False)
    with pytest.raises(ValidationError) as exc:
        services.record_sale(purse=purse, entry=entries[0], buyer="Ann", price="-1")
    assert "price" in exc.value.message_dict
    services.record_sale(purse=purse, entry=entries[0], buyer="Ann", price="100")
    services.record_sale(purse=purse, entry=entries[1], buyer="Bob", price="100")
    with pytest.raises(ValidationError):
        services.record_sale(purse=purse, entry=entries[1], buyer="Cy", price="1")
    assert CalcuttaSale.objects.count() == 2
    ledger = selectors.ledger(t)
    side = ledger.side_pools[0]
    assert (side.paid, side.unpaid, side.pool.prizes) == (2, 1, D("10.00"))
    # entrant 2 is best among the side pool's paid entrants: winner takes all
    assert [(r.entry_id, r.amount) for r in side.payouts] == [(entries[1].pk, D("10.00"))]
    cal = ledger.calcutta
    assert (cal.pool.collected, cal.pool.house, cal.pool.prizes) == (D("200.00"), D("10.00"), D("190.00"))
    assert [(r.buyer, r.amount) for r in cal.payouts] == [("Ann", D("114.00")), ("Bob", D("76.00"))]


def test_side_pool_and_calcutta_take_the_entrants_of_the_events_divisions():
    """After the draw an event's entrants belong to its divisions' events: they still join
    its side pools and are sold in its calcutta; another event's entrant is refused."""
    from tournaments import services as tournament_services

    t = make_event(8, entry_fee=D(10),
                   divisions=[{"code": "open", "name": "Open"}, {"code": "nov", "name": "Novice"}])
    for index, entry in enumerate(Entry.objects.filter(tournament=t).order_by("pk")):
        Entry.objects.filter(pk=entry.pk).update(division="open" if index < 4 else "nov")
    tournament_services.make_draw(tournament=t, actor=director_of(t))
    moved = Entry.objects.filter(tournament__parent=t).order_by("pk").first()
    assert moved is not None and moved.tournament_id != t.pk
    purse = services.save_purse(tournament=t, calcutta=True)
    pool = services.add_side_pool(purse=purse, name="Jackpot", entry_fee="5")
    services.set_side_pool_entrant(side_pool=pool, entry=moved, joined=True, paid=True)
    services.record_sale(purse=purse, entry=moved, buyer="Ann", price="50")
    assert selectors.ledger(t).calcutta.pool.collected == D("50.00")
    stranger = Entry.objects.filter(tournament=make_event(2)).first()
    for act in (lambda: services.set_side_pool_entrant(side_pool=pool, entry=stranger, joined=True),
                lambda: services.record_sale(purse=purse, entry=stranger, buyer="Bo", price="1")):
        with pytest.raises(ValidationError) as exc:
            act()
        assert "entry" in exc.value.message_dict


def test_page_members_see_directors_edit_and_csv_escapes(client):
    t = make_event(3, entry_fee=D(10))
    _finish(t, [(1, 1), (2, 2), (3, 3)])
    Entry.objects.filter(tournament=t).first().player.__class__.objects.filter(
        entries__tournament=t).first()
    url = reverse("money:event", args=[t.pk])
    outsider = UserFactory()
    client.force_login(outsider)
    assert client.get(url).status_code == 403
    member = UserFactory()
    MembershipFactory(club=t.club, player=PlayerFactory(user=member))
    client.force_login(member)
    page = client.get(url)
    assert page.status_code == 200
    assert b"purse-form" not in page.content
    assert client.post(reverse("money:save_purse", args=[t.pk]), {}).status_code == 403

    client.force_login(director_of(t))
    bad = client.post(reverse("money:save_purse", args=[t.pk]),
                      {"currency": "EUR", "house_share": "10", "payout_preset": "custom",
                       "payout_custom": "70, 40", "calcutta_house_share": "0"})
    assert bad.status_code == 400
    assert "110" in bad.content.decode()
    assert not EventPurse.objects.filter(tournament=t).exists()
    ok = client.post(reverse("money:save_purse", args=[t.pk]),
                     {"currency": "EUR", "house_share": "10", "payout_preset": "50-30-20",
                      "payout_custom": "", "calcutta": "on", "calcutta_house_share": "0"})
    assert ok.status_code == 302
    purse = EventPurse.objects.get(tournament=t)
    services.add_side_pool(purse=purse, name="=HYPERLINK(1)", entry_fee="1")
    page = client.get(url)
    assert b"purse-form" in page.content
    assert "27.00" in page.content.decode()  # 30 collected - 10 % = 27 prize pool
    # Its blocks are headed by their division or pool name: no raw "calcutta", no empty h3.
    assert "<h3>calcutta</h3>" not in page.content.decode()
    assert "<h3></h3>" not in page.content.decode()
    rows = list(csv.reader(io.StringIO(client.get(reverse("money:csv", args=[t.pk])).content.decode())))
    assert any(r[1] == "'=HYPERLINK(1)" for r in rows)
    assert any(r[4] == "13.50" for r in rows)  # first place: 50 % of 27


@pytest.mark.parametrize(("value", "out"), [("=1+1", "'=1+1"), ("+3", "'+3"), ("-2", "'-2"),
                                            ("@x", "'@x"), ("Ann", "Ann"), (D("1.50"), "1.50")])
def test_csv_safe(value, out):
    assert safe(value) == out


def test_tournament_page_links_to_money(client):
    t = make_event(2)
    client.force_login(director_of(t))
    page = client.get(reverse("tournaments:tournament_detail", args=[t.pk]))
    assert reverse("money:event", args=[t.pk]) in page.content.decode()
