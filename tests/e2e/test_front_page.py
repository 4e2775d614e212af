"""The front page invites (issue 27, part 5): for a visitor "Sign up" and "Start a club"
are the first buttons, on a Russian phone and an English laptop; a signed-in person without
a club is offered "Start a club" first. The page fits the phone and stays axe-clean, and
the site has a real icon."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext

from tests.e2e.crawl import AXE, AXE_JS
from tests.factories import ClubFactory, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

BUTTONS = ("() => [...document.querySelectorAll('main [role=button], main button')]"
           ".filter(e => e.offsetParent !== null).map(e => e.innerText.trim())")
WIDEST = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"



def words(language: str, *texts: str) -> list[str]:
    with translation.override(language):
        return [gettext(text) for text in texts]


def open_home(browser, live_server, language: str, width: int):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": width, "height": 844}, bypass_csp=True)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def check_page(page, width: int) -> None:  # type: ignore[no-untyped-def]
    assert page.evaluate(WIDEST) <= width + 2
    page.add_script_tag(path=str(AXE))
    assert page.evaluate(AXE_JS) == []


@pytest.mark.parametrize(("language", "width"), [("ru", 390), ("en", 1280)])
def test_a_visitor_is_offered_sign_up_and_start_a_club_first(
        live_server, browser, language: str, width: int) -> None:
    ClubFactory(name="Riverside")  # a site with a club already: the invitation stays first
    context, page = open_home(browser, live_server, language, width)
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == language
    sign_up, start_a_club = words(language, "Sign up", "Start a club")
    assert page.evaluate(BUTTONS)[:2] == [sign_up, start_a_club]
    assert page.locator("main [role=button]").first.is_visible()
    check_page(page, width)

    # "Start a club" signs the visitor up and then opens the club form.
    page.locator("main [role=button]").nth(1).click()
    page.wait_for_url("**/accounts/signup/**")
    assert "next=/clubs/new/" in page.url
    context.close()


def test_a_person_without_a_club_is_offered_to_start_one_first(live_server, browser) -> None:
    UserFactory(username="newcomer")
    context, page = open_home(browser, live_server, "ru", 390)
    page.goto(live_server.url + "/accounts/login/")
    page.locator("input[name=login]").fill("newcomer")
    page.locator("input[name=password]").fill("password")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(live_server.url + "/")
    assert page.evaluate(BUTTONS)[0] == words("ru", "Start a club")[0]
    check_page(page, 390)
    page.locator("main [role=button]").first.click()
    page.wait_for_url(live_server.url + "/clubs/new/")
    context.close()


def test_the_site_has_an_icon(client) -> None:
    home = client.get("/").content.decode()
    assert 'href="data:,"' not in home
    for link in ('rel="icon"', 'rel="apple-touch-icon"'):
        start = home.index(link)
        tag = home[home.rindex("<link", 0, start):home.index(">", start)]
        url = tag.split('href="')[1].split('"')[0]
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert answer["Content-Type"].startswith("image/"), answer["Content-Type"]
        assert b"".join(answer.streaming_content if answer.streaming else [answer.content])
