"""Ratings follow the date each match was played, and are updated incrementally.

A result that is its players' latest is appended; a back-dated one replays only the
later matches of the players it reaches; either way the lists equal a full recompute.
"""

from __future__ import annotations

import datetime
import random

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Match
from leaderboard.core.ratings import RatedMatch, replay_ratings
from leaderboard.models import (
    EventPlacing,
    ExternalEvent,
    ExternalPlace,
    PlayerRating,
    RatingChange,
)
from leaderboard.services.points import score_external_event
from leaderboard.services.ratings import rebuild_ratings, record_match
from tests.factories import ClubFactory, PlayerFactory
from tests.tournaments.leaderboard_support import at, played, snapshot

pytestmark = pytest.mark.django_db


def rows_of(*matches: Match) -> list[tuple]:
    return list(RatingChange.objects.filter(match__in=matches).order_by("pk")
                .values_list("pk", "player_id", "before", "after", "experience"))


def test_the_latest_match_is_appended_and_a_back_dated_one_replays_only_what_it_reaches():
    club = ClubFactory()
    a, b, c, d, e, f = PlayerFactory.create_batch(6)
    c_d = played(club, c, d, minute=20)
    e_f = played(club, e, f, minute=30)
    a_c = played(club, a, c, minute=40)
    for match in (c_d, e_f, a_c):
        assert record_match(match=match) == {"backgammon": 1}  # each its players' latest
    untouched = rows_of(c_d, e_f)
    a_c_before = rows_of(a_c)

    back_dated = played(club, a, b, minute=10)  # played before all of them, entered now
    # replayed: itself, and a-c (a is reached); c-d was before c was reached, e-f never is
    assert record_match(match=back_dated) == {"backgammon": 2}
    assert rows_of(c_d, e_f) == untouched
    assert rows_of(a_c) != a_c_before
    incremental = snapshot()
    rebuild_ratings(variant="backgammon")
    assert snapshot() == incremental


def test_ratings_follow_the_day_each_match_was_played():
    club = ClubFactory()
    a, b, c = PlayerFactory.create_batch(3)
    later = played(club, a, b, minute=50, confirmed_minute=60)
    record_match(match=later)
    earlier = played(club, b, c, minute=5, confirmed_minute=70)  # confirmed last, played first
    record_match(match=earlier)
    order = list(RatingChange.objects.order_by("at", "match_id").values_list("match_id", flat=True))
    assert order == [earlier.pk, earlier.pk, later.pk, later.pk]
    assert RatingChange.objects.get(match=later, player=b).before == \
        RatingChange.objects.get(match=earlier, player=b).after
    assert RatingChange.objects.get(match=earlier, player=b).at == at(5)


def test_a_back_dated_result_scores_again_only_the_events_of_the_players_it_reaches():
    club = ClubFactory()
    a, b, c, d = PlayerFactory.create_batch(4)
    day = (at(0) + datetime.timedelta(days=3)).date()
    events = {}
    for name, players in (("theirs", (a, c)), ("others", (c, d))):
        event = ExternalEvent.objects.create(club=club, name=name, date=day, variant="backgammon")
        for place, player in enumerate(players, start=1):
            ExternalPlace.objects.create(event=event, player=player, place=place)
        events[name] = event
    record_match(match=played(club, a, c, minute=10))
    record_match(match=played(club, c, d, minute=20))
    for event in events.values():
        score_external_event(event=event)
    stamped = {name: e.ranked_event.computed_at for name, e in events.items()}

    record_match(match=played(club, b, a, minute=60 * 24 * 4))  # after the events: nothing moves
    assert {n: ExternalEvent.objects.get(pk=e.pk).ranked_event.computed_at
            for n, e in events.items()} == stamped
    record_match(match=played(club, b, a, minute=1))  # before them: a's starting rating moves
    placing = EventPlacing.objects.get(event__external_event=events["theirs"], player=a)
    assert placing.rating == RatingChange.objects.filter(player=a, at__lt=at(60 * 24 * 3)).order_by(
        "at").last().after
    refreshed = {n: ExternalEvent.objects.get(pk=e.pk).ranked_event.computed_at for n, e in events.items()}
    assert refreshed["theirs"] != stamped["theirs"]
    # c was reached (a beat c after the back-dated match), so c's other event moved too
    assert refreshed["others"] != stamped["others"]


@pytest.mark.postgres  # the first build takes another path there (indexes built after)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    history=st.lists(st.tuples(st.integers(0, 4), st.integers(1, 4), st.sampled_from([1, 3, 5, 7]),
                               st.integers(0, 30)),  # played at this minute: ties, any order
                     min_size=1, max_size=12),
    order_seed=st.integers(0, 10_000),
    corrections=st.lists(st.integers(0, 11), max_size=3),
)
def test_any_order_of_confirmation_equals_a_full_recompute(history, order_seed, corrections):
    with transaction.atomic():
        club = ClubFactory()
        players = PlayerFactory.create_batch(5)
        matches = [played(club, players[first], players[(first + offset) % 5], minute=minute,
                          length=length)
                   for first, offset, length, minute in history]
        confirmation_order = list(matches)
        random.Random(order_seed).shuffle(confirmation_order)
        for match in confirmation_order:
            record_match(match=match)
        for index in corrections:  # a director swaps a winner afterwards
            match = matches[index % len(matches)]
            loser = match.player2 if match.winner == match.player1 else match.player1
            match.winner, match.score1, match.score2 = loser, match.score2, match.score1
            match.save()
            record_match(match=match)
        incremental = snapshot()
        rebuild_ratings(variant="backgammon")
        assert snapshot() == incremental
        # a first build (nothing stored: no row can have moved, counts from the replay)
        RatingChange.objects.all().delete()
        PlayerRating.objects.all().delete()
        rebuild_ratings(variant="backgammon", rescore=False)
        assert snapshot() == incremental
        by_play = sorted(matches, key=lambda m: (m.played_at, m.pk))
        final, _ = replay_ratings(
            RatedMatch(m.winner_id, m.player2_id if m.winner_id == m.player1_id else m.player1_id,
                       m.length) for m in by_play)
        stored = dict(RatingChange.objects.order_by("at", "match_id").values_list("player_id", "after"))
        assert {p: s.rating for p, s in final.items()} == stored
        transaction.set_rollback(True)


@pytest.mark.postgres
def test_a_full_recompute_writes_nothing_when_nothing_changed(django_assert_max_num_queries):
    club = ClubFactory()
    players = PlayerFactory.create_batch(8)
    rng = random.Random(5)
    for minute in range(60):
        winner, loser = rng.sample(players, 2)
        record_match(match=played(club, winner, loser, minute=minute))
    before = snapshot()
    RatingChange.objects.filter(pk=RatingChange.objects.order_by("at").first().pk).update(after=1.0)
    assert rebuild_ratings(variant="backgammon", rescore=False) == 60
    assert snapshot() == before  # the damaged row is put right
    with django_assert_max_num_queries(12):  # reads in order, writes nothing per match
        rebuild_ratings(variant="backgammon", rescore=False)
    assert snapshot() == before
