"""A long-nardy chouette table's six-point block rule: chosen when the table opens (the
main rule unless chosen), kept by a split, shown on the table page and in the API, and
refused for backgammon naming the field."""

from __future__ import annotations

import pytest
from django.urls import reverse

from chouette.models import ChouetteSession
from tests.games.chouette_tables import make_table
from tests.support.clients import api_client, error_field, error_of, page_client

pytestmark = pytest.mark.django_db


def test_long_nardy_tables_play_the_main_rule_unless_chosen() -> None:
    assert make_table(3, variant="nardy").session.block_rule == "ahead"
    assert make_table(3).session.block_rule == ""
    chosen = make_table(3, variant="nardy", block_rule="off").session
    assert chosen.block_rule == "off" and chosen.table_settings().block_rule == "off"


def test_the_table_page_shows_it() -> None:
    t = make_table(3, variant="nardy", block_rule="home")
    page = page_client(t.director).get(t.session.get_absolute_url()).text
    assert 'data-block-rule="home"' in page and "home rule" in page
    backgammon = make_table(3)
    assert "data-block-rule" not in page_client(None).get(backgammon.session.get_absolute_url()).text


def test_a_director_chooses_it_on_the_page_and_backgammon_refuses_it() -> None:
    t = make_table(3)
    client = page_client(t.director)
    data = {
        "date": "2026-11-21",
        "variant": "backgammon",
        "stake_per_point": "1",
        "cube_mode": "multiple",
        "jacoby": "on",
        "consulting": "live_cube",
        "max_players": "6",
        "block_rule": "home",
        **{f"seat_{i}": str(p.pk) for i, p in enumerate(t.players)},
    }
    url = reverse("chouette:session_new", args=[t.club.slug])
    assert 'name="block_rule"' in client.get(url).text
    refused = client.post(url, data)
    assert refused.status_code == 400 and "long-nardy rule" in refused.text
    assert ChouetteSession.objects.count() == 1
    opened = client.post(url, {**data, "variant": "nardy"})
    assert opened.status_code == 302
    assert ChouetteSession.objects.latest("pk").block_rule == "home"


def test_the_api_takes_shows_and_refuses_it() -> None:
    t = make_table(3)
    api = api_client(t.director)
    payload = {"club": t.club.slug, "opening_line": [p.pk for p in t.players]}
    nardy = api.post(
        "/api/chouette-sessions/", {**payload, "variant": "nardy", "block_rule": "off"},
        format="json",
    )
    assert nardy.status_code == 201, nardy.json()
    assert nardy.json()["block_rule"] == "off"
    default = api.post("/api/chouette-sessions/", {**payload, "variant": "nardy"}, format="json")
    assert default.json()["block_rule"] == "ahead"
    refused = api.post("/api/chouette-sessions/", {**payload, "block_rule": "home"}, format="json")
    assert refused.status_code == 409
    assert error_of(refused)["code"] == "block_rule_needs_nardy"
    assert error_field(refused) == "block_rule"
    unknown = api.post(
        "/api/chouette-sessions/", {**payload, "variant": "nardy", "block_rule": "x"},
        format="json",
    )
    assert unknown.status_code == 400 and error_field(unknown) == "block_rule"
    assert ChouetteSession.objects.count() == 3
