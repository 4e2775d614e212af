"""Knockout rounds by their names on paper, and the day a match was played (issues 27 and
31), in a real browser: the score sheets, the draw sheet and the printed bracket of a
16-player knockout say "Round of 16" («1/8 финала»), not "Round 1"; a player on a 390 px
phone gives the day their match was played in My matches, and the match page shows it."""

from __future__ import annotations

import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import formats, timezone, translation

from clubs.models import Club
from games.models import MatchResult
from games.services import confirm_result
from tests.e2e.crawl import axe_problems
from tests.support.browser import signed_in
from tests.tournaments.tournament_helpers import director_of, make_event, pairing
from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 900}



def drawn_knockout_of_16() -> Tournament:
    event = make_event(16, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    return event


@pytest.mark.parametrize(("language", "first", "wrong"), [
    ("en", "Round of 16", ("Round 1", "round 1")),
    ("ru", "1/8 финала", ("Тур 1", "тур 1")),
])
def test_the_printed_sheets_of_a_16_player_knockout_name_its_first_round(
        live_server: Any, browser: Any, language: str, first: str, wrong: tuple[str, ...]) -> None:
    event = drawn_knockout_of_16()
    context, page = signed_in(browser, live_server.url, director_of(event), LAPTOP, language)

    page.goto(live_server.url + reverse("tournaments:score_sheets", args=[event.pk]))
    heads = page.get_by_test_id("sheet-round").all_inner_texts()
    assert len(heads) == 8  # the eight first-round matches are ready
    for head in heads:  # "Main · Round of 16, match 3"
        assert f" · {first}, " in head, head
    options = page.locator("select[name=round] option").all_inner_texts()
    assert first in options and not any(option in wrong for option in options), options
    sheets = page.locator("article.score-sheet").all_inner_texts()
    assert not any(bad in text for text in sheets for bad in wrong)
    assert axe_problems(page) == []

    for name in ("draw_sheet", "bracket_print"):
        page.goto(live_server.url + reverse(f"tournaments:{name}", args=[event.pk]))
        titles = page.locator("h3").all_inner_texts()
        assert titles[0] == first, (name, titles)
        assert not any(title in wrong for title in titles), (name, titles)
    context.close()


def test_a_player_gives_the_day_played_on_a_phone_and_the_match_page_shows_it(
        live_server: Any, browser: Any) -> None:
    event = drawn_knockout_of_16()
    Club.objects.filter(pk=event.club_id).update(
        created_at=timezone.now() - datetime.timedelta(days=60), time_zone="Asia/Baku")
    today = timezone.now().astimezone(ZoneInfo("Asia/Baku")).date()
    Tournament.objects.filter(pk=event.pk).update(starts_on=today - datetime.timedelta(days=10))
    first = pairing(event, "main", 1, 1)
    me, opponent = first.top.player.user, first.bottom.player.user
    played = today - datetime.timedelta(days=2)

    context, page = signed_in(browser, live_server.url, me, PHONE)
    page.goto(live_server.url + reverse("tournaments:my_matches"))
    article = page.locator(f"#my-match-{first.match_id}")
    day = article.get_by_label("Date played")
    assert day.input_value() == today.isoformat()  # today in the club's time zone
    box = day.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert axe_problems(page) == []

    day.fill(played.isoformat())
    article.get_by_label(f"Score of {first.match.player1.display_name}").fill(
        str(first.match.length))
    article.get_by_label(f"Score of {first.match.player2.display_name}").fill("0")
    article.get_by_role("button", name="Enter result").click()
    with translation.override("en"):
        shown = formats.date_format(played, "DATE_FORMAT")
    page.locator(f"#my-match-{first.match_id} [data-testid=played-on]").wait_for()
    assert article.get_by_test_id("played-on").inner_text() == f"played on {shown}"
    result = MatchResult.objects.get(match=first.match_id)
    assert result.played_on == played
    assert axe_problems(page) == []

    confirm_result(result=result, by=opponent)
    page.goto(live_server.url + first.match.get_absolute_url())
    assert page.get_by_test_id("played-on").inner_text() == f"played on {shown}"
    # the match page's own score form has the field too, at the phone's width
    assert axe_problems(page) == []
    context.close()


def test_a_future_day_is_refused_on_the_match_page_in_russian(live_server: Any,
                                                             browser: Any) -> None:
    event = drawn_knockout_of_16()
    first = pairing(event, "main", 1, 1)
    context, page = signed_in(browser, live_server.url, first.top.player.user, PHONE, "ru")
    page.goto(live_server.url + first.match.get_absolute_url())
    page.locator("details:has(#score-form) > summary").click()
    form = page.locator("#score-form")
    field = form.locator("input[name=played_on]")
    assert field.is_visible()
    box = field.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    future = (timezone.now() + datetime.timedelta(days=5)).date().isoformat()
    # past the browser's own max: what a phone without date checks would send
    field.evaluate("(el, day) => { el.removeAttribute('max'); el.value = day; }", future)
    form.locator("input[name=score1]").fill(str(first.match.length))
    form.locator("input[name=score2]").fill("0")
    form.locator("button[type=submit]").click()
    error = page.locator("#id_played_on_errors")
    error.wait_for()
    assert error.inner_text().startswith("Дата игры:"), error.inner_text()
    assert not MatchResult.objects.filter(match=first.match_id).exists()
    assert axe_problems(page) == []
    context.close()
