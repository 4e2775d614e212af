"""FIBS ratings through the app: the §6.1 examples, recompute equals incremental, corrections."""

from __future__ import annotations

import io
import random

import pytest
from django.core.management import call_command
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leaderboard.core.ratings import RatedMatch, replay_ratings
from leaderboard.models import PlayerRating, RatingChange
from leaderboard.services.ratings import rebuild_ratings
from tests.factories import ClubFactory, PlayerFactory
from tests.tournaments.leaderboard_support import at, confirm, correct, snapshot

pytestmark = pytest.mark.django_db


def rating(player, variant="backgammon"):
    return PlayerRating.objects.get(player=player, variant=variant)


def test_two_new_players_five_point_match():
    club = ClubFactory()
    winner, loser = PlayerFactory(), PlayerFactory()
    match = confirm(club, winner, loser, 5, when=at(0))
    assert round(rating(winner).rating, 2) == 1522.36
    assert round(rating(loser).rating, 2) == 1477.64
    assert rating(winner).experience == rating(loser).experience == 5
    change = RatingChange.objects.get(match=match, player=winner)
    assert (change.before, change.experience, change.won, change.opponent) == (1500.0, 5, True, loser)
    assert change.after - change.before == pytest.approx(change.delta)


@pytest.mark.parametrize(
    "underdog_wins, underdog_experience, favourite_after, underdog_after",
    [(False, 400, 1854.49, 1745.51), (True, 400, 1843.91, 1756.09), (True, 150, 1843.91, 1771.32)],
)
def test_worked_example_6_1(underdog_wins, underdog_experience, favourite_after, underdog_after):
    """Ratings stored for two experienced players; a confirmed 7-point match moves both."""
    club = ClubFactory()
    favourite, underdog = PlayerFactory(), PlayerFactory()
    PlayerRating.objects.create(player=favourite, variant="backgammon", rating=1850,
                                experience=400, matches=40)
    PlayerRating.objects.create(player=underdog, variant="backgammon", rating=1750,
                                experience=underdog_experience, matches=20)
    winner, loser = (underdog, favourite) if underdog_wins else (favourite, underdog)
    confirm(club, winner, loser, 7, when=at(0))
    assert round(rating(favourite).rating, 2) == favourite_after
    assert round(rating(underdog).rating, 2) == underdog_after
    assert rating(favourite).matches == 41


def test_unrated_matches_and_sessions_change_nothing():
    club = ClubFactory()
    a, b = PlayerFactory(), PlayerFactory()
    confirm(club, a, b, 5, when=at(0), rated=False)
    confirm(club, a, b, 0, when=at(1))  # a money session
    assert not PlayerRating.objects.exists() and not RatingChange.objects.exists()


def test_variants_keep_separate_lists():
    club = ClubFactory()
    a, b = PlayerFactory(), PlayerFactory()
    confirm(club, a, b, 5, when=at(0), variant="nardy")
    confirm(club, b, a, 5, when=at(1))
    assert rating(a, "nardy").rating > 1500 > rating(a, "backgammon").rating


def _random_history(club, players, rng, count):
    matches = []
    for minute in range(count):
        winner, loser = rng.sample(players, 2)
        matches.append(confirm(club, winner, loser, rng.choice((1, 3, 5, 7, 11)), when=at(minute)))
    return matches


def test_recompute_equals_incremental_and_pure_replay():
    club = ClubFactory()
    players = PlayerFactory.create_batch(6)
    matches = _random_history(club, players, random.Random(4), 30)
    incremental = snapshot()
    assert len(incremental[1]) == 60
    output = io.StringIO()
    call_command("recompute_ratings", stdout=output)
    assert "backgammon: 30 rated matches replayed." in output.getvalue()
    assert snapshot() == incremental
    final, _history = replay_ratings(
        RatedMatch(m.winner_id, m.player2_id, m.length) for m in matches
    )
    assert {p: s.rating for p, s in final.items()} == {
        r.player_id: r.rating for r in PlayerRating.objects.all()
    }


def test_corrected_old_result_rebuilds_what_follows():
    club = ClubFactory()
    players = PlayerFactory.create_batch(5)
    matches = _random_history(club, players, random.Random(7), 12)
    before = snapshot()
    target = matches[3]
    loser = target.player2
    correct(target, loser, when=at(100))
    after = snapshot()
    # Changes before the corrected match are untouched; it and later ones are not.
    assert after[1][:6] == before[1][:6]
    assert after[1][6:8] != before[1][6:8]
    assert RatingChange.objects.get(match=target, player=loser).won
    rebuild_ratings(variant="backgammon")
    assert snapshot() == after


def test_match_confirmed_out_of_order_is_put_in_its_place():
    club = ClubFactory()
    a, b, c = PlayerFactory.create_batch(3)
    later = confirm(club, a, b, 5, when=at(10))
    earlier = confirm(club, b, c, 7, when=at(5))  # first confirmed earlier (e.g. a clock skew)
    incremental = snapshot()
    rebuild_ratings(variant="backgammon")
    assert snapshot() == incremental
    assert [row[3] for row in incremental[1]] == [earlier.pk, earlier.pk, later.pk, later.pk]
    b_in_later = RatingChange.objects.get(match=later, player=b)
    assert b_in_later.before == RatingChange.objects.get(match=earlier, player=b).after > 1500


def test_match_made_unrated_leaves_the_lists():
    club = ClubFactory()
    a, b, c = PlayerFactory.create_batch(3)
    first = confirm(club, a, b, 5, when=at(0))
    confirm(club, a, c, 5, when=at(1))
    first.rated = False
    first.save()
    correct(first, a, when=at(2))  # the director re-confirms it as unrated
    assert not RatingChange.objects.filter(match=first).exists()
    assert not PlayerRating.objects.filter(player=b).exists()
    assert rating(a).matches == 1


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    history=st.lists(st.tuples(st.integers(0, 3), st.integers(1, 3), st.sampled_from([1, 3, 5]),
                               st.integers(0, 9)),  # first-confirmation minute: ties, any order
                     min_size=1, max_size=7),
    corrections=st.lists(st.integers(0, 6), max_size=2),
)
def test_any_history_with_corrections_equals_a_full_recompute(history, corrections):
    with transaction.atomic():
        club = ClubFactory()
        players = PlayerFactory.create_batch(4)
        matches = []
        for first, offset, length, minute in history:
            winner, loser = players[first], players[(first + offset) % 4]
            matches.append(confirm(club, winner, loser, length, when=at(minute)))
        for minute, index in enumerate(corrections, start=50):
            match = matches[index % len(matches)]
            new_winner = match.player2 if match.winner == match.player1 else match.player1
            correct(match, new_winner, when=at(minute))
        incremental = snapshot()
        rebuild_ratings(variant="backgammon")
        assert snapshot() == incremental
        transaction.set_rollback(True)


def test_results_through_the_games_services():
    """The real results flow: a director's official result, then a correction of it."""
    from decimal import Decimal

    from games import services as games_services
    from games.models import Match
    from tests.factories import UserFactory

    director = UserFactory()
    club = ClubFactory(directors=[director])
    ana, boris = PlayerFactory(), PlayerFactory()
    match = Match.objects.create(club=club, length=5, player1=ana, player2=boris)
    games_services.override_result(match=match, by=director, score1=Decimal(5),
                                   score2=Decimal(2), reason="entered from the score sheet")
    assert round(rating(ana).rating, 2) == 1522.36
    assert round(rating(boris).rating, 2) == 1477.64
    first_at = RatingChange.objects.get(match=match, player=ana).at
    games_services.override_result(match=match, by=director, score1=Decimal(3),
                                   score2=Decimal(5), reason="players swapped on the sheet")
    assert round(rating(boris).rating, 2) == 1522.36
    assert RatingChange.objects.filter(match=match).count() == 2
    assert RatingChange.objects.get(match=match, player=boris).at == first_at  # keeps its place
