"""Entering games on the match page in a real browser: the panel updates in place."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.games.match_factories import match_with_logins

pytestmark = [pytest.mark.e2e]


def test_a_player_enters_games_and_the_score_updates_in_place(live_server, page) -> None:
    match, user1, _ = match_with_logins(length=3)
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill(user1.username)
    page.get_by_label("Password").fill("password")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(live_server.url + "/")

    page.goto(live_server.url + match.get_absolute_url())
    page.evaluate("window.stillTheSamePage = true")  # gone if the page were reloaded
    form = page.locator("#game-form")
    form.get_by_label("Winner").select_option(label=str(match.player1))
    form.get_by_label("How").select_option("gammon")
    form.get_by_role("button", name="Save the game").click()
    page.wait_for_function("document.querySelector('[data-testid=score1]').textContent === '2'")
    assert page.get_by_test_id("crawford").is_visible()  # 2-0 in a 3-point match

    # A double in the Crawford game: the error appears in place, nothing is saved.
    form = page.locator("#game-form")
    form.get_by_label("Winner").select_option(label=str(match.player2))
    form.get_by_label("Cube", exact=True).select_option("2")
    form.get_by_label("Cube owner").select_option(label=str(match.player1))
    form.get_by_role("button", name="Save the game").click()
    error = page.get_by_text("A double is not allowed in the Crawford game (game 2).")
    error.wait_for()
    assert page.get_by_test_id("score2").inner_text() == "0"
    assert Game.objects.filter(match=match).count() == 1
    assert page.evaluate("window.stillTheSamePage") is True
    assert page.url == live_server.url + match.get_absolute_url()
