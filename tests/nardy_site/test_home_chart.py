"""The home page's rating chart after years of play: each game's latest matches, and a
word that the rest is on the player's profile."""

from __future__ import annotations

import datetime
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from clubs.models import Player
from federations.synthetic.generate import Size, generate_federation
from games.models import Variant
from leaderboard.models import RatingChange
from nardy_site.views import HOME_CHART_MATCHES

pytestmark = pytest.mark.django_db

YEARS = Size(clubs=2, players=16, matches=1200, seasons=2, seed=43, prefix="chart",
             until=datetime.date(2026, 6, 30))


def _points(page: str) -> dict[str, list[str]]:
    """Each series' points (their tooltips), from the chart's circles."""
    chart = page[page.index('id="my-rating-title"'):]
    chart = chart[:chart.index("</svg>")]
    points: dict[str, list[str]] = {}
    for tooltip in re.findall(r"<circle [^>]*><title>([^<]*)</title>", chart):
        points.setdefault(tooltip.split(",")[0], []).append(tooltip)
    return points


def _keep_latest(player: Player, variant: str, count: int) -> int:
    """Only the player's latest ``count`` changes of one game are left (a short history)."""
    changes = RatingChange.objects.filter(player=player, variant=variant)
    latest = list(changes.order_by("-at", "-match_id").values_list("pk", flat=True)[:count])
    changes.exclude(pk__in=latest).delete()
    return changes.count()


def _home(user) -> tuple[str, int]:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    client.get("/")
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/")
    assert response.status_code == 200
    return response.content.decode(), len(queries)


def test_the_chart_shows_the_latest_matches_of_each_game_and_says_where_the_rest_are():
    generate_federation(YEARS)
    counts = {player: RatingChange.objects.filter(player=player, variant=Variant.BACKGAMMON).count()
              for player in Player.objects.filter(user__isnull=False)}
    player = max(counts, key=counts.get)
    assert counts[player] > HOME_CHART_MATCHES + 10, "the generated history is too short"
    nardy = _keep_latest(player, Variant.NARDY, 7)  # a short history: shown whole

    page, long_queries = _home(player.user)
    points = _points(page)
    backgammon, long_nardy = points[str(Variant.BACKGAMMON.label)], points[str(Variant.NARDY.label)]
    # the rating before the latest 50, then after each of them
    assert len(backgammon) == HOME_CHART_MATCHES + 1
    assert backgammon[0].endswith("before these matches")
    latest = RatingChange.objects.filter(player=player, variant=Variant.BACKGAMMON).order_by(
        "-at", "-match_id")[:HOME_CHART_MATCHES]
    assert backgammon[-1].split(": ")[1].startswith(f"{latest[0].after:g}")
    assert len(long_nardy) == nardy + 1 and long_nardy[0].endswith("start")
    assert "all of them are on your profile" in page

    # one player with a short history: the whole of it, and the same queries
    short = next(p for p in counts if p != player and counts[p] > 5)
    for variant in Variant.values:
        _keep_latest(short, variant, 5)
    page, short_queries = _home(short.user)
    assert "all of them are on your profile" not in page
    assert len(_points(page)[str(Variant.BACKGAMMON.label)]) == 5 + 1
    assert short_queries == long_queries
