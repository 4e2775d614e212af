"""The tournament day without a network, in a real browser (Debian's chromium): two
players' phones enter their results while the venue's network is down (one of them
loses the server's answer on the way), the server restarts meanwhile, and when the
network returns both phones send what they kept: the bracket is right, nothing is lost,
nothing is entered twice. The kept pages stay readable offline, say as of when, and are
axe-clean at 390 px.

Playwright's offline switch does not stop a service worker's own requests, so the network
is also cut by routing every request to an error."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client

from common.models import IdempotencyKey
from games.models import MatchResult, ResultChange, ResultStatus
from games.services import confirm_result, enter_final_score
from tests.e2e.crawl import axe_problems
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.support.browser import cut_network, restore_network
from tests.support.celery_worker import database_url_for
from tests.support.requirements import missing
from tests.support.web_server import WebServer, start_web_server
from tournaments import services
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
LENGTHS = {"main": [3, 5, 5], "consolation": [3, 3, 3], "last_chance": [1, 1, 1],
           "group": [3], "swiss": [3]}


@pytest.fixture
def server(redis_server: Any, transactional_db: None, tmp_path: Path) -> Iterator[WebServer]:
    if not (settings.PWA_BUILD_DIR / "sw.js").exists():
        missing("build/pwa/sw.js (the service worker: make node-deps)")
    web = start_web_server(redis_server.url, database_url_for(connection.settings_dict),
                           settings.SECRET_KEY, tmp_path / "web.log")
    yield web
    web.stop()


def semi_finals() -> tuple[Tournament, list[Pairing]]:
    director = UserFactory(username="td")
    club = ClubFactory(name="Riverside", directors=[director])
    tournament = services.create_tournament(
        club=club, actor=director, name="Riverside Open", starts_on="2026-11-21",
        variant="backgammon", format=Tournament.Format.KNOCKOUT, match_lengths=LENGTHS)
    for name in ("Ana", "Boris", "Chen", "Dara"):
        player = PlayerFactory(name=f"{name} Fullname", display_name=name,
                               user=UserFactory(username=name.lower()))
        services.add_entry(tournament=tournament, player=player, actor=director)
    services.make_draw(tournament=tournament, actor=director)
    pairings = list(Pairing.objects.select_related("top__player__user", "bottom__player__user",
                                                    "match")
                    .filter(tournament=tournament, flight="main", round=1).order_by("number"))
    return tournament, pairings


def phone(browser: Any, base_url: str, user: Any) -> tuple[Any, Any]:
    """A phone signed in as ``user`` (a session made here, sent as the browser's cookie),
    its service worker installed and My matches read once through it."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie,
                          "url": base_url}])
    page = context.new_page()
    page.goto(base_url + "/my-matches/")
    page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.reload()  # through the worker now: kept for offline reading
    return context, page


def enter_result(page: Any, pairing: Pairing, winner_score: int, loser_score: int) -> None:
    top, bottom = pairing.top.player.display_name, pairing.bottom.player.display_name
    page.get_by_label(f"Score of {top}").fill(str(winner_score))
    page.get_by_label(f"Score of {bottom}").fill(str(loser_score))
    page.get_by_role("button", name="Enter result").click()



def test_two_phones_enter_results_offline_and_the_server_takes_each_once(
    server: WebServer, browser: Any
) -> None:
    tournament, (first, second) = semi_finals()
    length = first.match.length
    context_a, phone_a = phone(browser, server.url, first.top.player.user)
    context_b, phone_b = phone(browser, server.url, second.top.player.user)

    # Phone A: no network at all. The result is kept on the phone.
    cut_network(context_a)
    enter_result(phone_a, first, length, 1)
    phone_a.get_by_text("Kept on this phone").first.wait_for()

    # Phone B: the request reaches the server, its answer is lost on the way back.
    lost: list[str] = []

    def lose_the_answer(route: Any) -> None:
        route.fetch()
        lost.append(route.request.url)
        route.abort("connectionreset")

    context_b.route("**/my-matches/*/score/", lose_the_answer)
    enter_result(phone_b, second, 0, length)
    phone_b.get_by_text("Kept on this phone").first.wait_for()
    cut_network(context_b)
    assert len(lost) == 1
    assert not MatchResult.objects.filter(match=first.match).exists()  # A's is on the phone
    assert MatchResult.objects.filter(match=second.match).count() == 1  # B's arrived once

    # Offline, My matches is still there, as of when it was read, with what waits.
    phone_a.reload()
    banner = phone_a.locator("#offline-banner")
    banner.wait_for()
    assert "Offline — shown as of" in banner.inner_text()
    assert "waiting for the network: 1" in phone_a.locator("#offline-status").inner_text()
    assert axe_problems(phone_a) == []

    # The server restarts while the phones are offline; B's network comes back first.
    server.restart()
    restore_network(context_b)
    phone_b.get_by_text("have been sent: 1").wait_for(timeout=20000)
    restore_network(context_a)
    phone_a.get_by_text("have been sent: 1").wait_for(timeout=20000)

    for pairing, scores in ((first, (length, 1)), (second, (0, length))):
        results = list(MatchResult.objects.filter(match=pairing.match))
        assert [(int(r.score1), int(r.score2)) for r in results] == [scores]
        assert ResultChange.objects.filter(match=pairing.match, action="proposed").count() == 1
    assert IdempotencyKey.objects.count() == 2
    assert phone_a.evaluate("localStorage.getItem('nardy:queue')") == "[]"
    assert phone_b.evaluate("localStorage.getItem('nardy:queue')") == "[]"

    # The opponents confirm; the final is the two winners'.
    for pairing in (first, second):
        result = MatchResult.objects.get(match=pairing.match, status=ResultStatus.PROPOSED)
        confirm_result(result=result, by=pairing.bottom.player.user)
    final = Pairing.objects.select_related("top__player", "bottom__player").get(
        tournament=tournament, flight="main", round=2)
    assert {final.top.player.display_name, final.bottom.player.display_name} == {
        first.top.player.display_name, second.bottom.player.display_name}
    phone_a.goto(f"{server.url}/tournaments/{tournament.pk}/bracket/")
    assert second.bottom.player.display_name in phone_a.locator("[data-key='main-2-1']").inner_text()
    context_a.close()
    context_b.close()


def kept_pages(page: Any) -> list[str]:
    return page.evaluate("""async () => {
      const cache = await caches.open('nardy-pages');
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    }""")


def test_a_late_entry_waits_for_its_player_and_replaces_nothing(live_server: Any, browser: Any) -> None:
    """A stale session asks to sign in again and keeps the entry; sent after, it finds the
    opponent's result entered meanwhile and says so; another person signing in, or
    signing out, drops what the phone kept."""
    tournament, (first, second) = semi_finals()
    ana, boris = first.top.player.user, first.bottom.player.user
    length = first.match.length
    context, page = phone(browser, live_server.url, ana)
    assert "/my-matches/" in kept_pages(page)
    assert f"/tournaments/{tournament.pk}/bracket/" in kept_pages(page)  # kept beforehand

    assert f"/tournaments/{tournament.pk}/score-sheets/" in kept_pages(page)

    cut_network(context)
    # Her round's score sheets, never opened, read offline: kept from My matches.
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/score-sheets/?round={first.round}")
    assert first.bottom.player.display_name in page.locator("main").inner_text()
    page.goto(f"{live_server.url}/my-matches/")
    enter_result(page, first, length, 1)
    page.get_by_text("Kept on this phone").first.wait_for()
    theirs = enter_final_score(match=first.match, by=boris, score1=1, score2=length)
    Session.objects.all().delete()  # the session ends while the phone is offline

    restore_network(context)
    page.get_by_text("Your session has ended").wait_for()
    assert len(page.evaluate("JSON.parse(localStorage.getItem('nardy:queue'))")) == 1

    client = Client()
    client.force_login(ana)
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "url": live_server.url,
                          "value": client.cookies[settings.SESSION_COOKIE_NAME].value}])
    page.reload()
    note = page.locator(".offline-note-refused")
    note.wait_for()
    assert "Not sent" in note.inner_text() and "Meanwhile" in note.inner_text()
    assert "Nothing was changed" in note.inner_text()
    assert list(MatchResult.objects.filter(match=first.match)) == [theirs]
    assert page.evaluate("localStorage.getItem('nardy:queue')") == "[]"

    # Someone else signs in on this phone: Ana's kept pages go.
    assert kept_pages(page)
    chen = second.top.player.user
    client = Client()
    client.force_login(chen)
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "url": live_server.url,
                          "value": client.cookies[settings.SESSION_COOKIE_NAME].value}])
    page.goto(live_server.url + "/tournaments/")  # not a kept page
    page.wait_for_function(f"localStorage.getItem('nardy:user') === '{chen.pk}'")
    page.wait_for_function("caches.has('nardy-pages').then((has) => !has)")

    # Chen reads My matches (kept for him), then signs out: nothing stays.
    page.goto(live_server.url + "/my-matches/")
    page.wait_for_function("caches.has('nardy-pages')")
    menu = page.get_by_role("button", name="Menu")
    if menu.is_visible():  # a phone: the account links are in the menu
        menu.click()
    page.get_by_role("button", name=f"Log out {chen.username}").click()
    page.wait_for_url(live_server.url + "/")
    assert page.evaluate("localStorage.getItem('nardy:user')") == ""
    assert kept_pages(page) == []
    context.close()


def test_the_big_screen_keeps_its_last_state_offline_and_catches_up(live_server: Any,
                                                                     browser: Any) -> None:
    tournament, (first, second) = semi_finals()
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/tv/")
    page.evaluate("window.sameDocument = true")
    screen = page.locator("#tv")
    assert "Riverside Open" in screen.inner_text()
    assert "won" not in page.locator(".tv-playing").inner_text()

    polls: list[str] = []

    def count_and_fail(route: Any) -> None:
        if "/tv/" in route.request.url:
            polls.append(route.request.url)
        route.abort("internetdisconnected")

    context.set_offline(True)
    context.route("**/*", count_and_fail)
    banner = page.locator("#offline-banner")
    banner.wait_for()
    assert "No network since" in banner.inner_text()
    # Two minutes offline: polled every 15 s that would be 8 requests; it backs off.
    for _ in range(8):
        page.clock.run_for(15_000)
        page.evaluate("new Promise((done) => requestIdleCallback(done))")  # the abort lands
    assert "Riverside Open" in screen.inner_text()  # the last state stays
    assert 1 <= len(polls) < 8
    assert axe_problems(page) == []

    for pairing in (first, second):  # meanwhile results are confirmed at the desk
        result = enter_final_score(
            match=pairing.match, by=pairing.top.player.user, score1=pairing.match.length,
            score2=0)
        confirm_result(result=result, by=pairing.bottom.player.user)

    context.unroute_all(behavior="ignoreErrors")
    context.set_offline(False)
    page.locator(".tv-playing").get_by_text("won").first.wait_for()
    assert banner.is_hidden()
    assert page.evaluate("window.sameDocument") is True  # caught up without a reload
    context.close()
