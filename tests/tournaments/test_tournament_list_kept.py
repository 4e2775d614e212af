"""A visitor's tournament list is kept per language and address under the version of the
events' and clubs' rows (``page_cache.site_fragment(..., events_only=True)``): a change of
an event or a club shows at once, a result does not drop it, and only public events ever
reach it (a signed-in person's list is worked out each time).

The suite runs with the page cache on (tests/conftest.py)."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.tournaments.leaderboard_support import at, confirm
from tournaments.models import Tournament
from tournaments.views import public as views

pytestmark = pytest.mark.django_db

LISTING = re.compile(r'<details class="filters-box".*</section>', re.DOTALL)


def listing(client: Client, url: str = "/tournaments/") -> str:
    response = client.get(url)
    assert response.status_code == 200
    return LISTING.search(response.content.decode()).group(0)


def fresh(client: Client, url: str = "/tournaments/") -> str:
    previous = settings.NARDY_PAGE_CACHE
    settings.NARDY_PAGE_CACHE = False
    try:
        return listing(client, url)
    finally:
        settings.NARDY_PAGE_CACHE = previous


def event(club: Any, name: str, *, public: bool = True) -> Tournament:
    return Tournament.objects.create(club=club, name=name, variant="backgammon", format="knockout",
                                     starts_on=datetime.date(2026, 12, 5), status="registration",
                                     is_public=public)  # fmt: skip


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    counted: list[str] = []
    real = views.render_to_string

    def counting(template: str, *args: Any) -> str:
        counted.append(template)
        return real(template, *args)

    monkeypatch.setattr(views, "render_to_string", counting)
    return counted


def test_changes_of_events_and_clubs_show_at_once_and_results_leave_it_kept(renders: list[str]) -> None:
    club = ClubFactory(name="Riverside")
    spring = event(club, "Spring Open")
    visitor = Client()
    assert "Spring Open" in listing(visitor)
    for change, shown in ((lambda: event(club, "Autumn Cup"), "Autumn Cup"),
                          (lambda: setattr(spring, "name", "Spring Masters") or spring.save(), "Spring Masters"),
                          (lambda: setattr(club, "name", "Lakeside") or club.save(), "Lakeside"),
                          (lambda: spring.delete(), "1 tournament<")):  # fmt: skip
        change()
        kept = listing(visitor)
        assert kept == fresh(visitor) and shown in kept
    count = len(renders)
    confirm(club, PlayerFactory(), PlayerFactory(), 5, when=at(0))
    listing(visitor)
    assert len(renders) == count  # a result: kept


def test_only_public_events_reach_a_kept_list() -> None:
    club = ClubFactory()
    event(club, "Open Day")
    event(club, "Members Only", public=False)
    member = UserFactory()
    MembershipFactory(club=club, player=PlayerFactory(user=member))
    signed_in = Client()
    signed_in.force_login(member)
    assert "Members Only" in listing(signed_in)  # worked out for them
    visitor = listing(Client())
    assert "Open Day" in visitor and "Members Only" not in visitor


def test_kept_per_address_and_a_search_is_worked_out(renders: list[str]) -> None:
    club = ClubFactory()
    for number in range(3):
        event(club, f"Event {number}")
    visitor = Client()
    listing(visitor, "/tournaments/?status=registration")
    listing(visitor, "/tournaments/?status=registration")
    listing(visitor, "/tournaments/?status=finished")
    assert len(renders) == 2
    for url in ("/tournaments/?name=Event", "/tournaments/?name=Event",
                "/tournaments/?status=nonsense", "/tournaments/?page=١"):
        listing(visitor, url)
    assert len(renders) == 6
    assert "No tournament fits these filters." in listing(visitor, "/tournaments/?status=finished")
