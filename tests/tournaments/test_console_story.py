"""One story on every page (issue 27, part 2): the console shows each match's length
beside its score or status."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.tournament_helpers import director_of, make_event, pairing, play
from tournaments import services

pytestmark = pytest.mark.django_db


def test_the_console_shows_each_matchs_length_beside_its_score(client: Client) -> None:
    event = make_event(4, match_lengths={"main": [5, 7]})
    services.make_draw(tournament=event, actor=director_of(event))
    play(pairing(event, "main", 1, 1).match)
    client.force_login(director_of(event))
    page = client.get(reverse("tournaments:console", args=[event.pk])).text
    rows = re.findall(r'<tr id="console-pairing-(\d+)">(.*?)</tr>', page, re.DOTALL)
    assert len(rows) == 2
    for pk, row in rows:
        length = event.pairings.get(pk=pk).match.length
        assert f'<small class="match-length">{length}-point match</small>' in row, row
    played = pairing(event, "main", 1, 1)
    assert re.search(rf"{played.match.length}–0.*{played.match.length}-point match",
                     dict(rows)[str(played.pk)], re.DOTALL)
