"""The site's header on a phone and a laptop (issue 27 part 3): the phone's Menu button
shows the unread count (the Notifications link is folded away behind it), and the
signed-in header fits one row at 1280 px, in English and in Russian."""

from __future__ import annotations

from typing import Any

import pytest

from notifications.models import Kind, Notification
from tests.e2e.crawl import AXE, AXE_JS
from tests.factories import ClubFactory, UserFactory
from tests.support.browser import signed_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WIDEST = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
ROWS_JS = """
() => {
  const items = document.querySelectorAll(
    '.site-bar > a.brand, .site-bar > details, .site-nav > li, .site-account > li');
  return new Set(Array.from(items).filter((el) => el.offsetParent !== null)
    .map((el) => Math.round(el.getBoundingClientRect().top / 8))).size;
}
"""


def note(user: Any, number: int) -> Notification:
    return Notification.objects.create(user=user, kind=Kind.PAIRING, title=f"Note {number}",
                                       url="/", key=f"test-{user.pk}-{number}")


def test_the_phones_menu_button_counts_the_unread(live_server: Any, browser: Any) -> None:
    player = UserFactory(username="leyla")
    ClubFactory(directors=[player])
    note(player, 1)
    note(player, 2)
    context, page = signed_in(browser, live_server.url, player, {"width": 390, "height": 844})
    page.goto(live_server.url + "/tournaments/")
    menu = page.locator("button.menu-toggle")
    assert menu.is_visible() and not page.locator(".notifications-link").is_visible()
    assert page.get_by_role("button", name="2 unread").count() == 1  # said, not only drawn
    assert menu.locator(".unread-count").inner_text() == "2"
    menu.click()  # the phone's menu lists the account's pages, no dropdown inside it
    assert page.get_by_role("link", name="My clubs").is_visible()
    assert page.get_by_role("button", name="Log out leyla").is_visible()
    assert page.evaluate(WIDEST) <= 390
    page.evaluate(AXE.read_text())
    assert page.evaluate(AXE_JS) == []

    # Read elsewhere: the next poll updates the button too (the badge's answer carries it).
    Notification.objects.filter(user=player).update(read_at="2026-11-28T12:00:00Z")
    page.evaluate("""() => {
      const badge = document.querySelector('.notifications-link [hx-get]');
      return htmx.ajax('GET', badge.getAttribute('hx-get'), {target: badge, swap: 'innerHTML'});
    }""")
    page.wait_for_function("!document.querySelector('#menu-unread .unread-count')")
    assert page.get_by_role("button", name="Menu").is_visible()
    context.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_signed_in_header_fits_one_row_on_a_laptop(live_server: Any, browser: Any,
                                                      language: str) -> None:
    director = UserFactory(username="a-director-with-a-long-login")
    ClubFactory(directors=[director])
    note(director, 1)
    context, page = signed_in(browser, live_server.url, director, {"width": 1280, "height": 800},
                              language)
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == language
    assert not page.locator("button.menu-toggle").is_visible()
    assert page.evaluate(ROWS_JS) == 1, page.locator(".site-header").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    account = page.locator("button.account-toggle")
    my_clubs = page.locator(".account-items a[href='/me/clubs/']")
    account.click()  # the account's pages open below the name
    assert my_clubs.is_visible()
    assert account.get_attribute("aria-expanded") == "true"
    page.evaluate(AXE.read_text())
    assert page.evaluate(AXE_JS) == []
    page.keyboard.press("Escape")
    assert not my_clubs.is_visible()
    account.click()
    page.locator("main").click(position={"x": 5, "y": 5})  # a click elsewhere closes it
    assert not my_clubs.is_visible()
    context.close()
