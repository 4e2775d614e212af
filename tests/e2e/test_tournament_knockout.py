"""In the browser: a director makes a knockout draw, a player enters a result, the
opponent confirms, and the open bracket page updates in place."""

import pytest

from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.e2e


def _log_in(page, base_url: str, username: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(base_url + "/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("password")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(base_url + "/")


def test_draw_result_confirmation_and_the_bracket_updates(live_server, browser, page) -> None:
    director = UserFactory(username="td")
    club = ClubFactory(name="Riverside", directors=[director])
    tournament = services.create_tournament(
        club=club, actor=director, name="Riverside Open", starts_on="2026-11-21",
        variant="backgammon", format=Tournament.Format.KNOCKOUT,
        match_lengths={"main": [3, 5, 5], "consolation": [3, 3, 3], "last_chance": [1, 1, 1],
                       "group": [3], "swiss": [3]},
    )
    for name in ("Ana", "Boris", "Chen", "Dara"):
        user = UserFactory(username=name.lower())
        player = PlayerFactory(name=f"{name} Fullname", display_name=name, user=user)
        services.add_entry(tournament=tournament, player=player, actor=director)

    # The director makes the draw from the console.
    _log_in(page, live_server.url, "td")
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/console/")
    page.get_by_role("button", name="Make the draw").click()
    page.get_by_role("button", name="Publish the draw").click()
    page.get_by_text("The draw is made").wait_for()
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/bracket/")
    bracket = page.locator("#bracket")
    assert bracket.get_by_text("Semi-final").is_visible()
    semi = Pairing.objects.select_related("top__player", "bottom__player", "match").get(
        tournament=tournament, flight="main", round=1, number=1
    )
    winner, loser = semi.top.player, semi.bottom.player
    final_box = page.locator("[data-key='main-2-1']")
    assert winner.display_name not in final_box.inner_text()

    # The winner enters the result on "My matches".
    player_context = browser.new_context(bypass_csp=True)
    player_page = player_context.new_page()
    _log_in(player_page, live_server.url, winner.user.username)
    player_page.goto(live_server.url + "/my-matches/")
    player_page.get_by_label(f"Score of {winner.display_name}").fill(str(semi.match.length))
    player_page.get_by_label(f"Score of {loser.display_name}").fill("1")
    player_page.get_by_role("button", name="Enter result").click()
    player_page.get_by_text("Waiting for your opponent to confirm").wait_for()
    player_context.close()

    # The opponent confirms.
    opponent_context = browser.new_context(bypass_csp=True)
    opponent_page = opponent_context.new_page()
    _log_in(opponent_page, live_server.url, loser.user.username)
    opponent_page.goto(live_server.url + "/my-matches/")
    opponent_page.get_by_role("button", name="Confirm").click()
    opponent_page.get_by_text("Result confirmed.", exact=True).wait_for()
    opponent_context.close()

    # The director's bracket page, never reloaded, shows the winner in the final.
    page.wait_for_function(
        "name => document.querySelector(\"[data-key='main-2-1']\").textContent.includes(name)",
        arg=winner.display_name, timeout=25_000,
    )
    assert winner.display_name in page.locator(f"#pairing-{semi.pk} .winner").inner_text()
