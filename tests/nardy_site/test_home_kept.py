"""The home page's public sections (live, coming up, latest results, leaders, clubs) are
kept under the site's version (``page_cache.site_fragment``): each kind of change they
show must show at once. Every case changes one thing, then compares the kept page with
the page worked out with the page cache off, and checks the change is really there.

The suite runs with the page cache on (tests/conftest.py)."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from clubs.models import Membership
from games import services as games_services
from games.models import MatchStatus
from leaderboard.services import ratings
from nardy_site import views
from tests.factories import ClubFactory, PlayerFactory
from tests.games.match_factories import MatchFactory, match_with_logins
from tests.tournaments.leaderboard_support import at, confirm
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

PUBLIC = re.compile(r'<div class="home-grid">.*</section>', re.DOTALL)


def public(client: Client) -> str:
    response = client.get("/")
    assert response.status_code == 200
    return PUBLIC.search(response.content.decode()).group(0)


def fresh(client: Client) -> str:
    previous = settings.NARDY_PAGE_CACHE
    settings.NARDY_PAGE_CACHE = False
    try:
        return public(client)
    finally:
        settings.NARDY_PAGE_CACHE = previous


@pytest.fixture
def site() -> dict[str, Any]:
    club = ClubFactory(name="Riverside")
    Tournament.objects.create(club=club, name="Spring Open", variant="backgammon",
                              starts_on=timezone.localdate() + datetime.timedelta(days=3),
                              format="knockout", status="registration", is_public=True)  # fmt: skip
    winner = PlayerFactory(display_name="Winner W.")
    loser = PlayerFactory(display_name="Loser L.")
    Membership.objects.create(club=club, player=winner)
    confirm(club, winner, loser, 5, when=at(0))
    return {"club": club, "winner": winner, "loser": loser}


def a_result_confirmed(site: dict[str, Any]) -> str:
    match, first, second = match_with_logins()
    result = games_services.enter_final_score(match=match, by=first, score1=Decimal(match.length),
                                              score2=Decimal(0))  # fmt: skip
    games_services.confirm_result(result=result, by=second)
    return f"{match.player1.display_name} {match.length}–0"


def a_match_begun(site: dict[str, Any]) -> str:
    match = MatchFactory(club=site["club"], status=MatchStatus.READY)
    match.status = MatchStatus.PLAYING
    match.save()
    return str(match)


def an_event_announced(site: dict[str, Any]) -> str:
    Tournament.objects.create(club=site["club"], name="Autumn Cup", variant="backgammon",
                              starts_on=timezone.localdate() + datetime.timedelta(days=9),
                              format="knockout", status="registration", is_public=True)  # fmt: skip
    return "Autumn Cup"


def an_event_renamed(site: dict[str, Any]) -> str:
    event = Tournament.objects.get(name="Spring Open")
    event.name = "Spring Masters"
    event.save()
    return "Spring Masters"


def a_club_renamed(site: dict[str, Any]) -> str:
    site["club"].name = "Lakeside"
    site["club"].save()
    return "Lakeside"


def a_member_joined(site: dict[str, Any]) -> str:
    Membership.objects.create(club=site["club"], player=site["loser"])
    return "2 players"


def a_player_renamed(site: dict[str, Any]) -> str:
    site["winner"].display_name = "Victor V."
    site["winner"].save()
    return "Victor V."


def the_ratings_rebuilt(site: dict[str, Any]) -> str:
    """A rebuild from empty lists (the leaders written in bulk, no row's signal)."""
    from leaderboard.models import PlayerRating, RatingChange

    RatingChange.objects.all().delete()
    PlayerRating.objects.all().delete()
    ratings.rebuild_all_ratings()
    return "Winner W."


CHANGES: list[Callable[[dict[str, Any]], str]] = [
    a_result_confirmed, a_match_begun, an_event_announced, an_event_renamed, a_club_renamed,
    a_member_joined, a_player_renamed, the_ratings_rebuilt,
]


@pytest.mark.parametrize("change", CHANGES, ids=lambda change: change.__name__)
def test_each_change_shows_at_once(site: dict[str, Any], change: Callable[..., str]) -> None:
    client = Client()
    before = public(client)
    shown = change(site)
    kept = public(client)
    assert kept == fresh(client), f"the kept sections went stale after {change.__name__}"
    assert shown in kept
    if change is not the_ratings_rebuilt:  # the same leaders, written again
        assert kept != before


def test_kept_for_visitors_and_players_alike_and_per_language(site: dict[str, Any],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    rendered: list[str] = []
    real = views.render_to_string

    def counting(template: str, context: Any) -> str:
        rendered.append(template)
        return real(template, context)

    monkeypatch.setattr(views, "render_to_string", counting)
    _match, first, _second = match_with_logins()
    visitor = public(Client())
    rendered.clear()
    player = Client()
    player.force_login(first)
    assert public(player) == visitor and public(Client()) == visitor
    assert rendered == []
    russian = public(Client(HTTP_ACCEPT_LANGUAGE="ru"))
    assert rendered == ["home_public.html"] and "Сейчас идёт" in russian
