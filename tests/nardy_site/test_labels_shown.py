"""Values kept as codes are shown by their labels: an event's page and its desk show a
division by the name the director gave it, never by its code ("open", "novice")."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.tournament_helpers import director_of, make_event
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def test_divisions_are_shown_by_their_names(client: Client) -> None:
    event = make_event(2, divisions=[{"code": "open", "name": "Открытый дивизион"},
                                     {"code": "novice", "name": "Новички"}])
    first, second = event.entries.order_by("pk")
    Entry.objects.filter(pk=first.pk).update(division="open")
    Entry.objects.filter(pk=second.pk).update(division="novice")
    client.force_login(director_of(event))
    for url in (event.get_absolute_url(), reverse("tournaments:desk", args=[event.pk])):
        page = client.get(url).text
        assert "Новички" in page and "Открытый дивизион" in page, url
        assert ">novice<" not in page and ">open<" not in page, url
