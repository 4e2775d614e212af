"""The ladder pages in a real browser: at 390 px and on a laptop, axe-clean, in Russian
(no English left but names), and a challenge made with a tap on a phone."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from ladders import services
from ladders.models import Challenge
from tests.e2e import crawl
from tests.ladders.helpers import make_club, seed_rating

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _open_as(browser: Any, base: str, user: Any, language: str) -> Any:
    context = browser.new_context(bypass_csp=True)  # axe-core is injected inline
    cookies = [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base}]
    if user is not None:
        client = Client()
        client.force_login(user)
        cookies.append({"name": settings.SESSION_COOKIE_NAME, "url": base,
                        "value": client.cookies[settings.SESSION_COOKIE_NAME].value})
    context.add_cookies(cookies)
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def test_ladder_pages_fit_a_phone_are_accessible_and_read_in_russian(live_server, browser) -> None:
    club = make_club(8, prefix="Игрок")
    for player, rating in zip(club.players[:4], (1900, 1700, 1500, 1450), strict=True):
        seed_rating(club.club, player, rating)
    ladder = services.create_ladder(club=club.club, by=club.director, name="Лестница клуба",
                                    placement="rating", handicap_step=150)
    for player in club.players:
        services.join_ladder(ladder=ladder, player=player, by=club.director)
    rungs = list(ladder.rungs.order_by("position").select_related("player"))
    services.make_challenge(ladder=ladder, challenger=rungs[3].player, challenged=rungs[0].player,
                            by=club.director)
    services.set_paused(ladder=ladder, player=rungs[5].player, paused=True, by=club.director)
    names = [p.display_name for p in club.players] + [club.club.name, ladder.name]
    names += [p.user.get_username() for p in club.players] + [club.director.get_username()]
    player = rungs[-1].player
    pages = [
        (None, reverse("ladders:ladder", args=[ladder.pk])),
        (None, reverse("ladders:ladder_list")),
        (None, reverse("ladders:tv", args=[ladder.pk])),
        (None, reverse("ladders:player", args=[ladder.pk, rungs[3].player_id])),
        (player.user, reverse("ladders:ladder", args=[ladder.pk])),
        (rungs[0].player.user, reverse("ladders:my_challenges")),
        (club.director, reverse("ladders:ladder", args=[ladder.pk])),
        (club.director, reverse("ladders:log", args=[ladder.pk])),
        (club.director, reverse("ladders:ladder_new", args=[club.club.slug])),
    ]
    problems = crawl.Problems()
    for language in ("ru", "en"):
        for user, url in pages:
            page = _open_as(browser, live_server.url, user, language)
            crawl.check(page, live_server.url + url, f"{language} {url} as {user}", problems,
                        language=language, strip=names)
            page.context.close()
    assert not problems, problems.report()

    # On a phone, in Russian, the last player challenges with a tap (htmx, no reload).
    page = _open_as(browser, live_server.url, player.user, "ru")
    page.set_viewport_size(crawl.PHONE)
    page.goto(live_server.url + reverse("ladders:ladder", args=[ladder.pk]))
    buttons = page.get_by_role("button", name="Вызвать")
    assert buttons.count() >= 1
    buttons.first.click()
    page.get_by_text("Вы вызвали игрока").wait_for()
    made = Challenge.objects.get(challenger=player)
    assert page.locator(f"#challenge-{made.pk}").is_visible()
    page.context.close()
