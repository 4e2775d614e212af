"""The cached fragments of an event's pages (tournaments.page_cache) are never stale.

The suite runs with the page cache on (tests/conftest.py). Here whole events of every
format are run through the services, and after each step every fragment a visitor gets
(bracket, crosstable, standings: the full page and the htmx partial) is compared with
what the same page renders with the cache off. A write that forgets to drop the versions
of the events it changes (a signal, a bulk write) fails here.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse

from clubs.models import Player
from games.models import Match
from tests.tournaments.tournament_helpers import EVENT_FORMATS, director_of, make_event, play
from tournaments import page_cache, services
from tournaments.models import Entry, Pairing, Tournament
from tournaments.play import walkovers
from tournaments.play.common import ActionError
from tournaments.services.registration import withdraw

pytestmark = pytest.mark.django_db

PAGES = ("bracket", "crosstable", "standings")
CSRF_TOKEN = re.compile(r'(?<="X-CSRFToken": ")[^"]+|(?<=name="csrfmiddlewaretoken" value=")[^"]+')
ETAG = re.compile(r' data-etag="[^"]*"')  # only with the cache on: the version's tag
RENDERED_AT = re.compile(r' data-rendered-at="[^"]*"')  # the page's own time (offline banners)


def fragments(event: Tournament, client: Client) -> dict[str, str]:
    pages = {}
    for name in PAGES:
        url = reverse(f"tournaments:{name}", args=[event.pk])
        # the full page, less the CSRF token (masked anew on every response)
        page = CSRF_TOKEN.sub("token", client.get(url).content.decode())
        pages[name] = RENDERED_AT.sub("", ETAG.sub("", page))
        pages[f"{name} (htmx)"] = ETAG.sub("", client.get(url, HTTP_HX_REQUEST="true").content.decode())
    return pages


def assert_fresh(event: Tournament, step: str) -> None:
    """What a visitor gets now (from the cache, after a first visit filled it) is what the
    pages render from the database."""
    client = Client()
    cached = fragments(event, client)
    assert cached == fragments(event, client)  # the second visit is served from the cache
    with override_settings(NARDY_PAGE_CACHE=False):
        fresh = fragments(event, client)
    for name in cached:
        assert cached[name] == fresh[name], f"{name} is stale after: {step}"


def play_ready(event: Tournament, rng: random.Random) -> int:
    ready = list(event.pairings.filter(state=Pairing.State.READY).select_related("match"))
    for pairing in ready:
        play(pairing.match, rng.choice((1, 2)))
    return len(ready)


def run(event: Tournament, rng: random.Random, *, between: Callable[[int], None]) -> None:
    """Draw, then rounds of random results until the event asks for nothing more; the
    pages are checked after the draw, after every round and every next stage."""
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    assert_fresh(event, "the draw")
    for step in range(40):
        played = play_ready(event, rng)
        assert_fresh(event, f"round {step + 1}'s results")
        between(step)
        try:
            services.next_stage(tournament=event, actor=director)
        except ActionError:
            if not played:
                return
            continue
        assert_fresh(event, f"the stage after round {step + 1}")


FORMATS = EVENT_FORMATS


@pytest.mark.parametrize("options", FORMATS.values(), ids=list(FORMATS))
def test_every_page_of_every_format_is_fresh_at_every_step(options: dict[str, Any]) -> None:
    assert page_cache.enabled()
    event = make_event(7, **options)
    rng = random.Random(11)
    director = director_of(event)

    def between(step: int) -> None:
        # changes beside the results, one a round: a renamed player (a signal), a renamed
        # event (its own row), a corrected result, a withdrawal
        if step == 0:
            player = Player.objects.get(entries__tournament=event, display_name="E1")
            player.display_name = "Renamed Player"
            player.save()
            assert_fresh(event, "a player's new name")
            Tournament.objects.filter(pk=event.pk).update(name="Renamed Open")
            assert_fresh(event, "the event's new name (a bulk update of its row)")
        if step == 1:
            decided = event.pairings.filter(state=Pairing.State.DECIDED).exclude(match=None).last()
            if decided is not None:
                match = decided.match
                Match.objects.filter(pk=match.pk).update()  # no change, no harm
                play(match, 1 if decided.winner_id == decided.bottom_id else 2)
                assert_fresh(event, "a corrected result")
        if step == 2:
            entry = event.entries.filter(withdrawn=False).order_by("-pk").first()
            try:
                withdraw(entry=entry, by=director)
            except Exception:  # noqa: BLE001 - some stages refuse a withdrawal; fine here
                return
            assert_fresh(event, "a withdrawal")

    run(event, rng, between=between)


def test_a_late_entry_and_a_bulk_update_of_entries_show_at_once() -> None:
    event = make_event(5, format=Tournament.Format.ROUND_ROBIN, late_entry_rule="penalty")
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    assert_fresh(event, "the draw")
    walkovers.late_entry(tournament=event, player=Player.objects.create(
        name="Late Comer", display_name="Late Comer"), by=director)  # fmt: skip
    assert_fresh(event, "a late entry")
    Entry.objects.filter(tournament=event).update(penalty_points=1)
    assert_fresh(event, "penalty points set in bulk")
    Pairing.objects.filter(tournament=event).update(table="7")
    assert_fresh(event, "tables set in bulk")


def test_the_cache_is_keyed_by_language_and_survives_a_cache_failure(monkeypatch) -> None:
    event = make_event(4)
    services.make_draw(tournament=event, actor=director_of(event))
    url = reverse("tournaments:bracket", args=[event.pk])
    english = Client().get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_HX_REQUEST="true").content.decode()
    russian = Client().get(url, HTTP_ACCEPT_LANGUAGE="ru", HTTP_HX_REQUEST="true").content.decode()
    assert "Final" in english and "Финал" in russian and "Финал" not in english

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("the cache is down")

    for name in ("get", "set", "add", "delete_many"):
        monkeypatch.setattr(cache, name, broken)
    response = Client().get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert response.content.decode() == ETAG.sub("", english) and "ETag" not in response
    play(event.pairings.filter(state=Pairing.State.READY).first().match, 1)  # drops: guarded
