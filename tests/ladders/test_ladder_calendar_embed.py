"""A ladder in the calendars and on the club's own website: each open challenge's "play by"
in the person's, the club's and the challenge's own feed, in the club's time zone; the
club's public ladder as an embed page its listed sites may frame. Private ladders reach
neither strangers' feeds nor embeds."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django.urls import reverse
from icalendar import Calendar

from clubs import calendar, embeds
from clubs.profiles import calendar_token
from ladders.models import Challenge
from tests.ladders.helpers import make_club, new_ladder
from tests.support.clients import page_client

pytestmark = pytest.mark.django_db
CLUB_SITE = "https://club.example.org"


def ladder_with_a_challenge(**settings: Any) -> tuple[Any, dict[str, Any], Challenge]:
    club = make_club(3)
    club.club.time_zone = "Europe/Berlin"
    club.club.embed_origins = [CLUB_SITE]
    club.club.save()
    ladder = new_ladder(club, **settings)
    for player in club.players:
        assert club.api(player).post(f"/api/ladders/{ladder['id']}/join/", {}, format="json").status_code == 200
    made = club.api(club.players[2]).post(f"/api/ladders/{ladder['id']}/challenge/",
                                          {"challenged": club.players[1].pk}, format="json")
    assert made.status_code == 201, made.content
    challenge = Challenge.objects.get(pk=made.json()["id"])
    # a deadline in Berlin's summer time: 18:30 local is 16:30 UTC
    challenge.deadline = datetime(2027, 6, 1, 16, 30, tzinfo=UTC)
    challenge.save(update_fields=["deadline"])
    return club, ladder, challenge


def entries(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"].startswith("text/calendar")
    feed = Calendar.from_ical(response.content)
    return {str(event["UID"]).split("@")[0]: event for event in feed.walk("VEVENT")}


def test_a_challenge_deadline_is_in_both_players_feeds_at_the_clubs_local_time() -> None:
    club, _ladder, challenge = ladder_with_a_challenge()
    uid = f"ladder-challenge-{challenge.pk}"
    for player in (club.players[2], club.players[1]):  # challenger and challenged
        feed = entries(page_client().get(calendar.feed_path(calendar.PERSON, token=calendar_token(player.user))))
        event = feed[uid]
        start = event.decoded("DTSTART")
        assert (start.hour, start.minute) == (18, 30) and event["DTSTART"].params["TZID"] == "Europe/Berlin"
        assert "Ladder 3" in str(event["SUMMARY"]) and "Ladder 2" in str(event["SUMMARY"])
    bystander = entries(page_client().get(calendar.feed_path(calendar.PERSON, token=calendar_token(club.players[0].user))))
    assert uid not in bystander
    assert uid in entries(page_client().get(calendar.feed_path("club", club.club.slug)))
    challenge.status = "played"
    challenge.save(update_fields=["status"])
    assert uid not in entries(page_client().get(calendar.feed_path(calendar.PERSON, token=calendar_token(club.players[1].user))))


def test_a_private_ladders_challenges_stay_in_the_club() -> None:
    club, _ladder, challenge = ladder_with_a_challenge(is_public=False)
    uid = f"ladder-challenge-{challenge.pk}"
    assert uid not in entries(page_client().get(calendar.feed_path("club", club.club.slug)))
    assert page_client().get(calendar.feed_path("challenge", str(challenge.pk))).status_code == 404
    own = calendar_token(club.players[1].user)
    assert uid in entries(page_client().get(calendar.feed_path("challenge", str(challenge.pk), token=own)))


def test_the_challenge_offers_its_calendar_file_on_the_ladder_page() -> None:
    club, ladder, challenge = ladder_with_a_challenge()
    page = page_client(club.players[1].user).get(f"/ladders/{ladder['id']}/").content.decode()
    link = calendar.feed_path("challenge", str(challenge.pk))
    assert f'href="{link}"' in page
    assert f"ladder-challenge-{challenge.pk}" in entries(page_client().get(link))


def test_the_clubs_public_ladder_embeds_for_its_listed_sites_only() -> None:
    club, ladder, _challenge = ladder_with_a_challenge()
    response = page_client().get(embeds.embed_path(club.club, "ladder", ladder["id"]))
    assert response.status_code == 200 and "X-Frame-Options" not in response
    assert CLUB_SITE in response["Content-Security-Policy"]
    html = response.content.decode()
    assert all(player.display_name in html for player in club.players)
    assert page_client().get(embeds.embed_path(club.club, "ladder")).status_code == 404
    settings_page = page_client(club.director).get(reverse("clubs:club_edit", args=[club.club.slug]))
    assert embeds.embed_path(club.club, "ladder", ladder["id"]) in settings_page.content.decode()


def test_a_private_ladder_never_embeds() -> None:
    club, ladder, _challenge = ladder_with_a_challenge(is_public=False)
    director = page_client(club.director)
    assert director.get(embeds.embed_path(club.club, "ladder", ladder["id"])).status_code == 404
    snippets = director.get(reverse("clubs:club_edit", args=[club.club.slug])).content.decode()
    assert embeds.embed_path(club.club, "ladder", ladder["id"]) not in snippets
