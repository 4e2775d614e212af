"""An anonymous visitor's poll of an unchanged public fragment is answered 304 by the
first middleware (common.live.early_answer), from two cache reads: no session, no user,
no event row, no view. Anything the note does not vouch for goes on to the view: another
address, another language, a signed-in reader, an event changed in any way (its own row
too, saved or bulk-updated), a private event.

The suite runs with the page cache on (tests/conftest.py)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import UserFactory
from tests.tournaments.test_live_etags import confirm_a_result, drawn, poll
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def bracket_url(event: Tournament) -> str:
    return reverse("tournaments:bracket", args=[event.pk])


def test_an_unchanged_anonymous_poll_is_answered_before_the_database() -> None:
    event = drawn(8)
    client = Client()
    etag = poll(client, bracket_url(event))["ETag"]
    with CaptureQueriesContext(connection) as queries:
        answer = poll(client, bracket_url(event), etag)
    assert answer.status_code == 304 and answer["ETag"] == etag
    assert "HX-Request" in answer["Vary"] and "no-cache" in answer["Cache-Control"]
    assert len(queries) == 0, [q["sql"] for q in queries]
    assert "sessionid" not in answer.cookies  # no session was made for it

    confirm_a_result(event)  # the event changed: the view answers with the new version
    changed = poll(client, bracket_url(event), etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    with CaptureQueriesContext(connection) as queries:
        assert poll(client, bracket_url(event), changed["ETag"]).status_code == 304
    assert len(queries) == 0


def test_the_events_own_row_changed_by_a_save_or_a_bulk_update_goes_to_the_view() -> None:
    event = drawn(4)
    client = Client()
    etag = poll(client, bracket_url(event))["ETag"]
    Tournament.objects.filter(pk=event.pk).update(name="Renamed Open")
    renamed = poll(client, bracket_url(event), etag)
    assert renamed.status_code == 200 and renamed["ETag"] != etag
    event.refresh_from_db()
    event.is_public = False  # now private: an anonymous poll with a tag it had is refused
    event.save()
    assert poll(client, bracket_url(event), renamed["ETag"]).status_code == 404


def test_another_address_or_language_is_not_vouched_for() -> None:
    event = drawn(4, format=Tournament.Format.ROUND_ROBIN)
    client = Client()
    bracket_tag = poll(client, bracket_url(event))["ETag"]
    standings = reverse("tournaments:standings", args=[event.pk])
    assert poll(client, standings, bracket_tag).status_code == 200  # not that page's tag
    english = poll(client, standings)
    assert poll(client, standings, english["ETag"]).status_code == 304
    russian = poll(client, standings, english["ETag"], HTTP_ACCEPT_LANGUAGE="ru")
    assert russian.status_code == 200 and russian["ETag"] != english["ETag"]
    assert russian.content != english.content
    assert poll(client, standings, russian["ETag"], HTTP_ACCEPT_LANGUAGE="ru").status_code == 304


def test_a_signed_in_reader_and_a_private_event_always_reach_the_view() -> None:
    event = drawn(4)
    member = Client()
    member.force_login(event.club.directors.first() or UserFactory())
    etag = poll(member, bracket_url(event))["ETag"]
    with CaptureQueriesContext(connection) as queries:
        assert poll(member, bracket_url(event), etag).status_code == 304
    assert len(queries) > 0  # the session and the visibility rule were read
    private = drawn(4, is_public=False)
    director = Client()
    director.force_login(private.club.directors.first())
    tag = poll(director, bracket_url(private))["ETag"]
    assert poll(Client(), bracket_url(private), tag).status_code == 404  # no note was made


@pytest.mark.parametrize("header", ['*', 'W/"abc"', '"' + "0" * 500 + '"', '"x", "y", "z", "w", "v"',
                                    "\x7f", '"nardy:pages:tournament:1:version"'])  # fmt: skip
def test_any_if_none_match_header_is_answered_sanely(header: str) -> None:
    event = drawn(4)
    answer = Client().get(bracket_url(event), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=header)
    assert answer.status_code in (200, 304)
