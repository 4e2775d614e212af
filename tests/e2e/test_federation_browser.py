"""A federation in a real browser, on a phone and a laptop: its page, the calendar's
htmx filters, the national ranking's rows opening a player's profile, a director's
request and the admin's answer; axe-core on each page."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation
from django.utils.translation import gettext

from federations.models import Affiliation, Federation
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


# A laptop, a big screen, then the phone: the steps after each check run at 390 px.
SIZES = [crawl.LAPTOP, {"width": 1920, "height": 1080}, crawl.PHONE]


def _ru(text: str) -> str:
    with translation.override("ru"):
        return gettext(text)


def test_a_russian_speaker_starts_a_federation_on_a_phone(live_server, browser) -> None:
    """From the list's link to the manage page, at 390 px in Russian, axe-clean: a blank
    name is refused on its field first, then the founder is the admin and corrects the
    date their first club joined."""
    base = live_server.url
    founder = UserFactory(username="osnovatel")
    club = ClubFactory(name="Клуб у моря", slug="klub-u-moria", directors=[founder])
    context = browser.new_context(viewport=crawl.PHONE, locale="ru-RU", bypass_csp=True)
    sign_in(context, base, founder, "ru")
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(base + "/federations/")
        page.get_by_role("button", name=_ru("Start a federation")).click()  # a link styled as a button
        page.wait_for_url("**/federations/new/")
        problems = crawl.Problems()
        crawl.check(page, page.url, "start", problems, language="ru", viewports=SIZES)
        assert not problems, problems.report()
        page.get_by_role("button", name=_ru("Start the federation")).click()
        page.wait_for_load_state()
        assert page.locator("#id_name_errors").inner_text() == _ru("A federation needs a name.")
        assert not Federation.objects.exists()
        page.get_by_label(_ru("name")[:1].upper() + _ru("name")[1:], exact=True).fill(
            "Федерация нард Каспия")
        page.locator("#id_country").fill("Азербайджан")
        page.locator("#id_description").fill("Клубы побережья.")
        page.get_by_role("button", name=_ru("Start the federation")).click()
        page.wait_for_url("**/federations/federatsiia-nard-kaspiia/manage/")
        fed = Federation.objects.get()
        assert list(fed.admins.all()) == [founder] and fed.country == "Азербайджан"
        problems = crawl.Problems()
        crawl.check(page, page.url, "manage", problems, language="ru",
                    viewports=SIZES,
                    strip={"Федерация нард Каспия", "osnovatel", "Клуб у моря"})
        assert not problems, problems.report()

        # The founder's club joins; the admin corrects the day it joined.
        member(fed, club, since=None)
        page.reload()
        affiliation = Affiliation.objects.get(club=club)
        page.get_by_text(_ru("Correct the dates")).click()
        page.locator(f"#id_dates-{affiliation.pk}-joined_on").fill("2018-09-01")
        page.get_by_role("button", name=_ru("Save the dates")).click()
        page.wait_for_load_state()
        affiliation.refresh_from_db()
        assert affiliation.joined_on == datetime.date(2018, 9, 1)
        page.goto(base + fed.get_absolute_url())
        assert "член федерации с 1 сентября 2018" in page.locator("main").inner_text()
    finally:
        context.close()
