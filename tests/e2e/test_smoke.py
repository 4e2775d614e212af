"""Smoke tests through the real pieces: Redis, a Celery worker process, a browser."""

import pytest

from games.tasks import ping
from tests.factories import ClubFactory, UserFactory

pytestmark = pytest.mark.e2e


def test_task_round_trips_through_the_real_worker(celery_worker) -> None:
    UserFactory()
    UserFactory()
    result = ping.delay("over redis")
    assert result.get(timeout=30) == {"pong": "over redis", "users": 2}
    # The answer came back through the Redis result backend, from another process.
    assert result.backend.__class__.__name__ == "RedisBackend"


def test_home_page_loads_and_navigation_works(live_server, page) -> None:
    ClubFactory(name="Smoke Test Club")
    page.goto(live_server.url + "/")
    assert "Smoke Test Club" in page.content()
    assert page.evaluate("typeof window.htmx") == "object"
    page.get_by_role("navigation").get_by_role("link", name="Clubs").click()
    page.wait_for_url(live_server.url + "/clubs/")
    assert page.get_by_role("heading", name="Clubs", level=1).is_visible()
    page.get_by_role("link", name="Smoke Test Club").click()
    page.wait_for_url("**/clubs/smoke-test-club/")


def test_htmx_search_updates_the_club_table(live_server, page) -> None:
    ClubFactory(name="Alpha Club")
    ClubFactory(name="Beta Club")
    page.goto(live_server.url + "/clubs/")
    page.get_by_role("searchbox").fill("beta")
    page.wait_for_function("!document.querySelector('#club-rows').textContent.includes('Alpha')")
    assert "Beta Club" in page.locator("#club-rows").inner_text()


def test_login_in_the_browser(live_server, page) -> None:
    UserFactory(username="browser-user")
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill("browser-user")
    page.get_by_label("Password").fill("password")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(live_server.url + "/")
    account = page.get_by_role("button", name="Your account: browser-user")
    assert account.is_visible()  # the name opens the account menu (a laptop's header)
    account.click()
    assert page.get_by_role("button", name="Log out browser-user").is_visible()
