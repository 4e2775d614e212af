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
    t = make_event(3, entry_fee=D("10"))
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

    bad = director.put(url, {"payout_preset": "custom", "payout_custom": ["80", "30"]}, format="json")
    assert bad.status_code == 400 and error_field(bad) == "payout_custom"
    assert "110" in error_of(bad)["fields"]["payout_custom"][0]
    bad = director.put(url, {"house_share": "150"}, format="json")
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
