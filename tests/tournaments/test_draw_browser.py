"""The draw on a phone, in Russian (issue 27, part 1): the director previews the draw,
publishes it and takes it back from the console at 390 px, each step without a reload,
asking once before the undo; every state fits the screen, reads in Russian and is
axe-clean (and the console too on a laptop and a big screen)."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.e2e import crawl
from tests.factories import PlayerFactory
from tests.tournaments.tournament_helpers import director_of, make_event
from tournaments import services
from tournaments.models import Pairing, Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
BIG_SCREEN = {"width": 1920, "height": 1080}


def _open_as(browser: Any, base: str, user: Any, language: str) -> Any:
    context = browser.new_context(bypass_csp=True, viewport=crawl.PHONE)  # axe is injected inline
    client = Client()
    client.force_login(user)
    context.add_cookies([
        {"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base},
        {"name": settings.SESSION_COOKIE_NAME, "url": base,
         "value": client.cookies[settings.SESSION_COOKIE_NAME].value},
    ])
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def _looks_right(page: Any, where: str, problems: crawl.Problems, strip: list[str]) -> None:
    """The page as it is now (after an htmx swap): fits 390 px, axe-clean, no English."""
    width = page.evaluate(crawl.WIDTH_JS)
    if width["scroll"] > width["inner"]:
        problems.add(where, f"page {width['scroll']} px wide: {', '.join(width['wide'])}")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(crawl.AXE))
    for violation in page.evaluate(crawl.AXE_JS):
        problems.add(where, f"axe {violation['impact']} {violation['id']}: {violation['nodes']}")
    words = crawl.english_left(page.evaluate(crawl.VISIBLE_TEXT_JS, "ru"), strip)
    if words:
        problems.add(where, f"English: {' '.join(sorted(set(words)))}")


def test_preview_publish_and_undo_on_a_phone_in_russian(live_server: Any, browser: Any) -> None:
    event = make_event(0, name="Осенний кубок", seeding="random")
    for index in range(6):
        player = PlayerFactory(name=f"Игрок {index + 1}", display_name=f"Игрок {index + 1}")
        services.add_entry(tournament=event, player=player, actor=director_of(event))
    strip = [event.club.name, director_of(event).get_username()]
    console = reverse("tournaments:console", args=[event.pk])
    problems = crawl.Problems()
    page = _open_as(browser, live_server.url, director_of(event), "ru")
    crawl.check(page, live_server.url + console, "console before the draw", problems,
                viewports=(crawl.PHONE, crawl.LAPTOP, BIG_SCREEN), language="ru", strip=strip)
    page.set_viewport_size(crawl.PHONE)

    page.get_by_role("button", name="Провести жеребьёвку").click()
    page.get_by_role("heading", name="Жеребьёвка до публикации").wait_for()
    assert page.url.endswith(console)  # swapped in, no page load
    assert page.get_by_test_id("preview-matches").locator("li").count() == 4  # 2 matches, 2 byes
    assert not Pairing.objects.filter(tournament=event).exists()
    _looks_right(page, "the preview @390", problems, strip)
    shown = page.get_by_test_id("preview-matches").inner_text()

    page.get_by_role("button", name="Опубликовать жеребьёвку").click()
    page.get_by_text("Жеребьёвка проведена").wait_for()
    made = Pairing.objects.filter(tournament=event, state="ready").select_related(
        "top__player", "bottom__player")
    assert made.count() == 2
    assert all(p.top.player.display_name in shown and p.bottom.player.display_name in shown for p in made)
    _looks_right(page, "the console after publishing @390", problems, strip)

    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.get_by_role("button", name="Отменить жеребьёвку").click()
    page.get_by_text("Жеребьёвка отменена").first.wait_for()
    assert len(asked) == 1 and asked[0].startswith("Отменить жеребьёвку?")
    assert not Pairing.objects.filter(tournament=event).exists()
    assert Tournament.objects.get(pk=event.pk).status == "draft"
    _looks_right(page, "the console after the undo @390", problems, strip)
    assert page.get_by_role("button", name="Провести жеребьёвку").is_visible()
    page.context.close()
    assert not problems, problems.report()
