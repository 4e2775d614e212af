"""Calendar feeds (clubs.calendar, tournaments.calendar_items): parsed back with the
icalendar library, local times across a daylight-saving change, privacy, the personal
link and its reset, and the event page's times in the event's and the reader's zone."""

from __future__ import annotations

import datetime
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from clubs import calendar, profiles
from clubs.models import Profile
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.support.clients import api_client, error_of
from tests.tournaments.tournament_helpers import make_event, pairing
from tournaments import services

pytestmark = pytest.mark.django_db
UTC = datetime.UTC
# Europe/Berlin moves its clocks forward at 01:00 UTC on Sunday 28 March 2027.
BEFORE_DST, AFTER_DST = datetime.date(2027, 3, 27), datetime.date(2027, 3, 29)


def club_in(zone: str, **kwargs):
    director = UserFactory()
    club = ClubFactory(directors=[director], time_zone=zone, **kwargs)
    return club, director


def event_of(club, director, name: str, day: datetime.date, at: datetime.time | None = None, **options):
    return services.create_tournament(
        club=club, actor=director, name=name, starts_on=day, start_time=at,
        variant="backgammon", format="knockout", **options)


def parsed(response) -> Calendar:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"].startswith("text/calendar")
    return Calendar.from_ical(response.content)


def events_by_summary(feed: Calendar) -> dict[str, object]:
    return {str(event["SUMMARY"]): event for event in feed.walk("VEVENT")}


def feed_url(scope: str, key: str, token: str = "") -> str:
    return calendar.feed_path(scope, key, token)


def test_a_club_feed_keeps_local_time_across_a_daylight_saving_change(client) -> None:
    club, director = club_in("Europe/Berlin")
    event_of(club, director, "Saturday cup", BEFORE_DST, datetime.time(18, 0))
    event_of(club, director, "Monday cup", AFTER_DST, datetime.time(18, 0))
    feed = parsed(client.get(feed_url("club", club.slug)))
    found = events_by_summary(feed)
    saturday, monday = found["Saturday cup"].decoded("DTSTART"), found["Monday cup"].decoded("DTSTART")
    # 18:00 local both days, named by its zone...
    assert (saturday.hour, monday.hour) == (18, 18)
    assert found["Saturday cup"]["DTSTART"].params["TZID"] == "Europe/Berlin"
    # ...which is 17:00 UTC in winter time and 16:00 UTC in summer time.
    assert saturday.astimezone(UTC).hour == 17 and monday.astimezone(UTC).hour == 16
    # The feed carries the zone's own rules (VTIMEZONE); a calendar using only them agrees.
    zones = {str(tz["TZID"]): tz for tz in feed.walk("VTIMEZONE")}
    assert set(zones) == {"Europe/Berlin"}
    rules_only = zones["Europe/Berlin"].to_tz()
    for day, utc_hour in ((BEFORE_DST, 17), (AFTER_DST, 16)):
        local = datetime.datetime.combine(day, datetime.time(18, 0))
        assert local.replace(tzinfo=rules_only).astimezone(UTC).hour == utc_hour


@pytest.mark.parametrize(("zone", "utc_hours"), [
    ("Asia/Baku", (14, 14)),  # +4 all year: no change
    ("Europe/Istanbul", (15, 15)),  # +3 all year
    ("Europe/Berlin", (17, 16)),
])
def test_an_event_in_its_own_zone(client, zone, utc_hours) -> None:
    club, director = club_in("Europe/Berlin")
    first = event_of(club, director, "Before", BEFORE_DST, datetime.time(18, 0), time_zone=zone)
    second = event_of(club, director, "After", AFTER_DST, datetime.time(18, 0), time_zone=zone)
    for event, utc_hour in zip((first, second), utc_hours, strict=True):
        feed = parsed(client.get(feed_url("event", str(event.pk))))
        (item,) = [e for e in feed.walk("VEVENT") if str(e["UID"]).startswith(f"event-{event.pk}@")]
        start = item.decoded("DTSTART")
        assert item["DTSTART"].params["TZID"] == zone and start.hour == 18
        assert start.astimezone(UTC).hour == utc_hour
        assert {str(tz["TZID"]) for tz in feed.walk("VTIMEZONE")} == {zone}


def test_an_event_without_a_start_time_is_a_whole_day(client) -> None:
    club, director = club_in("Europe/Berlin")
    event = event_of(club, director, "All day", AFTER_DST, ends_on=AFTER_DST + timedelta(days=1))
    (item,) = parsed(client.get(feed_url("event", str(event.pk)))).walk("VEVENT")
    assert item.decoded("DTSTART") == AFTER_DST
    assert item.decoded("DTEND") == AFTER_DST + timedelta(days=2)


def test_deadlines_and_check_in_are_in_the_event_zone(client) -> None:
    club, director = club_in("Europe/Berlin")
    deadline = datetime.datetime(2027, 3, 28, 20, 30, tzinfo=ZoneInfo("Europe/Berlin"))
    event = event_of(club, director, "Spring open", AFTER_DST, datetime.time(18, 0),
                     registration_deadline=deadline,
                     check_in_opens_at=deadline + timedelta(hours=20),
                     check_in_closes_at=deadline + timedelta(hours=21))
    items = {str(e["UID"]).split("@")[0]: e for e in parsed(
        client.get(feed_url("event", str(event.pk)))).walk("VEVENT")}
    registration = items[f"event-{event.pk}-registration"].decoded("DTSTART")
    assert (registration.hour, registration.minute) == (20, 30)
    assert registration.astimezone(UTC) == deadline.astimezone(UTC)
    check_in = items[f"event-{event.pk}-check-in"]
    assert check_in.decoded("DTSTART").hour == 16 and check_in.decoded("DTEND").hour == 17


def test_private_events_reach_only_the_feeds_of_people_who_may_see_them(client) -> None:
    club, director = club_in("Europe/Berlin")
    event_of(club, director, "Open night", AFTER_DST, datetime.time(18, 0))
    private = event_of(club, director, "Members only", AFTER_DST, datetime.time(19, 0),
                       is_public=False)
    member = UserFactory()
    MembershipFactory(club=club, player=PlayerFactory(user=member))
    outsider = UserFactory()
    outsider_token = profiles.calendar_token(outsider)
    member_token = profiles.calendar_token(member)

    public_feed = events_by_summary(parsed(client.get(feed_url("club", club.slug))))
    assert set(public_feed) == {"Open night"}
    outsiders = events_by_summary(parsed(client.get(feed_url("club", club.slug, outsider_token))))
    assert set(outsiders) == {"Open night"}
    members = events_by_summary(parsed(client.get(feed_url("club", club.slug, member_token))))
    assert set(members) == {"Open night", "Members only"}

    assert client.get(feed_url("event", str(private.pk))).status_code == 404
    assert client.get(feed_url("event", str(private.pk), outsider_token)).status_code == 404
    assert parsed(client.get(feed_url("event", str(private.pk), member_token)))
    # signed in as the member, the public address still shows only public things
    client.force_login(member)
    assert client.get(feed_url("event", str(private.pk))).status_code == 404


def test_my_feed_has_my_events_matches_and_deadlines(client) -> None:
    event = make_event(2, with_logins=True, starts_on=AFTER_DST, start_time=datetime.time(18, 0))
    event.club.time_zone = "Asia/Baku"
    event.club.save()
    services.make_draw(tournament=event, actor=event.club.directors.first())
    final = pairing(event, "main", 1, 1)
    player_user = final.top.player.user
    club = event.club
    MembershipFactory(club=club, player=final.top.player)
    upcoming = services.create_tournament(
        club=club, actor=club.directors.first(), name="Next month", variant="backgammon",
        format="knockout", starts_on=timezone.localdate() + timedelta(days=40),
        registration_deadline=timezone.now() + timedelta(days=30))
    feed = parsed(client.get(calendar.feed_path(calendar.PERSON,
                                                token=profiles.calendar_token(player_user))))
    uids = {str(e["UID"]).split("@")[0]: e for e in feed.walk("VEVENT")}
    assert f"event-{event.pk}" in uids
    assert f"event-{upcoming.pk}-registration" in uids and f"event-{upcoming.pk}" not in uids
    match = uids[f"match-{final.match.pk}"]
    assert match["DTSTART"].params["TZID"] == "Asia/Baku"
    assert match.decoded("DTSTART").astimezone(UTC) == final.ready_at.replace(microsecond=0)
    assert final.top.player.display_name in str(match["SUMMARY"])


def test_the_personal_link_can_be_reset_and_the_old_one_stops_working(client) -> None:
    user = UserFactory()
    old = profiles.calendar_token(user)
    assert len(old) >= 40 and profiles.calendar_token(user) == old
    person = calendar.feed_path(calendar.PERSON, token=old)
    assert client.get(person).status_code == 200
    client.force_login(user)
    response = client.post(reverse("clubs:reset_calendar_link"))
    assert response.status_code == 302
    new = Profile.objects.get(user=user).calendar_token
    assert new != old
    assert client.get(person).status_code == 404
    assert client.get(calendar.feed_path(calendar.PERSON, token=new)).status_code == 200
    assert new in client.get(reverse("clubs:profile")).content.decode()


@pytest.mark.parametrize("token", ["nope", "x" * 200, ""])
def test_an_unknown_link_is_not_found(client, token) -> None:
    assert client.get(f"/calendar/p/{token}/me.ics").status_code == 404


def test_the_event_page_names_its_zone_and_the_readers_time(client) -> None:
    club, director = club_in("Europe/Berlin")
    event = event_of(club, director, "Berlin night", AFTER_DST, datetime.time(18, 0))
    url = event.get_absolute_url()
    anonymous = client.get(url).content.decode()
    assert "18:00" in anonymous and "Europe/Berlin" in anonymous and "your time" not in anonymous
    reader = UserFactory()
    Profile.objects.create(user=reader, time_zone="Asia/Baku")
    client.force_login(reader)
    page = client.get(url).content.decode()
    assert "18:00" in page and "20:00 your time (Asia/Baku)" in page
    # by default a reader's zone is their club's
    baku_club, _ = club_in("Asia/Baku")
    member = UserFactory()
    MembershipFactory(club=baku_club, player=PlayerFactory(user=member))
    client.force_login(member)
    assert "20:00 your time (Asia/Baku)" in client.get(url).content.decode()
    # a reader in the event's own zone sees one time
    berliner = UserFactory()
    Profile.objects.create(user=berliner, time_zone="Europe/Berlin")
    client.force_login(berliner)
    assert "your time" not in client.get(url).content.decode()


def test_the_event_page_offers_its_calendar_file(client) -> None:
    club, director = club_in("Europe/Istanbul")
    event = event_of(club, director, "Istanbul cup", AFTER_DST, datetime.time(12, 0))
    page = client.get(event.get_absolute_url()).content.decode()
    link = feed_url("event", str(event.pk))
    assert f'href="{link}"' in page and "Add to calendar" in page


def test_a_time_zone_that_does_not_exist_is_refused_where_it_is_set(client) -> None:
    club, director = club_in("Europe/Berlin")
    with pytest.raises(Exception) as caught:
        event_of(club, director, "Nowhere", AFTER_DST, time_zone="Mars/Olympus")
    assert getattr(caught.value, "code", "") == "invalid_tournament"
    user = UserFactory()
    client.force_login(user)
    response = client.post(reverse("clubs:profile"), {"display_name": "Ana", "time_zone": "Mars/Olympus"})
    assert response.status_code == 200 and not Profile.objects.filter(user=user, time_zone="Mars/Olympus").exists()
    response = client.post(reverse("clubs:profile"), {"display_name": "Ana", "time_zone": "Europe/Istanbul"})
    assert response.status_code == 302 and Profile.objects.get(user=user).time_zone == "Europe/Istanbul"
    # a form without the field (an older page) leaves the choice as it is; empty: the club's
    client.post(reverse("clubs:profile"), {"display_name": "Ana"})
    assert Profile.objects.get(user=user).time_zone == "Europe/Istanbul"
    client.post(reverse("clubs:profile"), {"display_name": "Ana", "time_zone": ""})
    assert Profile.objects.get(user=user).time_zone == ""


def test_the_api_reads_and_sets_a_persons_time_zone() -> None:
    user = UserFactory()
    api = api_client(user)
    me = "/api/profile/me/"
    assert api.get(me).json()["time_zone"] == ""
    bad = api.patch(me, {"time_zone": "Mars/Olympus"}, format="json")
    assert bad.status_code == 400 and "Mars/Olympus" in error_of(bad)["fields"]["time_zone"][0]
    assert api.patch(me, {"time_zone": "Asia/Baku"}, format="json").status_code == 200
    # another change leaves the zone as it is
    assert api.patch(me, {"city": "Baku"}, format="json").json()["time_zone"] == "Asia/Baku"
    assert Profile.objects.get(user=user).time_zone == "Asia/Baku"
