"""A chouette table on the phones around it, in a real browser (Debian's chromium).

Part 1: a second phone, showing the table and doing nothing, sees within one poll what
the scorer's phone did: a late arrival, a game, the end of the session (the game form
gone). Polls answer 304 while nothing changes, and a game form being filled in is kept
through a refresh that leaves its game as it was.

Part 2: with the network down the scorer enters game after game: each is kept on the
phone, the next game's form, the line-up and the running totals follow on the phone, and
when the network is back the games are sent in order, each once; sent again, nothing is
doubled. A game the server refuses meanwhile is said, and the games after it still go.

Playwright's offline switch does not stop a service worker's own requests, so the network
is also cut by routing every request to an error (as in test_offline_day)."""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import Any

import pytest
from django.conf import settings

from chouette import core, services
from chouette.models import ChouetteEvent
from chouette.selectors.sessions import load, state_of
from common.models import IdempotencyKey
from tests.e2e.crawl import axe_problems
from tests.games.chouette_tables import Table, make_table, member
from tests.support.browser import cut_network, restore_network, sign_in
from tests.support.requirements import missing

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
POLL_MS = 10_000  # the table's hx-trigger "every 10s"


def phone(browser: Any, base_url: str, user: Any, url: str, *, clock: bool = False) -> tuple[Any, Any]:
    """A phone signed in as ``user`` on ``url`` (the site's CSP kept on)."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    sign_in(context, base_url, user)
    page = context.new_page()
    page.set_default_timeout(15_000)
    if clock:
        page.clock.install()
    page.goto(base_url + url)
    return context, page



def polled(response: Any) -> bool:
    """An answer to the table's own poll (not the game preview's, not a page load)."""
    request = response.request
    return (request.method == "GET" and "/chouettes/" in request.url
            and request.headers.get("hx-request") == "true")


def one_poll(page: Any) -> None:
    """Let the page's poll fire once (its clock is Playwright's) and its answer land."""
    with page.expect_response(polled):
        page.clock.run_for(POLL_MS)


def test_a_second_phone_follows_the_table_without_a_reload(live_server: Any, browser: Any) -> None:
    t = make_table(4, names=("Ann", "Ben", "Cal", "Dee"))
    url = t.session.get_absolute_url()
    scorer_context, scorer = phone(browser, live_server.url, t.director, url)
    other_context, other = phone(browser, live_server.url, t.user_of(2), url, clock=True)
    try:
        answers: list[int] = []
        other.on("response", lambda r: answers.append(r.status) if polled(r) else None)
        loads: list[str] = []
        other.on("load", lambda _: loads.append(other.url))
        status = other.get_by_test_id("session-status")
        assert status.inner_text() == "Running"

        # Nothing happens: the poll is answered 304 and the page stays as it is.
        other.locator("#game-form").get_by_label("Box", exact=True).check()  # half filled
        one_poll(other)
        assert answers == [304]

        # A late arrival sits down after the game in progress: the other phone shows her
        # waiting, and keeps the game it was filling in (same game, same line-up).
        services.join_chouette(session=t.session, player=member(t.club, "Eve"), by=t.director,
                               during_game=True)
        one_poll(other)
        other.locator("#lineup .waiting").get_by_text("Eve").wait_for()
        assert other.locator("#game-form").get_by_label("Box", exact=True).is_checked()

        # The scorer records game 1: the other phone shows game 2's line-up and totals.
        form = scorer.locator("#game-form")
        form.get_by_label("Team", exact=True).check()
        form.get_by_role("button", name="Record game").click()
        scorer.get_by_role("heading", name="Line-up for game 2").wait_for()
        one_poll(other)
        other.get_by_role("heading", name="Line-up for game 2").wait_for()
        assert other.locator("#ledger table.ledger tfoot td").all_inner_texts() == [
            "-3", "+1", "+1", "+1", "+0"]  # Eve sat down after game 1
        assert not other.locator("#game-form").get_by_label("Box", exact=True).is_checked()

        # The scorer finishes the session: within one poll the other phone says so and
        # offers no game form; it then stops polling.
        scorer.once("dialog", lambda dialog: dialog.accept())
        scorer.get_by_role("button", name="Finish the session").click()
        scorer.get_by_text("The session is finished.").wait_for()
        one_poll(other)
        other.get_by_test_id("session-status").get_by_text("Finished").wait_for()
        assert other.locator("#game-form").count() == 0
        assert other.get_by_role("button", name="Record game").count() == 0
        assert loads == []  # all of it without a reload
        so_far = len(answers)
        other.clock.run_for(3 * POLL_MS)
        assert len(answers) == so_far
        assert axe_problems(other) == []
    finally:
        other_context.close()
        scorer_context.close()


def test_a_poll_answered_before_a_write_does_not_bring_the_old_table_back(
    live_server: Any, browser: Any
) -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    context, page = phone(browser, live_server.url, t.director, t.session.get_absolute_url(),
                          clock=True)
    try:
        late: list[tuple[Any, Any]] = []

        def answer_late(route: Any) -> None:
            if route.request.headers.get("hx-request") != "true":
                route.continue_()
                return
            late.append((route, route.fetch()))  # the table as it is now, given later

        page.route("**/chouettes/*/", answer_late)
        with page.expect_request(lambda request: request.method == "GET"
                                 and request.headers.get("hx-request") == "true"):
            page.clock.run_for(POLL_MS)
        form = page.locator("#game-form")
        form.get_by_label("Team", exact=True).check()
        form.get_by_role("button", name="Record game").click()
        page.get_by_role("heading", name="Line-up for game 2").wait_for()
        assert len(late) == 1
        route, before_the_write = late[0]
        with contextlib.suppress(Exception):  # the page called the poll off: nothing to give
            route.fulfill(response=before_the_write)
        page.wait_for_timeout(500)  # time for an answer to land, were it still awaited
        assert page.get_by_role("heading", name="Line-up for game 2").is_visible()
        assert page.locator("#ledger table.ledger tbody tr").count() == 1
    finally:
        context.close()


# --- several games entered offline ------------------------------------------------------


def names(t: Table) -> dict[int, str]:
    return {player.pk: player.display_name for player in t.players}


def game(lineup: core.LineUp, number: int) -> core.GameRecord:
    """The three games of the night, by number, for the line-up the core expects."""
    if number == 1:  # no double; the team wins a single
        return core.GameRecord(lineup, result=core.BoardResult(core.Side.TEAM))
    if number == 2:  # the box doubles everybody; all take but the last; box wins a gammon
        answers = tuple((m, core.Answer.DROP if m == lineup.team[-1] else core.Answer.TAKE)
                        for m in lineup.team)
        return core.GameRecord(lineup, (core.Double(core.Side.BOX, answers),),
                               core.BoardResult(core.Side.BOX, core.ResultKind.GAMMON))
    # the last crew member doubles, the box takes; the team wins a single
    answers = ((lineup.team[-1], core.Answer.TAKE),)
    return core.GameRecord(lineup, (core.Double(core.Side.TEAM, answers),),
                           core.BoardResult(core.Side.TEAM))


def expected_night(t: Table, count: int) -> core.SessionState:
    """The night after ``count`` games, as the core settles it (not as the phone does)."""
    session = replace(load(t.session), events=())  # from the opening line
    for number in range(1, count + 1):
        lineup = core.replay(session).next_lineup
        assert lineup is not None
        session = core.record_game(session, game(lineup, number))[0]
    return core.replay(session)


def enter(page: Any, t: Table, record: core.GameRecord) -> None:
    """Tap the game on the phone's form, as the scorer would."""
    form = page.locator("#game-form")
    who = names(t)
    for turn, double in enumerate(record.doubles, start=1):
        cube = form.locator(f"#cube-turn-{turn}")
        label = "Team members doubled" if double.by is core.Side.TEAM else "The box doubled"
        cube.get_by_label(label).check()
        for seat, given in double.answers:
            cube.locator(f'fieldset.answer[data-member="{who[seat]}"]').get_by_label(
                given.value.capitalize(), exact=True).check()
    assert record.result is not None
    form.get_by_label(record.result.winner.value.capitalize(), exact=True).check()
    form.get_by_label(record.result.kind.value.capitalize(), exact=True).check()
    form.get_by_role("button", name="Record game").click()


def shown_seats(page: Any) -> list[tuple[str, str]]:
    items = page.locator("#lineup li.seat")
    return [(items.nth(i).get_attribute("data-role"), items.nth(i).locator(".name").inner_text())
            for i in range(items.count())]


def seats_of(t: Table, lineup: core.LineUp) -> list[tuple[str, str]]:
    return [(lineup.role_of(pk).value, names(t)[pk]) for pk in lineup.seats]


def kept_totals(page: Any) -> dict[str, str]:
    cells = page.locator("#kept-games tfoot td")
    return {cells.nth(i).get_attribute("data-player"): cells.nth(i).inner_text()
            for i in range(cells.count())}


def totals_of(t: Table, state: core.SessionState) -> dict[str, str]:
    return {names(t)[pk]: f"{points:+d}" for pk, points in state.totals}


def test_three_games_entered_offline_are_sent_in_order_once(live_server: Any, browser: Any) -> None:
    t = make_table(4, names=("Ann", "Ben", "Cal", "Dee"))
    context, page = phone(browser, live_server.url, t.director, t.session.get_absolute_url())
    try:
        cut_network(context)
        page.locator("#offline-banner").wait_for()
        for number in (1, 2, 3):
            before = expected_night(t, number - 1)
            assert before.next_lineup is not None
            enter(page, t, game(before.next_lineup, number))
            page.get_by_role("heading", name=f"Record game {number + 1}").wait_for()
            after = expected_night(t, number)
            assert after.next_lineup is not None
            assert shown_seats(page) == seats_of(t, after.next_lineup)
            assert kept_totals(page) == totals_of(t, after)
            assert page.locator("#kept-games tbody tr").count() == number
        assert "waiting for the network: 3" in page.locator("#offline-status").inner_text()
        assert not ChouetteEvent.objects.exists()
        assert axe_problems(page) == []
        queue = page.evaluate("localStorage.getItem('nardy:queue')")

        restore_network(context)
        page.get_by_text("have been sent: 3").wait_for(timeout=20_000)
        night = expected_night(t, 3)
        assert [row.points for row in state_of(t.session).rows] == [row.points for row in night.rows]
        assert state_of(t.session).next_lineup == night.next_lineup
        assert shown_seats(page) == seats_of(t, night.next_lineup)
        assert page.locator("#kept-games").is_hidden()
        assert IdempotencyKey.objects.count() == 3
        assert page.evaluate("localStorage.getItem('nardy:queue')") == "[]"

        # The same queue sent again (an answer lost on the way): nothing twice.
        page.evaluate("(queue) => localStorage.setItem('nardy:queue', queue)", queue)
        page.reload()
        page.get_by_text("have been sent: 3").wait_for(timeout=20_000)
        assert ChouetteEvent.objects.filter(kind="game").count() == 3
        assert [row.points for row in state_of(t.session).rows] == [row.points for row in night.rows]
        assert IdempotencyKey.objects.count() == 3
    finally:
        context.close()


def test_a_kept_game_the_server_refuses_is_said_and_the_next_still_goes(live_server: Any,
                                                                        browser: Any) -> None:
    """Another phone entered game 1 meanwhile, the same way: this phone's game 1 is
    refused, and its game 2, which follows from the same game 1, is recorded."""
    t = make_table(4, names=("Ann", "Ben", "Cal", "Dee"))
    context, page = phone(browser, live_server.url, t.user_of(2), t.session.get_absolute_url())
    try:
        cut_network(context)
        page.locator("#offline-banner").wait_for()

        # A game that does not add up (every bet dropped, yet the team won the board) is
        # not kept: the phone says so at once.
        cube = page.locator("#cube-turn-1")
        team = ("Ben", "Cal", "Dee")
        for name in team:
            cube.locator(f'fieldset.answer[data-member="{name}"]').get_by_label(
                "Drop", exact=True).check()
        form = page.locator("#game-form")
        form.get_by_label("Team", exact=True).check()
        form.get_by_role("button", name="Record game").click()
        refusal = page.locator(".offline-refusal")
        refusal.wait_for()
        assert "does not add up" in refusal.inner_text()
        assert page.evaluate("localStorage.getItem('nardy:queue')") in (None, "[]")
        for name in team:
            cube.locator(f'fieldset.answer[data-member="{name}"]').get_by_label(
                "—", exact=True).check()

        for number in (1, 2):
            lineup = expected_night(t, number - 1).next_lineup
            assert lineup is not None
            enter(page, t, game(lineup, number))
            page.get_by_role("heading", name=f"Record game {number + 1}").wait_for()
        services.record_chouette_game(session=t.session, record=game(t.lineup(), 1),
                                      by=t.director, number=1)

        restore_network(context)
        note = page.locator(".offline-note-refused")
        note.wait_for(timeout=20_000)
        assert "Record game 1" in note.inner_text() and "This is game 2, not game 1" in note.inner_text()
        page.get_by_text("have been sent: 1").wait_for()
        night = expected_night(t, 2)
        assert [row.points for row in state_of(t.session).rows] == [row.points for row in night.rows]
        assert axe_problems(page) == []
    finally:
        context.close()


def test_the_table_and_its_kept_games_survive_a_reload_offline(live_server: Any,
                                                               browser: Any) -> None:
    """The service worker keeps the table as last read: reloaded offline, it shows the
    games kept on the phone on top of it, and the scorer goes on from there."""
    if not (settings.PWA_BUILD_DIR / "sw.js").exists():
        missing("build/pwa/sw.js (the service worker: make node-deps)")
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    sign_in(context, live_server.url, t.director)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(live_server.url + t.session.get_absolute_url())
        page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        page.reload()  # through the worker now: kept for offline reading
        cut_network(context)
        page.locator("#offline-banner").wait_for()
        for number in (1, 2):
            lineup = expected_night(t, number - 1).next_lineup
            assert lineup is not None
            enter(page, t, game(lineup, number))
            page.get_by_role("heading", name=f"Record game {number + 1}").wait_for()

        page.reload()
        page.get_by_role("heading", name="Record game 3").wait_for()
        night = expected_night(t, 2)
        assert night.next_lineup is not None
        assert shown_seats(page) == seats_of(t, night.next_lineup)
        assert kept_totals(page) == totals_of(t, night)
        enter(page, t, game(night.next_lineup, 3))
        page.get_by_role("heading", name="Record game 4").wait_for()

        restore_network(context)
        page.get_by_text("have been sent: 3").wait_for(timeout=20_000)
        assert [row.points for row in state_of(t.session).rows] == [
            row.points for row in expected_night(t, 3).rows]
    finally:
        context.close()
