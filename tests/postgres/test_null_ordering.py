"""Lists sorted by a column that may be empty read the same on SQLite and PostgreSQL.

SQLite sorts NULL before every value, PostgreSQL after: unseeded entrants and
entrants without a place yet come last on both.
"""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.tournament_helpers import make_event
from tournaments.models import Entry
from tournaments.selectors.tournaments import entries_of

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def test_unseeded_entrants_come_after_the_seeded_ones() -> None:
    event = make_event(4)
    entries = list(event.entries.order_by("pk"))  # E1..E4
    Entry.objects.filter(pk=entries[2].pk).update(seed=1)
    Entry.objects.filter(pk=entries[3].pk).update(seed=2)
    Entry.objects.filter(pk__in=[entries[0].pk, entries[1].pk]).update(seed=None)
    names = [entry.player.display_name for entry in entries_of(event)]
    assert names == ["E3", "E4", "E1", "E2"]


def test_the_knockout_standings_export_lists_the_placed_entrants_first() -> None:
    event = make_event(4, is_public=True)
    entries = list(event.entries.order_by("pk"))
    for entry, seed, place in zip(entries, (1, 2, 3, 4), (None, 1, None, 2), strict=True):
        Entry.objects.filter(pk=entry.pk).update(seed=seed, place_first=place, place_last=place)
    response = Client().get(reverse("tournaments:standings_csv", args=[event.pk]))
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert [row[1] for row in rows[1:]] == ["E2", "E4", "E1", "E3"]
