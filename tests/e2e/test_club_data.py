"""The data pages in a real browser, on a Russian phone and an English laptop: a person
deletes their account; a director downloads the club's archive from the club's page,
imports it as another club (choosing who each player is) and deletes the first club
after typing its name. Each page fits the window and is axe-clean."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from clubs.models import Club, Player
from games.models import Game, Match
from games.services import confirm_result, enter_final_score, enter_game
from tests.e2e.crawl import AXE, AXE_JS
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.support.browser import sign_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WIDEST = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
WINDOWS = [("ru", 390), ("en", 1280)]



def open_as(browser: Any, base: str, user: Any, language: str, width: int) -> Any:
    context = browser.new_context(viewport={"width": width, "height": 844}, bypass_csp=True,
                                  accept_downloads=True)
    sign_in(context, base, user, language)
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def check_page(page: Any, width: int) -> None:
    assert page.evaluate(WIDEST) <= width + 2
    page.add_script_tag(path=str(AXE))
    assert page.evaluate(AXE_JS) == []


@pytest.mark.parametrize(("language", "width"), WINDOWS)
def test_a_person_deletes_their_account(live_server, browser, language: str,
                                        width: int) -> None:
    user = UserFactory(username="leyla")
    player = PlayerFactory(user=user, name="Leyla Mammadova", email="leyla@example.org")
    club = ClubFactory(name="Baku", language=language)
    MembershipFactory(club=club, player=player)
    page = open_as(browser, live_server.url, user, language, width)

    page.goto(live_server.url + "/me/profile/")
    page.locator("a[href='/me/delete/']").first.click()
    page.wait_for_url("**/me/delete/")
    assert page.locator("html").get_attribute("lang") == language
    check_page(page, width)
    page.locator("input[name=password]").fill("wrong")
    page.locator("input[name=understood]").check()
    page.locator("main form button[type=submit]").click()
    page.locator("[role=alert]").first.wait_for()
    check_page(page, width)
    assert get_user_model().objects.filter(pk=user.pk).exists()

    page.locator("input[name=password]").fill("password")
    page.locator("input[name=understood]").check()
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(live_server.url + "/")
    assert not get_user_model().objects.filter(pk=user.pk).exists()
    player.refresh_from_db()
    assert player.email == "" and player.user is None


@pytest.mark.parametrize(("language", "width"), WINDOWS)
def test_a_director_exports_imports_and_deletes_a_club(live_server, browser, tmp_path,
                                                       language: str, width: int) -> None:
    director = UserFactory(username="dora")
    club = ClubFactory(name="Riverside", directors=[director], owner=director,
                       language=language)
    ann, bob = PlayerFactory(name="Ann Lee"), PlayerFactory(name="Bob Stone")
    for player in (ann, bob):
        MembershipFactory(club=club, player=player)
    match = Match.objects.create(club=club, length=3, player1=ann, player2=bob)
    enter_game(match=match, by=director, winner=1, result="gammon")
    confirm_result(result=enter_final_score(match=match, by=director, score1=Decimal(3),
                                            score2=Decimal(0)), by=director)
    page = open_as(browser, live_server.url, director, language, width)

    page.goto(live_server.url + club.get_absolute_url())
    with page.expect_download() as download:
        page.get_by_test_id("club-export").click()
    archive = tmp_path / "riverside.zip"
    download.value.save_as(archive)

    page.goto(live_server.url + "/clubs/import-archive/")
    check_page(page, width)
    page.locator("input[name=archive]").set_input_files(str(archive))
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/clubs/import-archive/*/")
    check_page(page, width)
    # Dora directs both players: each is offered, and chosen, as the same person.
    assert page.locator(f"input[value='{ann.pk}']").is_checked()
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/clubs/riverside-2/")
    copy = Club.objects.get(slug="riverside-2")
    assert Game.objects.filter(match__club=copy).count() == 1
    assert Player.objects.filter(name="Ann Lee").count() == 1

    page.goto(live_server.url + club.get_absolute_url())
    page.get_by_test_id("club-delete").click()
    page.wait_for_url("**/clubs/riverside/delete/")
    check_page(page, width)
    assert page.get_by_test_id("export-first").is_visible()
    page.locator("input[name=confirmation]").fill("Riverside")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(live_server.url + "/clubs/")
    assert not Club.objects.filter(pk=club.pk).exists()
    assert Club.objects.filter(pk=copy.pk).exists()
