"""`manage.py generate_federation`: a small federation, and the models' rules it keeps."""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Count, Q

from chouette.models import ChouetteLedgerEntry, ChouetteSession
from clubs.models import Membership
from disputes.models import Dispute
from federations.models import Affiliation, Federation
from federations.synthetic.events import FORMATS
from federations.synthetic.generate import Size, generate_federation
from games.models import Game, Match, MatchResult
from leaderboard.models import EventPlacing, PlayerRating, RankedEvent, RatingChange
from tournaments.models import Entry, Pairing, Tournament

SMALL = Size(clubs=3, players=45, matches=700, seasons=2, seed=7, until=datetime.date(2026, 6, 30))

pytestmark = pytest.mark.django_db


@pytest.fixture
def federation() -> Federation:
    summary = generate_federation(SMALL)
    assert summary.federation is not None
    return Federation.objects.get(slug=summary.federation.slug)


def test_clubs_are_affiliated_and_players_are_members(federation):
    clubs = Affiliation.objects.filter(federation=federation, status="active")
    assert clubs.count() == SMALL.clubs
    assert federation.admins.count() == 1
    members = Membership.objects.filter(club__affiliations__federation=federation)
    assert members.values("player").distinct().count() == SMALL.players
    for club in (a.club for a in clubs):
        assert club.owner in club.directors.all()


def test_matches_keep_the_results_rules(federation):
    matches = Match.objects.filter(club__affiliations__federation=federation)
    assert matches.count() >= SMALL.matches
    games = defaultdict(list)
    for match_id, number, winner, points, crawford, cube in Game.objects.filter(
        match__in=matches
    ).order_by("match", "number").values_list("match", "number", "winner", "points", "crawford", "cube"):
        games[match_id].append((number, winner, points, crawford, cube))
    results = {r.match_id: r for r in MatchResult.objects.filter(match__in=matches)}
    members = set(Membership.objects.values_list("club", "player"))
    for match in matches:
        assert match.status == "finished" and match.played_at is not None
        assert {(match.club_id, match.player1_id), (match.club_id, match.player2_id)} <= members
        played = games[match.pk]
        assert [g[0] for g in played] == list(range(1, len(played) + 1))
        sums = [sum(g[2] for g in played if g[1] == seat) for seat in (1, 2)]
        assert sums == [match.score1, match.score2]  # the games add up to the score
        winner_score, loser_score = sorted(sums, reverse=True)
        assert winner_score >= match.length > loser_score
        assert match.winner_id == (match.player1_id if sums[0] > sums[1] else match.player2_id)
        assert sum(g[3] for g in played) <= 1  # at most one Crawford game, without the cube
        assert all(g[4] == 1 for g in played if g[3])
        result = results[match.pk]
        assert (result.status, result.score1, result.score2) == ("confirmed", match.score1, match.score2)
        assert [game["points"] for game in result.games] == [str(g[2]) for g in played]


def test_events_of_every_format_with_their_draws(federation):
    events = Tournament.objects.filter(club__affiliations__federation=federation)
    assert set(events.values_list("format", flat=True)) == set(FORMATS)
    assert events.exclude(status="finished").count() == 0
    for pairing in Pairing.objects.filter(tournament__in=events).select_related(
        "match", "top", "bottom", "winner"
    ):
        if pairing.state == "decided":
            players = {pairing.top.player_id, pairing.bottom.player_id}
            assert {pairing.match.player1_id, pairing.match.player2_id} == players
            assert pairing.winner.player_id == pairing.match.winner_id
            assert pairing.match.club_id == pairing.tournament.club_id
            assert pairing.match.is_public == pairing.tournament.is_public
        elif pairing.state == "bye":
            assert pairing.match is None and pairing.winner == pairing.top
        else:
            assert pairing.state == "empty" and pairing.match is None
    for tournament in events:  # k players sharing a place hold k places
        shared = Counter(Entry.objects.filter(tournament=tournament).values_list("place_first", "place_last"))
        assert all(last - first + 1 == count for (first, last), count in shared.items())
        assert sum(shared.values()) == tournament.entries.count()
    # every finished event is scored over the ratings its entrants had that day
    assert RankedEvent.objects.filter(tournament__in=events).count() == events.count()
    assert EventPlacing.objects.filter(event__tournament__in=events).exists()


def test_chouettes_disputes_and_ratings(federation):
    sessions = ChouetteSession.objects.filter(club__affiliations__federation=federation)
    assert sessions.count() == SMALL.clubs * SMALL.seasons * 2
    per_game = ChouetteLedgerEntry.objects.filter(session__in=sessions).values(
        "session", "game_number").annotate(count=Count("pk"))
    assert per_game.exists()
    for session in sessions:  # the ledger is zero-sum after every game
        totals = Counter()
        for number, points in session.ledger_entries.values_list("game_number", "points"):
            totals[number] += points
        assert set(totals.values()) == {0}
    disputes = Dispute.objects.filter(club__affiliations__federation=federation)
    assert all(d.match.club_id == d.club_id and d.status == "ruled" for d in disputes)
    rated = Match.objects.filter(club__affiliations__federation=federation, rated=True)
    assert RatingChange.objects.count() == 2 * rated.count()
    assert PlayerRating.objects.filter(~Q(matches=0)).values("player").distinct().count() == SMALL.players


def test_the_same_seed_gives_the_same_federation():
    def shape(prefix: str) -> list[tuple]:
        generate_federation(Size(clubs=2, players=12, matches=120, seasons=1, seed=3, prefix=prefix,
                                 until=datetime.date(2026, 6, 30)))
        matches = Match.objects.filter(club__slug__startswith=prefix).order_by("pk")
        return list(matches.values_list("variant", "length", "score1", "score2", "played_at"))

    assert shape("first") == shape("second")


def test_the_command_refuses_what_it_cannot_make():
    with pytest.raises(CommandError, match="cannot fill"):
        call_command("generate_federation", "--clubs", "5", "--players", "3", stdout=StringIO(),
                     stderr=StringIO())
    call_command("generate_federation", "--clubs", "1", "--players", "4", "--matches", "10",
                 "--seasons", "1", "--prefix", "again", stdout=StringIO(), stderr=StringIO())
    with pytest.raises(CommandError, match="already"):
        call_command("generate_federation", "--prefix", "again", stdout=StringIO(), stderr=StringIO())
    assert Federation.objects.filter(slug="again").count() == 1
