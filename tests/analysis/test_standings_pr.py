"""Event standings from real analysed matches (shared GNU Backgammon files): the average
PR tiebreak and dual duel points, worked out from the stored PR; a private PR hidden."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from analysis.models import PlayerAnalysisPrivacy, PrVisibility
from tests.analysis.pr_events import pr_event
from tournaments.models import Tournament
from tournaments.selectors import tournaments as selectors

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(gnubg_matches, django_capture_on_commit_callbacks):  # type: ignore[no-untyped-def]
    return pr_event(gnubg_matches, django_capture_on_commit_callbacks)


def _rows(event):  # type: ignore[no-untyped-def]
    (table,) = selectors.crosstables(event)
    names = {entry.pk: entry.player.display_name for entry in table.entries}
    return [(names[row.player], dict(row.values)) for row in table.standings.rows], table


def _average(prs, player):  # type: ignore[no-untyped-def]
    mine = [float(pr) for (who, _other), pr in prs.items() if who == player]
    return round(sum(mine) / len(mine), 2)


def test_average_pr_and_dual_duel_points_from_analysed_matches(event, client) -> None:
    event, prs = event
    rows, table = _rows(event)
    assert [name for name, _values in rows] == ["Bob", "Alice", "Ann Lee"]  # 3, 2, 1 wins (a bye each)
    values = dict(rows)
    for name in ("Alice", "Bob", "Ann Lee"):
        assert values[name]["average_pr"] == _average(prs, name)

    # Dual duel on: a point per match won and one per match played with the better PR.
    Tournament.objects.filter(pk=event.pk).update(dual_duel=True)
    event.refresh_from_db()
    wins = {"Bob": 3, "Alice": 2, "Ann Lee": 1}  # each also had a bye (three players)
    duel = dict(wins)
    for (player, opponent), pr in prs.items():
        if pr < prs[(opponent, player)]:
            duel[player] += 1
    rows, table = _rows(event)
    assert table.standings.order[0] == "duel_points"
    assert {name: values["duel_points"] for name, values in rows} == duel
    by_points = sorted(duel, key=lambda name: (-duel[name], -wins[name]))
    assert [name for name, _values in rows] == by_points

    page = client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    assert 'data-testid="dual-duel"' in page and "Dual duel points" in page
    assert "Average PR" in page and "analysed matches in the event" in page
    api = client.get(f"/api/tournaments/{event.pk}/standings/", HTTP_ACCEPT="application/json")
    assert [t["key"] for t in api.json()["tiebreaks"]][:2] == ["duel_points", "wins"]

    # Off again: match wins lead once more.
    Tournament.objects.filter(pk=event.pk).update(dual_duel=False)
    event.refresh_from_db()
    assert [name for name, _values in _rows(event)[0]] == ["Bob", "Alice", "Ann Lee"]


def test_a_private_pr_is_ranked_by_but_not_shown(event, client) -> None:
    event, prs = event
    bob = event.entries.get(player__display_name="Bob")
    PlayerAnalysisPrivacy.objects.create(player=bob.player, pr_visibility=PrVisibility.CLUB)
    api = client.get(f"/api/tournaments/{event.pk}/standings/", HTTP_ACCEPT="application/json")
    rows = {row["entry"]: row["values"] for row in api.json()["groups"][0]["rows"]}
    assert rows[bob.pk]["average_pr"] is None
    alice = event.entries.get(player__display_name="Alice")
    assert rows[alice.pk]["average_pr"] == _average(prs, "Alice")
    page = client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    bob_average = f"{Decimal(str(_average(prs, 'Bob'))):.2f}".rstrip("0").rstrip(".")
    assert f"<td>{bob_average}</td>" not in page and "<td>hidden</td>" in page
