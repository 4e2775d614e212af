"""A federation in a real browser, on a phone and a laptop: its page, the calendar's
htmx filters, the national ranking's rows opening a player's profile, a director's
request and the admin's answer; axe-core on each page."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from federations.models import Affiliation
from tests.e2e import crawl
from tests.factories import ClubFactory, UserFactory
from tests.federations.support import event, federation, member, players, ranked_event
from tests.support.browser import sign_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _sign_in(page, base: str, user) -> None:
    sign_in(page.context, base, user)


def test_a_federation_on_a_phone(live_server, page) -> None:
    base = live_server.url
    admin = UserFactory(username="fedadmin")
    fed = federation(admins=[admin], name="Caspian Federation", slug="caspian")
    club = member(fed, ClubFactory(name="Riverside", directors=[UserFactory()]))
    entrants = players(club, prefix="River")
    today = datetime.date.today()
    ranked_event(club, entrants, name="River open", day=today.replace(month=1, day=2))
    event(club, "Short spring cup", today + datetime.timedelta(days=3))
    event(club, "Long nardy night", today + datetime.timedelta(days=4), variant="nardy")
    event(club, "Members only", today + datetime.timedelta(days=5), public=False)
    applicant = UserFactory(username="harbourboss")
    ClubFactory(name="Harbour", directors=[applicant])

    problems = crawl.Problems()
    for path in ("/federations/", "/federations/caspian/", "/federations/caspian/calendar/",
                 "/federations/caspian/ranking/"):
        crawl.check(page, base + path, path, problems, strip={"Caspian Federation",
                                                               "Riverside"})
    assert not problems, problems.report()

    page.set_viewport_size(crawl.PHONE)
    page.goto(base + "/federations/caspian/calendar/")
    calendar = page.locator("#calendar")
    assert "Short spring cup" in calendar.inner_text()
    assert "Members only" not in page.content()
    page.get_by_label("Game").select_option("nardy")
    page.wait_for_function(
        "!document.querySelector('#calendar').textContent.includes('Short spring cup')")
    assert "Long nardy night" in calendar.inner_text() and "variant=nardy" in page.url

    page.goto(base + "/federations/caspian/ranking/")
    page.locator("#national-ranking").get_by_role("link", name="River0").first.click()
    page.wait_for_url("**/rankings/players/*/**")
    assert page.get_by_role("heading", name="River0", level=1).is_visible()

    # A director asks for their club; the admin accepts on the admin page.
    _sign_in(page, base, applicant)
    page.goto(base + "/federations/caspian/")
    page.get_by_label("Ask to join the federation for").select_option(label="Harbour")
    page.get_by_role("button", name="Send the request").click()
    page.wait_for_load_state()
    assert Affiliation.objects.filter(club__name="Harbour", status="pending").exists()
    page.context.clear_cookies()
    _sign_in(page, base, get_user_model().objects.get(username="fedadmin"))
    page.goto(base + "/federations/caspian/manage/")
    problems = crawl.Problems()
    crawl.check(page, base + "/federations/caspian/manage/", "manage", problems,
                strip={"Caspian Federation", "Riverside", "Harbour", "fedadmin"})
    assert not problems, problems.report()
    page.set_viewport_size(crawl.PHONE)
    row = page.get_by_role("row").filter(has_text="Harbour")
    row.get_by_role("button", name="Accept").click()
    page.wait_for_load_state()
    assert Affiliation.objects.get(club__name="Harbour").status == "active"
    page.goto(base + "/federations/caspian/")
    assert page.get_by_role("link", name="Harbour").is_visible()
