"""A database made before Club, Player and Membership moved to the clubs app upgrades
with every row intact: the test migrates back to the schema before the move, writes
rows of every kind that points at a club or a player through the models of that time,
migrates forward and reads them all through today's models.

Marked ``postgres``: it runs in `make test`'s PostgreSQL stage, the database of every
deployment that was running before the move. On SQLite (a `make run` database of that time
would be demo data) it is skipped: going back through every migration there takes more than
a minute of the suite, and SQLite's migrations forward are run by every test database.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from chouette.models import ChouetteParticipant, ChouetteSession
from clubs.models import Club, Membership, Player
from disputes.models import Dispute
from games.models import Match, MatchResult
from leaderboard.models import PlayerRating
from tournaments.models import Entry, Tournament

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor == "sqlite", reason="runs in the PostgreSQL stage"),
]

# The last migration of each app before the move; ("clubs", None) unapplies the move and
# every migration made after it that depends on it.
BEFORE_THE_MOVE = [
    ("tournaments", "0002_tournaments_entries_pairings"),
    ("games", "0003_repair_impossible_scores"),
    ("chouette", "0002_session_koks_option"),
    ("disputes", "0001_initial"),
    ("leaderboard", "0002_ranked_event_tournament"),
]


def _migrate(targets: list[tuple[str, str | None]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor


def _fill_old_schema(old: Any) -> dict[str, Any]:
    """Rows written with the models as they were before the move (``old`` is that state)."""
    user_model = old.get_model("auth", "User")
    permission_model = old.get_model("auth", "Permission")
    club_model = old.get_model("tournaments", "Club")
    player_model = old.get_model("tournaments", "Player")
    membership_model = old.get_model("tournaments", "Membership")

    director = user_model.objects.create(username="old-director")
    login = user_model.objects.create(username="old-player")
    change_player = permission_model.objects.get(
        content_type__app_label="tournaments", codename="change_player"
    )
    director.user_permissions.add(change_player)
    club = club_model.objects.create(name="Old Club", slug="old-club", description="Before")
    club.directors.add(director)
    ann = player_model.objects.create(name="Ann Old", display_name="Ann", user=login)
    bob = player_model.objects.create(name="Bob Old", display_name="Bob")
    cem = player_model.objects.create(name="Cem Old", display_name="Cem")
    joined = datetime.date(2024, 3, 1)
    for player in (ann, bob, cem):
        membership_model.objects.create(club=club, player=player, joined_on=joined)

    match = old.get_model("games", "Match").objects.create(
        club=club, length=5, player1=ann, player2=bob, winner=ann, status="finished"
    )
    old.get_model("games", "MatchResult").objects.create(
        match=match, score1=Decimal(5), score2=Decimal(2), status="confirmed",
        entered_by=login, override_reason="",
    )
    tournament = old.get_model("tournaments", "Tournament").objects.create(
        club=club, name="Old Open", starts_on=joined, variant="backgammon", format="knockout",
        rules_text="",
    )
    old.get_model("tournaments", "Entry").objects.create(tournament=tournament, player=cem, seed=1)
    session = old.get_model("chouette", "ChouetteSession").objects.create(club=club)
    old.get_model("chouette", "ChouetteParticipant").objects.create(session=session, player=bob)
    dispute = old.get_model("disputes", "Dispute").objects.create(
        kind="move", club=club, position_id="4HPwATDgc/ABMA", dice1=3, dice2=1, notation="8/5 6/5",
        statement="", ruling="", ruling_note="", replay_position_id="",
    )
    old.get_model("leaderboard", "PlayerRating").objects.create(
        player=ann, variant="backgammon", rating=1512.5, experience=5, matches=1,
        updated_at=datetime.datetime(2024, 3, 2, tzinfo=datetime.UTC),
    )
    content_types = {
        ct.model: ct.pk
        for ct in ContentType.objects.filter(  # that app's schema is today's
            app_label="tournaments", model__in=["club", "player", "membership"]
        )
    }
    return {
        "club": club.pk, "players": {"ann": ann.pk, "bob": bob.pk, "cem": cem.pk},
        "director": director.pk, "login": login.pk, "match": match.pk,
        "tournament": tournament.pk, "session": session.pk, "dispute": dispute.pk,
        "content_types": content_types, "joined": joined,
    }


def test_a_database_from_before_the_move_upgrades_with_every_row_intact() -> None:
    executor = _migrate([*BEFORE_THE_MOVE, ("clubs", None)])
    old = executor.loader.project_state(BEFORE_THE_MOVE).apps
    try:
        rows = _fill_old_schema(old)
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    club = Club.objects.get(pk=rows["club"])
    assert (club.name, club.slug, club.description) == ("Old Club", "old-club", "Before")
    assert list(club.directors.values_list("pk", flat=True)) == [rows["director"]]
    players = {p.display_name: p for p in Player.objects.filter(pk__in=rows["players"].values())}
    assert {name: p.pk for name, p in players.items()} == {
        "Ann": rows["players"]["ann"], "Bob": rows["players"]["bob"], "Cem": rows["players"]["cem"]
    }
    assert players["Ann"].name == "Ann Old" and players["Ann"].user_id == rows["login"]
    assert get_user_model().objects.get(pk=rows["login"]).player == players["Ann"]
    assert set(club.members.all()) == set(players.values())
    assert set(Membership.objects.filter(club=club).values_list("joined_on", flat=True)) == {
        rows["joined"]
    }

    match = Match.objects.get(pk=rows["match"])
    assert (match.club, match.player1, match.player2, match.winner) == (
        club, players["Ann"], players["Bob"], players["Ann"]
    )
    assert MatchResult.objects.get(match=match).score1 == Decimal(5)
    assert players["Ann"].matches_as_player1.get() == match
    tournament = Tournament.objects.get(pk=rows["tournament"])
    assert tournament.club == club
    assert Entry.objects.get(tournament=tournament).player == players["Cem"]
    session = ChouetteSession.objects.get(pk=rows["session"])
    assert session.club == club
    assert ChouetteParticipant.objects.get(session=session).player == players["Bob"]
    assert Dispute.objects.get(pk=rows["dispute"]).club == club
    assert PlayerRating.objects.get(player=players["Ann"]).rating == 1512.5

    # the content types moved with their ids, so permissions and admin history follow
    ContentType.objects.clear_cache()
    moved = {ct.model: ct.pk for ct in ContentType.objects.filter(app_label="clubs")}
    assert {model: moved.get(model) for model in rows["content_types"]} == rows["content_types"]
    assert not ContentType.objects.filter(
        app_label="tournaments", model__in=["club", "player", "membership"]
    ).exists()
    director = get_user_model().objects.get(pk=rows["director"])
    assert director.has_perm("clubs.change_player")
    # and the moved models take new rows in the same tables
    dan = Player.objects.create(name="Dan New", display_name="Dan")
    Membership.objects.create(club=club, player=dan)
    assert club.members.count() == 4
