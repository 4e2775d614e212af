"""Speed held without a clock: what a draw, a round, a result, a confirmation and the busy
pages cost in SQL queries and in queued background work, for a 16-player and a
1,024-player event alike.

Each count is a constant, plus at most one statement per batch where rows are written
in batches (the database's parameter limit: ``extra_batches`` works the allowance out
from the batch sizes). A count that grows with the field fails here, on any machine.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.authtoken.models import Token

from clubs.models import Player
from common.bulk import batch_size, insert_batch_size
from games import services as games_services
from games.models import Match
from outbox.models import Message
from tests.factories import ClubFactory, UserFactory
from tournaments import services
from tournaments.models import Entry, Pairing, Tournament

# On PostgreSQL too: a join's plan there depends on the tables' statistics (see
# ``production_statistics``), and a plan that scans a 1,024-player field once per row shows.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

SMALL, LARGE = 16, 1024

# The constant part of each action's queries, measured on the 16-player field (where every
# batched write is one statement). Lower is fine; a rise is a regression to look at.
DRAW_QUERIES = 39  # was 40 (35 for the knockout)
ROUND_QUERIES = 24  # was 28
RESULT_QUERIES = 9  # was 13 (18, 22 before that)
CONFIRM_QUERIES = 38  # was 55 (66, 67 before that)
PAGE_QUERIES = 20
# The console reads its matches a page at a time (tournaments.selectors.console): the
# rounds' counts, then one page of open and one of decided matches, instead of every
# pairing of the event (1,225 rows and their forms in a 50-player league); a second view
# finds its body kept (tournaments.views.console_panels).
CONSOLE_QUERIES = 8  # was 20 (21 before that)


@dataclass(frozen=True)
class Cost:
    queries: int
    queued: int  # outbox rows: pieces of background work asked for


@contextmanager
def measured(on_commit: Any) -> Iterator[list[Cost]]:
    """The queries of the block and the outbox rows it saved (published on commit)."""
    before = Message.objects.count()
    box: list[Cost] = []
    with on_commit(execute=False), CaptureQueriesContext(connection) as queries:
        yield box
    box.append(Cost(len(queries), Message.objects.count() - before))


def field(size: int, fmt: str, **options: Any) -> Tournament:
    """An event of ``size`` players with logins, entered in bulk (no services: quick)."""
    director = UserFactory()
    club = ClubFactory(directors=[director])
    tournament = services.create_tournament(
        club=club, actor=director, name=f"Budget {size}", starts_on=datetime.date(2026, 11, 21),
        variant="backgammon", format=fmt, seeding="random", random_seed=size,
        match_lengths={"main": [3], "consolation": [3], "last_chance": [1], "group": [3], "swiss": [3]},
        **options)
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"budget{tournament.pk}-{i}", email=f"budget{tournament.pk}-{i}@example.org")
        for i in range(size))
    players = Player.objects.bulk_create(
        Player(name=f"Budget Player {i}", display_name=f"B{tournament.pk}-{i}", user=user)
        for i, user in enumerate(users))
    Entry.objects.bulk_create(Entry(tournament=tournament, player=player) for player in players)
    return tournament


def director_of(tournament: Tournament) -> Any:
    return tournament.club.directors.first()


def assert_clocks_stamped(tournament: Tournament) -> None:
    """Every ready match has the clock of its rule (2 minutes per point, 12 s delay) and
    of its length."""
    clocks = set(Match.objects.filter(pairing__tournament=tournament, pairing__state=Pairing.State.READY)
                 .values_list("length", "clock_seconds", "clock_delay_seconds"))
    assert clocks == {(3, 3 * 2 * 60, 12)}, clocks


def insert_batches(model: type, rows: int) -> int:
    """Statements an insert of ``rows`` new rows of ``model`` takes (``common.bulk.create_objects``,
    batches as big as the database's parameter limit)."""
    return math.ceil(rows / insert_batch_size(model)) if rows else 0


def update_batches(model: type, rows: int, fields: int) -> int:
    """Statements a set-based write (``common.bulk.update_rows``) of ``rows`` rows takes."""
    return math.ceil(rows / batch_size(model, ["pk"] * fields)) if rows else 0


def extra_batches(*statements: int) -> int:
    """Beyond the first statement of each batched write: the allowance that may grow."""
    return sum(max(0, count - 1) for count in statements)


def finish_round(tournament: Tournament) -> None:
    """Every ready match of the event decided for its top player (set-based: quick)."""
    from django.db.models import F

    Pairing.objects.filter(tournament=tournament, state=Pairing.State.READY).update(
        state=Pairing.State.DECIDED, winner_id=F("top_id"))


# --- draws and rounds ----------------------------------------------------------------------------


def _draw(size: int, fmt: str, on_commit: Any, **options: Any) -> tuple[Tournament, Cost, int]:
    tournament = field(size, fmt, **options)
    with measured(on_commit) as cost:
        services.make_draw(tournament=tournament, actor=director_of(tournament))
    pairings = tournament.pairings.count()
    matches = Match.objects.filter(pairing__tournament=tournament).count()
    allowance = extra_batches(
        insert_batches(Pairing, pairings), insert_batches(Match, matches),
        update_batches(Entry, size, 1), update_batches(Entry, size, 2),  # ratings, seeds
        update_batches(Entry, size, 2),  # places, groups
    )
    return tournament, cost[0], allowance


@pytest.mark.parametrize(("fmt", "options"), [
    (Tournament.Format.KNOCKOUT, {"consolation": "first_match_losers", "clock_rule": "per_point"}),
    (Tournament.Format.SWISS, {"clock_rule": "per_point"}),  # each match's clock stamped too
])
def test_a_draw_costs_the_same_for_16_and_1024_players(
        fmt: str, options: dict, django_capture_on_commit_callbacks: Callable) -> None:
    _, small_cost, small_allowance = _draw(SMALL, fmt, django_capture_on_commit_callbacks, **options)
    large, large_cost, large_allowance = _draw(LARGE, fmt, django_capture_on_commit_callbacks, **options)
    assert large.pairings.filter(state=Pairing.State.READY).count() == LARGE // 2  # really drawn
    assert_clocks_stamped(large)
    assert small_cost.queries <= DRAW_QUERIES + small_allowance
    assert large_cost.queries <= small_cost.queries + large_allowance - small_allowance, (small_cost, large_cost)
    # one announcement per draw: one fan-out for everybody, whatever the field
    assert small_cost.queued == large_cost.queued == 1


def _next_round(size: int, on_commit: Any) -> tuple[Tournament, Cost, int]:
    tournament = field(size, Tournament.Format.SWISS, clock_rule="per_point")
    services.make_draw(tournament=tournament, actor=director_of(tournament))
    finish_round(tournament)
    with measured(on_commit) as cost:
        services.next_stage(tournament=tournament, actor=director_of(tournament))
    ready = tournament.pairings.filter(round=2).count()
    allowance = extra_batches(insert_batches(Pairing, ready), insert_batches(Match, ready))
    return tournament, cost[0], allowance


def test_a_swiss_round_and_the_pages_cost_the_same_for_16_and_1024_players(
        django_capture_on_commit_callbacks: Callable) -> None:
    small, small_cost, small_allowance = _next_round(SMALL, django_capture_on_commit_callbacks)
    large, large_cost, large_allowance = _next_round(LARGE, django_capture_on_commit_callbacks)
    assert_pages_cost_the_same(small, large)
    assert large.pairings.filter(round=2, state=Pairing.State.READY).count() == LARGE // 2
    assert_clocks_stamped(large)
    assert small_cost.queries <= ROUND_QUERIES + small_allowance
    assert large_cost.queries <= small_cost.queries + large_allowance - small_allowance, (small_cost, large_cost)
    assert small_cost.queued == large_cost.queued == 1


# --- a result and its confirmation ----------------------------------------------------------------


def _result_and_confirmation(size: int, on_commit: Any) -> tuple[Tournament, Cost, Cost]:
    tournament = field(size, Tournament.Format.KNOCKOUT, clock_rule="per_point")
    services.make_draw(tournament=tournament, actor=director_of(tournament))
    # the first match decided, so that the second one's winner meets a known player
    first, second = (Pairing.objects.select_related("match__player1__user", "match__player2__user")
                     .get(tournament=tournament, flight="main", round=1, number=number) for number in (1, 2))
    games_services.override_result(match=first.match, by=director_of(tournament),
                                   score1=Decimal(3), score2=Decimal(0), reason="budget")
    match = second.match
    with measured(on_commit) as entered:
        result = games_services.propose_result(match=match, by=match.player1.user,
                                               score1=Decimal(3), score2=Decimal(1))
    with measured(on_commit) as confirmed:
        games_services.confirm_result(result=result, by=match.player2.user)
    final = Pairing.objects.get(tournament=tournament, flight="main", round=2, number=1)
    assert final.state == Pairing.State.READY  # the winners met: the result moved the bracket
    assert final.match.clock_seconds == 3 * 2 * 60  # stamped as it was announced
    return tournament, entered[0], confirmed[0]


def test_a_result_its_confirmation_and_the_pages_cost_the_same_for_16_and_1024_players(
        django_capture_on_commit_callbacks: Callable) -> None:
    small, small_entered, small_confirmed = _result_and_confirmation(SMALL, django_capture_on_commit_callbacks)
    large, large_entered, large_confirmed = _result_and_confirmation(LARGE, django_capture_on_commit_callbacks)
    assert_pages_cost_the_same(small, large)
    assert small_entered == large_entered and small_entered.queries <= RESULT_QUERIES
    assert small_confirmed == large_confirmed and small_confirmed.queries <= CONFIRM_QUERIES
    assert small_entered.queued == 1  # the opponent is asked to confirm
    # the result's notice, and the new match announced: one fan-out each
    assert small_confirmed.queued == 2


# --- the busy pages ----------------------------------------------------------------------------------


def _pages(tournament: Tournament) -> dict[str, tuple[str, Any]]:
    # a player with one match, waiting to be played (the same situation in both fields)
    pairing = (Pairing.objects.filter(tournament=tournament, state=Pairing.State.READY)
               .select_related("top__player__user").order_by("-round", "-number").first())
    player = pairing.top.player.user
    return {
        "event page": (tournament.get_absolute_url(), None),
        "bracket": (reverse("tournaments:bracket", args=[tournament.pk]), None),
        "standings": (reverse("tournaments:standings", args=[tournament.pk]), None),
        "console": (reverse("tournaments:console", args=[tournament.pk]), director_of(tournament)),
        "my matches": (reverse("tournaments:my_matches"), player),
        "API standings": (f"/api/tournaments/{tournament.pk}/standings/", None),
        "API my pairings": ("/api/pairings/mine/", player),
    }


def _page_costs(tournament: Tournament) -> dict[str, int]:
    costs = {}
    for name, (url, user) in _pages(tournament).items():
        client = Client()
        if user is not None and url.startswith("/api/"):  # the API takes a token
            token, _ = Token.objects.get_or_create(user=user)
            client = Client(HTTP_AUTHORIZATION=f"Token {token.key}")
        elif user is not None:
            client.force_login(user)
        client.get(url)  # warm: what every later request finds ready (a session, a cache)
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, (name, response.status_code)
        costs[name] = len(queries)
    return costs


def production_statistics() -> None:
    """On PostgreSQL, the planner's statistics of what the test wrote, as autovacuum keeps
    them on a live site. A test's rows are never committed, so without this the planner
    guesses: on an empty table's statistics it took a 1,024-player field for one row and
    joined the pages' pairings with nested scans for minutes."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")  # in this transaction, its own rows count as live


def assert_pages_cost_the_same(small: Tournament, large: Tournament) -> None:
    """The event page, bracket, standings, console, my matches, the API's standings and
    my pairings: the same queries for both fields, and few."""
    production_statistics()
    small_costs, large_costs = _page_costs(small), _page_costs(large)
    assert small_costs == large_costs
    assert small_costs.pop("console") <= CONSOLE_QUERIES
    assert max(small_costs.values()) <= PAGE_QUERIES, small_costs
