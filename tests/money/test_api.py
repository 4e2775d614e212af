from decimal import Decimal as D

import pytest
from rest_framework.test import APIClient

from money.models import EventPurse, SidePool
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tests.support.clients import error_field, error_of
from tests.tournaments.tournament_helpers import director_of, make_event
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def _client(user):
    c = APIClient()
    c.force_authenticate(user)
    return c


def test_api_members_read_directors_write():
    t = make_event(3, entry_fee=D(10))
    entries = list(Entry.objects.filter(tournament=t).order_by("pk"))
    for i, e in enumerate(entries, 1):
        Entry.objects.filter(pk=e.pk).update(fee_paid=True, place_first=i, place_last=i)
    url = f"/api/event-money/{t.pk}/"
    director = _client(director_of(t))
    member_user = UserFactory()
    MembershipFactory(club=t.club, player=PlayerFactory(user=member_user))
    member = _client(member_user)
    assert _client(UserFactory()).get(url).status_code == 404
    assert member.put(url, {"house_share": "5"}, format="json").status_code == 403

    # well-formed numbers the rules refuse: 409 with the field and its sentence
    bad = director.put(url, {"payout_preset": "custom", "payout_custom": ["80", "30"]}, format="json")
    assert bad.status_code == 409 and error_field(bad) == "payout_custom"
    assert "110" in error_of(bad)["fields"]["payout_custom"][0]
    bad = director.put(url, {"house_share": "150"}, format="json")
    assert bad.status_code == 409 and error_field(bad) == "house_share"
    # not a number at all: 400, as the schema's pattern says
    bad = director.put(url, {"house_share": "lots"}, format="json")
    assert bad.status_code == 400 and error_field(bad) == "house_share"
    assert not EventPurse.objects.exists()

    ok = director.put(url, {"house_share": "10", "payout_preset": "60-40", "calcutta": True},
                      format="json")
    assert ok.status_code == 200, ok.json()
    body = member.get(url).json()
    div = body["divisions"][0]
    assert (div["collected"], div["house"], div["prizes"]) == ("30.00", "3.00", "27.00")
    assert [p["amount"] for p in div["payouts"]] == ["16.20", "10.80"]

    r = director.post(url + "side-pools/", {"name": "Pot", "entry_fee": "-1"}, format="json")
    assert r.status_code == 400 and error_field(r) == "entry_fee"
    r = director.post(url + "side-pools/", {"name": "Pot", "entry_fee": "2"}, format="json")
    assert r.status_code == 201
    pool = SidePool.objects.get()
    r = director.post(url + "side-pool-entrants/",
                      {"side_pool": pool.pk, "entry": entries[2].pk, "joined": True, "paid": True},
                      format="json")
    assert r.json()["side_pools"][0]["prizes"] == "2.00"
    r = director.post(url + "sales/", {"entry": entries[0].pk, "buyer": "Ann", "price": "-5"},
                      format="json")
    assert r.status_code == 400 and error_field(r) == "price"
    r = director.post(url + "sales/", {"entry": entries[0].pk, "buyer": "Ann", "price": "50"},
                      format="json")
    assert r.status_code == 201
    assert r.json()["calcutta"]["payouts"][0]["buyer"] == "Ann"


def test_schema_documents_event_money():
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    assert "/api/event-money/{id}/" in schema["paths"]
    assert "/api/event-money/{id}/sales/" in schema["paths"]


def _event_with_money(*, calcutta: bool):
    t = make_event(2, entry_fee=D(10))
    director = _client(director_of(t))
    url = f"/api/event-money/{t.pk}/"
    assert director.put(url, {"calcutta": calcutta}, format="json").status_code == 200
    return t, director, url


def test_refusals_of_the_rules_and_missing_ids_are_409_with_a_code():
    """Input that fits the schema but the event refuses is a domain error (409); an id of
    nothing in this event is 409 too (not_found); amounts that are not amounts are 400 (found by
    Schemathesis: all of these answered 400, "valid request rejected")."""
    t, director, url = _event_with_money(calcutta=False)
    entry = Entry.objects.filter(tournament=t).first()
    r = director.post(url + "sales/", {"entry": entry.pk, "buyer": "Ann", "price": "0"}, format="json")
    assert r.status_code == 409 and error_of(r)["code"] == "no_calcutta"
    assert error_field(r) == "entry"
    r = director.put(url, {"division_fees": {"": "0"}}, format="json")
    assert r.status_code == 409 and error_of(r)["code"] == "unknown_division"
    assert error_of(r)["message"][0].isupper()
    r = director.post(url + "side-pool-entrants/",
                      {"side_pool": 999, "entry": entry.pk, "joined": False}, format="json")
    assert r.status_code == 409 and error_field(r) == "side_pool"
    assert error_of(r)["code"] == "not_found"
    for fee in ("0/1", "1e3", "12.345", "", " 5", 5.5, True):
        r = director.post(url + "side-pools/", {"name": "Pot", "entry_fee": fee}, format="json")
        assert r.status_code == 400 and error_field(r) == "entry_fee", fee
    r = director.post(url + "side-pools/", {"name": "Pot", "entry_fee": "1000000"}, format="json")
    assert r.status_code == 409 and error_field(r) == "entry_fee"
    assert not SidePool.objects.exists()
    r = director.post(url + "side-pools/", {"name": "Pot", "entry_fee": 5}, format="json")
    assert r.status_code == 201  # a whole JSON number, as the schema says


def test_sales_before_the_money_is_set_are_409():
    t = make_event(2, entry_fee=D(10))
    entry = Entry.objects.filter(tournament=t).first()
    r = _client(director_of(t)).post(f"/api/event-money/{t.pk}/sales/",
                                     {"entry": entry.pk, "buyer": "Ann", "price": "1"},
                                     format="json")
    assert r.status_code == 409 and error_of(r)["code"] == "no_purse"
