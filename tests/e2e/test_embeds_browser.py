"""A club's own website frames an embed page (clubs.embeds) in a real browser that keeps
the site's Content-Security-Policy: a listed site shows it, an unlisted one is refused.
Also the embed page, the club settings with its snippets and the event page with its
time zone at a phone's width, a laptop's and a big screen's, axe-core clean."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Error as BrowserError

from clubs import embeds
from tests.e2e import crawl
from tests.factories import ClubFactory, UserFactory
from tests.support.fake_http import fake_site
from tournaments import services

BIG_SCREEN = {"width": 2560, "height": 1440}

pytestmark = [pytest.mark.e2e,
              pytest.mark.django_db(transaction=True)]


def framing_page(src: str) -> str:
    return (f'<!DOCTYPE html><html lang="en"><head><title>Our club</title></head><body>'
            f'<h1>Our club</h1><iframe id="results" src="{src}" title="Results" '
            f'width="800" height="500"></iframe></body></html>')


def a_club_with_a_public_event(origins: list[str]) -> tuple[Any, Any]:
    director = UserFactory(username="embedder")
    club = ClubFactory(directors=[director], embed_origins=origins, time_zone="Europe/Berlin")
    event = services.create_tournament(
        club=club, actor=director, name="Riverside Open", starts_on=datetime.date(2027, 3, 29),
        start_time=datetime.time(18, 0), variant="backgammon", format="round_robin")
    return club, event


def frame_text(page: Any, src: str) -> str:
    page.wait_for_load_state("load")
    frame = next((f for f in page.frames if f.url.startswith(src)), None)
    if frame is None:
        return ""
    try:
        return frame.locator("body").inner_text(timeout=3_000)
    except BrowserError:  # a refused frame holds Chromium's error page, or nothing
        return ""


def test_a_listed_site_frames_the_embed_and_an_unlisted_one_is_refused(
        live_server: Any, strict_page: Any) -> None:
    with fake_site("") as listed_origin, fake_site("") as unlisted_origin:
        club, event = a_club_with_a_public_event([listed_origin])
        src = live_server.url + embeds.embed_path(club, "standings", event.pk)
        with fake_site(framing_page(src)) as listed:
            assert listed != listed_origin  # each fake site has its own port
            club.embed_origins = [listed]
            club.save()
            strict_page.goto(listed + "/")
            text = frame_text(strict_page, src)
            assert "Riverside Open" in text
            assert not [v for v in strict_page.violations if "frame-ancestors" in v]
        with fake_site(framing_page(src)) as unlisted:
            assert unlisted not in club.embed_origins
            strict_page.goto(unlisted + "/")
            strict_page.wait_for_timeout(500)  # let Chromium report the refusal
            assert "Riverside Open" not in frame_text(strict_page, src)
            assert [v for v in strict_page.violations if "frame-ancestors" in v]
        del unlisted_origin


def test_the_new_pages_at_a_phone_a_laptop_and_a_big_screen(live_server: Any, browser: Any) -> None:
    club, event = a_club_with_a_public_event(["https://club.example.org"])
    context = browser.new_context(bypass_csp=True)  # axe-core is injected as a script
    client = Client()
    client.force_login(get_user_model().objects.get(username="embedder"))
    context.add_cookies([{"name": "sessionid", "url": live_server.url,
                          "value": client.cookies["sessionid"].value}])
    page = context.new_page()
    problems = crawl.Problems()
    base = live_server.url
    for language in ("en", "ru"):
        context.add_cookies([{"name": "django_language", "value": language, "url": base}])
        for where, path in (
            ("embed events", embeds.embed_path(club, "events")),
            ("embed standings", embeds.embed_path(club, "standings", event.pk)),
            ("club settings", f"/clubs/{club.slug}/edit/"),
            ("profile", "/me/profile/"),
            ("event", event.get_absolute_url()),
        ):
            crawl.check(page, base + path, f"{where} [{language}]", problems, language=language,
                        viewports=(crawl.PHONE, crawl.LAPTOP, BIG_SCREEN),
                        strip=(club.name, event.name, "embedder"))
    context.close()
    assert not problems, problems.report()
