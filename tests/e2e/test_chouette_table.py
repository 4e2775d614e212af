"""The chouette table page on a phone: three games recorded in a real browser."""

from __future__ import annotations

import re

import pytest

from tests.games.chouette_tables import make_table

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}


def seats(page) -> list[tuple[str, str]]:
    items = page.locator("#lineup li.seat")
    return [
        (items.nth(i).get_attribute("data-role"), items.nth(i).locator(".name").inner_text())
        for i in range(items.count())
    ]


def use_preset(page, name: str) -> None:
    """Click a quick-entry button and wait until htmx has swapped in the new form."""
    page.evaluate("document.querySelector('#game-form').dataset.stale = 'yes'")
    page.get_by_role("button", name=name).click()
    page.wait_for_function("!document.querySelector('#game-form').dataset.stale")


def totals(page) -> list[str]:
    return page.locator("#ledger table.ledger tfoot td").all_inner_texts()


def test_three_games_from_the_phone(live_server, browser) -> None:
    t = make_table(4, names=("Ann", "Ben", "Cal", "Dee"))
    director = t.director
    director.set_password("secret-pass")
    director.save()
    dee = t.players[3]

    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{live_server.url}/accounts/login/?next={t.session.get_absolute_url()}")
        page.get_by_label("Username").fill(director.username)
        page.get_by_label("Password").fill("secret-pass")
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url(re.compile(r".*/chouettes/\d+/$"))
        assert seats(page) == [("box", "Ann"), ("captain", "Ben"), ("crew", "Cal"), ("crew", "Dee")]
        # The page fits the phone: no sideways scrolling of the whole page.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        # Game 1: no double, the team wins a single.
        form = page.locator("#game-form")
        form.get_by_label("Team", exact=True).check()
        form.get_by_role("button", name="Record game").click()
        page.get_by_role("heading", name="Line-up for game 2").wait_for()
        assert seats(page) == [("box", "Ben"), ("captain", "Cal"), ("crew", "Dee"), ("crew", "Ann")]
        assert totals(page) == ["-3", "+1", "+1", "+1"]

        # Game 2: the box doubled everyone, all took but Dee; the box wins a gammon.
        page.get_by_role("button", name="Box doubled all, all took").click()
        turn = page.locator("#cube-turn-1")
        page.wait_for_function("document.querySelector('#cube-turn-1 select').value === 'take'")
        turn.get_by_label("Dee").select_option("drop")
        form = page.locator("#game-form")
        form.get_by_label("Box", exact=True).check()
        form.get_by_label("Gammon", exact=True).check()
        form.get_by_role("button", name="Record game").click()
        page.get_by_role("heading", name="Line-up for game 3").wait_for()
        assert seats(page) == [("box", "Ben"), ("captain", "Dee"), ("crew", "Ann"), ("crew", "Cal")]
        # Ann -4, Ben +9, Cal -4, Dee -1 (dropped at 1); totals in order of arrival.
        assert totals(page) == ["-7", "+10", "-3", "+0"]

        # Game 3: no double; captain Dee beats the box and becomes the box.
        use_preset(page, "No double")
        form = page.locator("#game-form")
        form.get_by_label("Team", exact=True).check()
        form.get_by_role("button", name="Record game").click()
        page.get_by_role("heading", name="Line-up for game 4").wait_for()
        assert seats(page) == [("box", "Dee"), ("captain", "Ann"), ("crew", "Cal"), ("crew", "Ben")]
        assert totals(page) == ["-6", "+7", "-2", "+1"]
        assert page.locator("#ledger table.ledger tbody tr").count() == 3
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        # Undo game 3 after confirming: the line-up for game 3 is back.
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Undo game 3").click()
        page.get_by_role("heading", name="Line-up for game 3").wait_for()
        assert seats(page)[0] == ("box", "Ben")
        assert dee.chouette_ledger.count() == 2
    finally:
        context.close()
