"""A chouette table on the phones around it, in a real browser (Debian's chromium).

Part 1: a second phone, showing the table and doing nothing, sees within one poll what
the scorer's phone did: a late arrival, a game, the end of the session (the game form
gone). Polls answer 304 while nothing changes, and a game form being filled in is kept
through a refresh that leaves its game as it was."""

from __future__ import annotations

from typing import Any

import pytest

from chouette import services
from tests.e2e.crawl import AXE, AXE_JS, WIDTH_JS
from tests.games.chouette_tables import make_table, member
from tests.support.browser import sign_in

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


def axe_problems(page: Any) -> list[str]:
    page.evaluate(AXE.read_text())
    problems = [f"axe {v['id']}: {v['nodes']}" for v in page.evaluate(AXE_JS)]
    width = page.evaluate(WIDTH_JS)
    if width["scroll"] > width["inner"]:
        problems.append(f"{width['scroll']} px wide: {width['wide']}")
    return problems


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
