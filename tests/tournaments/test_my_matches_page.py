"""My matches after years of play: every match still open, the latest finished ones only
(those of the events down to the day of the 20th), and a way to the rest (the player's
page)."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.models import Q
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import Player
from federations.synthetic.generate import Size, generate_federation
from games.models import MatchStatus
from tournaments.models import Pairing
from tournaments.views.player import MY_FINISHED

pytestmark = pytest.mark.django_db

YEARS = Size(clubs=2, players=20, matches=900, seasons=2, seed=41, prefix="mine",
             until=datetime.date(2026, 6, 30))


def _pairings(player: Player):
    return Pairing.objects.filter(Q(match__player1=player) | Q(match__player2=player))


def _page(client: Client) -> str:
    response = client.get(reverse("tournaments:my_matches"))
    assert response.status_code == 200
    return response.content.decode()


def _shown(page: str) -> set[int]:
    matches = Pairing.objects.exclude(match=None).values_list("match_id", flat=True)
    return {match for match in matches if f'id="my-match-{match}"' in page}


def test_a_long_history_shows_the_open_matches_and_the_latest_finished_ones():
    generate_federation(YEARS)
    player = max(Player.objects.filter(user__isnull=False),
                 key=lambda p: _pairings(p).count())
    mine = list(_pairings(player).order_by("-tournament__starts_on", "flight", "round", "number"))
    assert len(mine) > MY_FINISHED + 5, "the generated history is too short for this test"
    # the oldest match is reopened: still to play, however old its event
    oldest = mine[-1].match
    oldest.status = MatchStatus.READY
    oldest.save(update_fields=["status"])
    finished = [p for p in mine if p.match_id != oldest.pk]
    # the latest 20, and the others of events held on the day of the 20th
    last_day = finished[MY_FINISHED - 1].tournament.starts_on
    latest = {p.match_id for p in finished if p.tournament.starts_on >= last_day}
    assert MY_FINISHED <= len(latest) < len(finished)

    client = Client()
    client.force_login(player.user)
    page = _page(client)
    assert _shown(page) == {*latest, oldest.pk}
    assert reverse("leaderboard:player", args=[player.pk]) in page

    # the queries do not grow with the history: one player with a short one costs the same
    with CaptureQueriesContext(connection) as long_history:
        client.get(reverse("tournaments:my_matches"))
    few = Player.objects.filter(user__isnull=False).exclude(pk=player.pk).order_by("pk").first()
    keep = list(_pairings(few).order_by("pk").values_list("pk", flat=True)[:3])
    assert len(keep) == 3
    # the rest of their matches taken out of their list (the pairings lose their match)
    _pairings(few).exclude(pk__in=keep).update(match=None)
    other = Client()
    other.force_login(few.user)
    other.get(reverse("tournaments:my_matches"))
    with CaptureQueriesContext(connection) as short_history:
        page = _page(other)
    assert _shown(page) == set(_pairings(few).values_list("match_id", flat=True))
    assert reverse("leaderboard:player", args=[few.pk]) not in page  # nothing left out
    assert len(short_history) == len(long_history)
