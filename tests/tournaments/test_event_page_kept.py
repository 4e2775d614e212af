"""An event's entrants (its overview page) are kept per version of the event
(``page_cache.fragment``): an entry added or withdrawn, a seed, a player's new name show
at once. Each case compares the kept page with the page worked out with the cache off."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.conf import settings
from django.test import Client

from clubs.models import Player
from tests.factories import PlayerFactory
from tests.tournaments.tournament_helpers import director_of, make_event
from tournaments import services
from tournaments.models import Entry, Tournament
from tournaments.services import registration

pytestmark = pytest.mark.django_db

ENTRANTS = re.compile(r'<h2>Entrants.*?</section>', re.DOTALL)


def entrants(client: Client, event: Tournament) -> str:
    response = client.get(event.get_absolute_url())
    assert response.status_code == 200
    return ENTRANTS.search(response.content.decode()).group(0)


def fresh(client: Client, event: Tournament) -> str:
    previous = settings.NARDY_PAGE_CACHE
    settings.NARDY_PAGE_CACHE = False
    try:
        return entrants(client, event)
    finally:
        settings.NARDY_PAGE_CACHE = previous


def entered(event: Tournament) -> str:
    services.add_entry(tournament=event, player=PlayerFactory(display_name="Newcomer N."),
                       actor=director_of(event))
    return "Newcomer N."


def renamed(event: Tournament) -> str:
    player = Player.objects.get(entries__tournament=event, display_name="E2")
    player.display_name = "Renamed R."
    player.save()
    return "Renamed R."


def seeded(event: Tournament) -> str:
    Entry.objects.filter(tournament=event).update(seed=None)
    return "<td>–</td>"


def withdrawn(event: Tournament) -> str:
    entry = Entry.objects.get(tournament=event, player__display_name="E3")
    registration.withdraw(entry=entry, by=director_of(event))
    return 'class="withdrawn"'


@pytest.mark.parametrize("change", [entered, renamed, seeded, withdrawn], ids=lambda c: c.__name__)
def test_each_change_of_the_entrants_shows_at_once(change: Callable[[Tournament], str]) -> None:
    event = make_event(4, format=Tournament.Format.KNOCKOUT)
    for number, entry in enumerate(Entry.objects.filter(tournament=event).order_by("pk"), start=1):
        Entry.objects.filter(pk=entry.pk).update(seed=number)
    visitor = Client()
    before = entrants(visitor, event)
    shown = change(event)
    kept = entrants(visitor, event)
    assert kept == fresh(visitor, event) and kept != before and shown in kept
