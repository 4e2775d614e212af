"""One story on every page (issue 27, part 2), in a real browser: a knockout's rounds by
their names on the console, the TV view and My matches; a match's status following its
result; match pages leading to their event, round and table; the crosstable and the
standings agreeing on byes, penalty points and wins; a chouette finished in place, and
opened from /chouettes/. At a phone's and a laptop's width, axe-clean."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.crawl import axe_problems
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.games.chouette_tables import make_table
from tests.support.browser import sign_in as sign_in_context
from tests.tournaments.tournament_helpers import director_of, make_event, pairing, play
from tournaments import services
from tournaments.models import Pairing, Tournament
from tournaments.play import walkovers

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WIDTHS = (390, 1280)


def sign_in(page: Any, base: str, user: Any) -> None:
    sign_in_context(page.context, base, user)



def at_widths(page: Any, url: str, check: Any) -> None:
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(url)
        check()
        assert axe_problems(page) == [], (url, width)


def final_of_four() -> tuple[Tournament, Pairing]:
    event = make_event(4, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    for number in (1, 2):
        play(pairing(event, "main", 1, number).match)
    return event, pairing(event, "main", 2, 1)


def test_a_knockouts_final_is_called_the_final_on_every_screen(live_server: Any, page: Any) -> None:
    base = live_server.url
    event, final = final_of_four()

    sign_in(page, base, director_of(event))

    def console() -> None:
        row = page.locator(f"#console-pairing-{final.pk}")
        assert "Main · Final" in row.inner_text()
        stage = page.get_by_test_id("stage").inner_text()
        assert "Final" in stage and "round" not in stage.lower()
    at_widths(page, f"{base}/tournaments/{event.pk}/console/", console)

    def tv() -> None:
        page.get_by_test_id("rounds-in-play").wait_for()
        assert page.get_by_test_id("rounds-in-play").inner_text() == "Final"
    at_widths(page, f"{base}/tournaments/{event.pk}/tv/", tv)

    page.context.clear_cookies()
    sign_in(page, base, final.top.player.user)

    def my_matches() -> None:
        box = page.locator(f"#my-match-{final.match.pk}")
        assert box.get_by_test_id("stage").inner_text() == "Main · Final"
    at_widths(page, f"{base}/my-matches/", my_matches)


def test_a_matchs_status_follows_its_result_in_the_browser(live_server: Any, browser: Any,
                                                           page: Any) -> None:
    base = live_server.url
    event = make_event(2, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    final = pairing(event, "main", 1, 1)
    proposer, opponent = final.top.player, final.bottom.player
    waiting = f"Result proposed by {proposer.display_name}, waiting for confirmation"

    # The winner enters the score on My matches: the match is no longer "ready" there.
    sign_in(page, base, proposer.user)
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(f"{base}/my-matches/")
    status = page.locator(f"#my-match-{final.match.pk}").get_by_test_id("match-status")
    assert status.get_attribute("data-status") == "ready"
    page.get_by_label(f"Score of {proposer.display_name}").fill(str(final.match.length))
    page.get_by_label(f"Score of {opponent.display_name}").fill("0")
    page.get_by_role("button", name="Enter result").click()
    page.get_by_text("Waiting for your opponent to confirm").wait_for()
    status = page.locator(f"#my-match-{final.match.pk}").get_by_test_id("match-status")
    assert status.inner_text() == waiting
    assert axe_problems(page) == []

    # The opponent reads the same on the match page, confirms there: confirmed, in place.
    context = browser.new_context(bypass_csp=True)
    other = context.new_page()
    sign_in(other, base, opponent.user)
    for width in WIDTHS:
        other.set_viewport_size({"width": width, "height": 900})
        other.goto(f"{base}{final.match.get_absolute_url()}")
        assert other.get_by_test_id("match-status").inner_text() == waiting
        assert axe_problems(other) == []
    other.get_by_role("button", name="Confirm", exact=True).click()
    other.locator("[data-testid=match-status][data-status=confirmed]").wait_for()
    assert other.get_by_test_id("match-status").inner_text() == "Result confirmed"
    context.close()


def test_a_match_page_leads_to_its_event_round_and_table(live_server: Any, page: Any) -> None:
    base = live_server.url
    event = make_event(4, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    semi = pairing(event, "main", 1, 2)
    Pairing.objects.filter(pk=semi.pk).update(table="12")
    sign_in(page, base, semi.top.player.user)
    match_page = f"{base}{semi.match.get_absolute_url()}"

    def links() -> None:
        where = page.get_by_test_id("match-in-event")
        assert where.get_by_test_id("event-link").inner_text() == event.name
        assert where.get_by_test_id("round-link").inner_text() == "Main · Semi-final"
        assert where.get_by_test_id("table-link").inner_text() == "Table 12"
    at_widths(page, match_page, links)

    page.get_by_test_id("round-link").click()
    page.wait_for_url(f"{base}/tournaments/{event.pk}/bracket/#pairing-{semi.pk}")
    assert page.locator(f"#pairing-{semi.pk}").is_visible()
    page.goto(match_page)
    page.get_by_test_id("table-link").click()
    page.wait_for_url(f"**/score-sheets/?round=1#score-sheet-{semi.pk}")
    sheet = page.locator(f"#score-sheet-{semi.pk}")
    assert sheet.is_visible() and "Table 12" in sheet.inner_text()
    page.goto(match_page)
    page.get_by_test_id("event-link").click()
    page.wait_for_url(f"{base}{event.get_absolute_url()}")


# --- the crosstable and the standings tell the same story --------------------------------


def play_ready(event: Tournament) -> None:
    for ready in Pairing.objects.filter(tournament=event, state="ready").select_related("match"):
        play(ready.match, 1)


def round_robin_with_a_late_entry() -> tuple[Tournament, str]:
    event = make_event(5, format="round_robin", late_entry_rule="penalty", late_entry_penalty=1)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    play_ready(event)
    services.start_round(tournament=event, actor=director)
    late = walkovers.late_entry(tournament=event, player=PlayerFactory(display_name="Late"),
                                by=director)
    while Pairing.objects.filter(tournament=event, state__in=["ready", "waiting"]).exists():
        if not Pairing.objects.filter(tournament=event, state="ready").exists():
            services.start_round(tournament=event, actor=director)
        play_ready(event)
    return event, late.player.display_name


def swiss_with_a_late_entry() -> tuple[Tournament, str]:
    event = make_event(5, format="swiss", late_entry_rule="penalty", late_entry_penalty=1,
                       swiss_rounds=3)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    play_ready(event)
    late = walkovers.late_entry(tournament=event, player=PlayerFactory(display_name="Late"),
                                by=director)
    for _ in range(2):
        services.next_stage(tournament=event, actor=director)
        play_ready(event)
    return event, late.player.display_name


def table_rows(page: Any, selector: str) -> dict[str, Any]:
    return {row.get_attribute("data-name"): row
            for row in page.locator(f"{selector} tbody tr[data-name]").all()}


@pytest.mark.parametrize("build", [round_robin_with_a_late_entry, swiss_with_a_late_entry],
                         ids=["round_robin", "swiss"])
def test_the_crosstable_and_the_standings_agree_on_byes_penalties_and_wins(
        live_server: Any, page: Any, build: Any) -> None:
    base = live_server.url
    event, late_name = build()
    had_byes = {p.top.player.display_name: p.round for p in
                Pairing.objects.filter(tournament=event, state="bye").select_related("top__player")}
    assert had_byes, "the event gives byes"
    page.set_viewport_size({"width": 390, "height": 900})

    page.goto(f"{base}/tournaments/{event.pk}/crosstable/")
    cross = {}
    for name, row in table_rows(page, "table.crosstable").items():
        cross[name] = (row.get_by_test_id("wins").inner_text(),
                       row.get_by_test_id("byes").inner_text(),
                       row.get_by_test_id("penalty").inner_text())
    assert axe_problems(page) == []

    page.goto(f"{base}/tournaments/{event.pk}/standings/")
    headers = [h.inner_text() for h in page.locator("table.standings thead th").all()]
    wins_column = headers.index("W")
    standing = {}
    for name, row in table_rows(page, "table.standings").items():
        byes = row.get_by_test_id("byes")
        penalty = row.get_by_test_id("penalty")
        standing[name] = (row.locator("td").nth(wins_column).inner_text(),
                          byes.inner_text().removeprefix("bye: ") if byes.count() else "",
                          penalty.inner_text() if penalty.count() else "")
    assert axe_problems(page) == []

    assert cross == standing
    assert cross[late_name][2] == "−1"
    for name, round_number in had_byes.items():
        assert cross[name][1] == f"round {round_number}"


# --- chouette: finishing shows at once; /chouettes/ opens a table ------------------------


def test_finishing_a_chouette_shows_it_finished_without_a_reload(live_server: Any, page: Any) -> None:
    base = live_server.url
    table = make_table(4, names=("Ann", "Ben", "Cal", "Dee"))
    sign_in(page, base, table.director)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{base}{table.session.get_absolute_url()}")
    assert page.get_by_test_id("session-status").inner_text() == "Running"
    loads: list[str] = []
    page.on("load", lambda _: loads.append(page.url))
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Finish the session").click()
    page.get_by_text("The session is finished.").wait_for()
    assert loads == []  # swapped in place
    assert page.get_by_test_id("session-status").inner_text() == "Finished"
    assert page.get_by_role("button", name="Finish the session").count() == 0
    assert page.locator("#game-form").count() == 0
    assert axe_problems(page) == []


def test_a_director_opens_a_chouette_table_from_the_chouettes_page(live_server: Any, page: Any) -> None:
    base = live_server.url
    director = UserFactory()
    club = ClubFactory(name="Harbour Club", directors=[director])
    for index in range(3):
        MembershipFactory(club=club, player=PlayerFactory(display_name=f"Member {index + 1}"))
    ClubFactory(name="Elsewhere Club")  # directed by someone else: no button for it
    sign_in(page, base, director)
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{base}/chouettes/")
        assert page.get_by_role("button", name="Open a table at Elsewhere Club").count() == 0
        assert axe_problems(page) == []
    page.get_by_role("button", name="Open a table at Harbour Club").click()
    page.wait_for_url(f"{base}/clubs/{club.slug}/chouettes/new/")
    assert page.get_by_role("heading", level=1).count() == 1

    # an outsider has no such button
    page.context.clear_cookies()
    page.goto(f"{base}/chouettes/")
    assert page.get_by_role("button", name=re.compile("Open a table")).count() == 0
