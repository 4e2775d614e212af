"""In the browser: an open bracket polls its fragment with the fragment's entity tag and
keeps what it shows on a 304; while the tab is hidden it does not poll, and when the tab
shows again it asks at once and polls on. Time is Playwright's fake clock (no waiting).
The standings page, which polls now too, fits a phone and is axe-clean."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from games import services as games_services
from tests.e2e import crawl
from tests.tournaments.tournament_helpers import director_of, make_event
from tournaments import services
from tournaments.models import Pairing, Tournament

pytestmark = [pytest.mark.e2e]

START = datetime.datetime(2026, 11, 21, 10, 0, tzinfo=datetime.UTC)
SET_VISIBILITY = """state => {
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => state === 'hidden'});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_the_bracket_polls_with_its_tag_pauses_while_hidden_and_resumes(
    live_server, strict_page, transactional_db
) -> None:
    page = strict_page  # the site's Content-Security-Policy holds: no inline script
    event = make_event(4, with_logins=True, format=Tournament.Format.KNOCKOUT)
    services.make_draw(tournament=event, actor=director_of(event))
    url = live_server.url + reverse("tournaments:bracket", args=[event.pk])
    polls: list[dict[str, str]] = []
    page.on("request", lambda request: polls.append(request.headers)
            if request.url == url and request.headers.get("hx-request") else None)  # fmt: skip

    def polled(status: int, run_for: int) -> None:
        """Advance the fake clock by ``run_for`` ms: one poll goes out, answered ``status``."""
        with page.expect_response(lambda r: r.url == url and r.request.headers.get("hx-request")
                                  ) as response:  # fmt: skip
            page.clock.run_for(run_for)
        assert response.value.status == status
        page.clock.run_for(100)  # htmx settles

    page.clock.install(time=START)
    page.clock.pause_at(START + datetime.timedelta(seconds=1))
    page.goto(url)
    page.evaluate("document.getElementById('bracket').kept = true")
    etag = page.locator("#bracket").get_attribute("data-etag")
    assert etag

    # a poll every 10 s sends the tag back; 304: the fragment is left as it is
    polled(304, 10_000)
    assert polls[-1].get("if-none-match") == etag
    assert page.evaluate("document.getElementById('bracket').kept === true")

    # hidden: no poll for a minute, whatever happens meanwhile
    page.evaluate(SET_VISIBILITY, "hidden")
    before = len(polls)
    semi = event.pairings.filter(state=Pairing.State.READY).select_related(
        "match__player1__user", "match__player2__user").order_by("number").first()
    match = semi.match
    result = games_services.enter_final_score(match=match, by=match.player1.user,
                                              score1=Decimal(match.length), score2=Decimal(0))
    games_services.confirm_result(result=result, by=match.player2.user)
    page.clock.run_for(60_000)
    assert len(polls) == before

    # shown again: it asks at once (the result is in: 200, swapped, a new tag) ...
    with page.expect_response(lambda r: r.url == url and r.request.headers.get("hx-request")
                              ) as response:  # fmt: skip
        page.evaluate(SET_VISIBILITY, "visible")
    assert response.value.status == 200
    page.clock.run_for(100)
    assert page.evaluate("document.getElementById('bracket').kept !== true")
    final = page.locator("[data-key='main-2-1']")
    assert match.player1.display_name in final.inner_text()
    new_etag = page.locator("#bracket").get_attribute("data-etag")
    assert new_etag and new_etag != etag

    # ... and polls on, with the new tag
    polled(304, 10_000)
    assert polls[-1].get("if-none-match") == new_etag


def test_the_polled_standings_fit_a_phone_and_are_axe_clean(live_server, page,
                                                            transactional_db) -> None:
    event = make_event(5, format=Tournament.Format.ROUND_ROBIN)
    services.make_draw(tournament=event, actor=director_of(event))
    problems = crawl.Problems()
    for name in ("standings", "tv"):
        url = live_server.url + reverse(f"tournaments:{name}", args=[event.pk])
        crawl.check(page, url, name, problems)
    assert not problems, problems.report()
