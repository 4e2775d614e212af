"""Rankings in a real browser: the nav link, htmx filters, a row opening the profile."""

import datetime

import pytest

from leaderboard.services.points import PlacedEntrant, create_external_event
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory
from tests.tournaments.leaderboard_support import at, confirm

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _event(club, players, name, variant):
    places = [1, 2, 3, 3] + [None] * (len(players) - 4)
    create_external_event(
        club=club, name=name, date=datetime.date(2026, 2, 1), variant=variant,
        entrants=[PlacedEntrant(p, place) for p, place in zip(players, places, strict=True)],
    )


def test_filters_update_the_table_and_rows_open_profiles(live_server, page) -> None:
    club = ClubFactory(name="Riverside")
    backgammon = [PlayerFactory(display_name=f"Short {n}", name=f"Hidden {n}") for n in range(8)]
    nardy = [PlayerFactory(display_name=f"Long {n}") for n in range(8)]
    for player in backgammon + nardy:
        MembershipFactory(club=club, player=player)
    confirm(club, backgammon[0], backgammon[1], 5, when=at(0))
    _event(club, backgammon, "Short open", "backgammon")
    _event(club, nardy, "Long open", "nardy")

    page.goto(live_server.url + "/")
    page.get_by_role("navigation").get_by_role("link", name="Rankings").click()
    page.wait_for_url(live_server.url + "/rankings/")
    page.get_by_label("Season").fill("2026")
    page.get_by_label("Season").dispatch_event("change")
    page.wait_for_function("document.querySelector('#ranking-table').textContent.includes('Long 0')")
    table = page.locator("#ranking-table")
    assert "Short 0" in table.inner_text() and "Hidden" not in page.content()

    page.get_by_label("Game").select_option("nardy")
    page.wait_for_function("!document.querySelector('#ranking-table').textContent.includes('Short 0')")
    assert "Long 0" in table.inner_text()
    assert "variant=nardy" in page.url  # hx-push-url keeps the filters in the address

    page.get_by_text("Any date range").click()
    page.get_by_label("From").fill("2026-05-01")
    page.get_by_label("To").fill("2026-04-01")
    page.get_by_label("To").dispatch_event("change")
    page.wait_for_function("document.querySelector('#ranking-table').textContent.includes('before the start date')")
    page.get_by_label("From").fill("")
    page.get_by_label("To").fill("")
    page.get_by_label("Game").select_option("backgammon")
    page.wait_for_function("document.querySelector('#ranking-table').textContent.includes('Short 0')")
    page.locator("#ranking-table").get_by_role("link", name="Short 0").click()
    page.wait_for_url("**/rankings/players/*/**")
    assert page.get_by_role("heading", name="Short 0", level=1).is_visible()
    assert page.locator("svg.rating-chart circle").count() == 2
    assert page.locator("svg.rating-chart").bounding_box()["width"] > 100
    page.set_viewport_size({"width": 375, "height": 740})  # a phone
    box = page.locator("svg.rating-chart").bounding_box()
    assert 250 < box["width"] <= 375
