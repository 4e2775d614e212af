"""The console of a league with every round open, in a browser: a page of its matches at
a time, in Russian, on a phone, a laptop and a big screen (fits, axe-clean, no English);
the pagers of the open and of the decided matches lead through them."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.e2e import crawl
from tests.tournaments.tournament_helpers import director_of, make_event, play
from tournaments import services
from tournaments.models import Tournament
from tournaments.selectors.console import PER_PAGE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
BIG_SCREEN = {"width": 1920, "height": 1080}


def test_the_console_of_a_league_pages_its_matches(live_server: Any, browser: Any) -> None:
    event = make_event(14, format=Tournament.Format.ROUND_ROBIN, name="Осенняя лига")  # 91 matches
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    services.start_round(tournament=event, actor=director, through=14)
    for pairing in event.pairings.filter(state="ready").select_related("match").order_by("pk")[:PER_PAGE + 5]:
        play(pairing.match, 1)
    names = list(event.entries.values_list("player__display_name", flat=True))
    strip = [event.club.name, director.get_username(), *names]

    context = browser.new_context(bypass_csp=True, viewport=crawl.PHONE)  # axe is injected inline
    client = Client()
    client.force_login(director)
    context.add_cookies([
        {"name": settings.LANGUAGE_COOKIE_NAME, "value": "ru", "url": live_server.url},
        {"name": settings.SESSION_COOKIE_NAME, "url": live_server.url,
         "value": client.cookies[settings.SESSION_COOKIE_NAME].value},
    ])
    page = context.new_page()
    page.set_default_timeout(20_000)
    console = live_server.url + reverse("tournaments:console", args=[event.pk])
    problems = crawl.Problems()
    crawl.check(page, console, "league console", problems,
                viewports=(crawl.PHONE, crawl.LAPTOP, BIG_SCREEN), language="ru", strip=strip)
    crawl.check(page, console + "?page=2&decided=2", "league console, second pages", problems,
                viewports=(crawl.PHONE, crawl.LAPTOP), language="ru", strip=strip)
    assert not problems, problems.report()

    page.set_viewport_size(crawl.PHONE)
    page.goto(console)
    rows = page.locator("#console-results table.console-results").first.locator("tbody tr")
    assert rows.count() == PER_PAGE
    first = rows.first.get_attribute("id")
    page.get_by_role("navigation", name="Страницы матчей, ожидающих результата").get_by_role(
        "link", name="Вперёд").click()
    page.wait_for_url("**?page=2")
    assert rows.count() == PER_PAGE and rows.first.get_attribute("id") != first

    page.get_by_text("Исправить решённый матч").click()  # the decided matches, folded
    decided = page.get_by_role("navigation", name="Страницы решённых матчей")
    decided.get_by_role("link", name="Страница 2").click()
    page.wait_for_url("**decided=2")
    assert page.locator("details[open] table.console-results tbody tr").count() == 5  # 30 decided
    context.close()
