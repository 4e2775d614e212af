"""Name search ignores case in every alphabet, on SQLite as on PostgreSQL.

SQLite's LIKE (Django's ``icontains`` there) folds ASCII letters only, so "иван" did
not find "Иван" on SQLite while it did on PostgreSQL; ``clubs.search`` lowers
both sides itself.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clubs.selectors import NameViewer, clubs_with_counts, search_players
from tests.factories import ClubFactory, PlayerFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


@pytest.fixture
def players() -> dict[str, object]:
    return {
        "ivan": PlayerFactory(name="Иван Петров", display_name="Ваня"),
        "oleg": PlayerFactory(name="Олег Ёлкин", display_name="ОЛЕГ"),
        "anar": PlayerFactory(name="Anar Məmmədov", display_name="Anar"),
        "sofia": PlayerFactory(name="Σοφία Παπαδοπούλου", display_name="Sofia"),
        "percent": PlayerFactory(name="Fifty 50% Fifty", display_name="Half"),
    }


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("иван", ["ivan"]),
        ("ИВАН", ["ivan"]),
        ("Иван", ["ivan"]),
        ("ваня", ["ivan"]),  # the display name
        ("олег", ["oleg"]),
        ("ёлкин", ["oleg"]),
        ("ЁЛКИН", ["oleg"]),
        ("МӘММӘДОВ", []),  # Cyrillic schwa is not the Latin one
        ("MƏMMƏDOV", ["anar"]),
        ("σοφία", ["sofia"]),
        ("ΣΟΦΊΑ", ["sofia"]),
        ("anar", ["anar"]),
        ("50%", ["percent"]),  # % is a character, not a wildcard
        ("_", []),
        ("  иван  ", ["ivan"]),
    ],
)
def test_player_search_ignores_case_in_any_alphabet(
    players: dict[str, object], search: str, expected: list[str]
) -> None:
    found = search_players(search, NameViewer.system())
    assert sorted(found, key=lambda p: p.pk) == [players[key] for key in expected]


def test_club_search_ignores_case_in_any_alphabet() -> None:
    baku = ClubFactory(name="Бакинский клуб нард", slug="baku")
    ClubFactory(name="Other Club", slug="other")
    assert list(clubs_with_counts("БАКИНСКИЙ")) == [baku]
    assert list(clubs_with_counts("клуб")) == [baku]
    assert [club.slug for club in clubs_with_counts("CLUB")] == ["other"]


def test_the_club_list_page_and_the_api_find_cyrillic_names(players: dict[str, object]) -> None:
    ClubFactory(name="Клуб Нарды", slug="nardy")
    page = Client().get(reverse("clubs:club_list"), {"q": "нарды"})
    assert "Клуб Нарды" in page.text
    for search, found in (("ВАНЯ", ["Ваня"]), ("ИВАН", [])):  # a private legal name: hidden
        response = APIClient().get("/api/players/", {"search": search})
        assert response.status_code == 200
        body = response.json()
        rows = body["results"] if isinstance(body, dict) else body
        assert [row["display_name"] for row in rows] == found
