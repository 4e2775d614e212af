"""The chouette table on phones (390 × 844): games entered with a few taps, the preview
before saving, two phones at once, undo, a correction and the night's settlement."""

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


def answer(page, turn: int, member: str, choice: str) -> None:
    page.locator(f'#cube-turn-{turn} fieldset.answer[data-member="{member}"]').get_by_label(
        choice, exact=True
    ).check()


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def phone(browser, live_server, user, next_url: str):
    """A logged-in phone on ``next_url``."""
    user.set_password("secret-pass")
    user.save()
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/accounts/login/?next={next_url}")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill("secret-pass")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r".*/chouettes/\d+/$"))
    return context, page


def test_games_entered_at_the_table_from_two_phones(live_server, browser) -> None:
    t = make_table(4, names=("Ann", "Ben", "Cal", "Dee"))
    table_url = t.session.get_absolute_url()
    context, page = phone(browser, live_server, t.director, table_url)
    other_context, other = phone(browser, live_server, t.players[2].user, table_url)  # Cal
    try:
        assert seats(page) == [("box", "Ann"), ("captain", "Ben"), ("crew", "Cal"), ("crew", "Dee")]
        assert fits(page)

        # Game 1: no double, the team wins a single: two taps.
        form = page.locator("#game-form")
        form.get_by_label("Team", exact=True).check()
        form.get_by_role("button", name="Record game").click()
        page.get_by_role("heading", name="Line-up for game 2").wait_for()
        assert seats(page) == [("box", "Ben"), ("captain", "Cal"), ("crew", "Dee"), ("crew", "Ann")]
        assert totals(page) == ["-3", "+1", "+1", "+1"]

        # Game 2: the box doubled everyone, all took but Dee; the box wins a gammon.
        # The preview shows each cube and amount before anything is saved.
        use_preset(page, "Box doubled all, all took")
        answer(page, 1, "Dee", "Drop")
        form = page.locator("#game-form")
        form.get_by_label("Box", exact=True).check()
        form.get_by_label("Gammon", exact=True).check()
        preview = page.locator('#game-preview tr[data-player="Ben"] td.points')
        preview.wait_for()
        page.wait_for_function(
            "document.querySelector('#game-preview tr[data-player=\"Ben\"] td.points')"
            ".textContent.trim() === '+9'"
        )
        assert page.locator('#game-preview tr[data-player="Dee"] td.points').inner_text() == "-1"
        assert fits(page)
        form.get_by_role("button", name="Record game").click()
        page.get_by_role("heading", name="Line-up for game 3").wait_for()
        assert seats(page) == [("box", "Ben"), ("captain", "Dee"), ("crew", "Ann"), ("crew", "Cal")]
        assert totals(page) == ["-7", "+10", "-3", "+0"]

        # Cal's phone still shows the form for game 1: recording on it is refused, and
        # the fresh table (line-up for game 3) comes back with the reason.
        stale = other.locator("#game-form")
        stale.get_by_label("Team", exact=True).check()
        stale.get_by_role("button", name="Record game").click()
        other.locator(".chouette-error").wait_for()
        assert "This is game 3, not game 1" in other.locator(".chouette-error").inner_text()
        other.get_by_role("heading", name="Line-up for game 3").wait_for()
        assert t.session.ledger_entries.values("game_number").distinct().count() == 2

        # Game 3 from Cal's phone: Dee doubles, the box takes; the team wins a single.
        turn = other.locator("#cube-turn-1")
        turn.get_by_label("Team members doubled").check()
        answer(other, 1, "Dee", "Take")
        form = other.locator("#game-form")
        form.get_by_label("Team", exact=True).check()
        form.get_by_role("button", name="Record game").click()
        other.get_by_role("heading", name="Line-up for game 4").wait_for()
        assert seats(other) == [
            ("box", "Dee"),
            ("captain", "Ann"),
            ("crew", "Cal"),
            ("crew", "Ben"),
        ]
        assert totals(other) == ["-6", "+6", "-2", "+2"]

        # The first phone undoes game 3 after confirming.
        page.reload()
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Undo game 3").click()
        page.get_by_role("heading", name="Line-up for game 3").wait_for()
        assert seats(page)[0] == ("box", "Ben")

        # Game 2 was a single, not a gammon: correct it; the totals follow.
        page.locator("details.game-log summary").click()
        page.get_by_role("link", name="Correct game 2").click()
        page.get_by_role("heading", name="Correct game 2").first.wait_for()
        form = page.locator("#game-form")
        form.get_by_label("Single", exact=True).check()
        page.wait_for_function(
            "document.querySelector('#game-preview tr[data-player=\"Ben\"] td.points')"
            "?.textContent.trim() === '+5'"
        )
        assert fits(page)
        form.get_by_role("button", name="Save the correction").click()
        page.wait_for_url(re.compile(r".*/chouettes/\d+/$"))
        assert totals(page) == ["-5", "+6", "-1", "+0"]

        # Who pays whom: Ann 5 and Cal 1 to Ben, two payments.
        page.get_by_role("link", name="Who pays whom").click()
        payments = page.locator("#payments li")
        assert payments.all_inner_texts() == ["Ann pays Ben 5.00", "Cal pays Ben 1.00"]
        assert fits(page)
    finally:
        other_context.close()
        context.close()
