"""Private things stay private on every address (issue 13 part 4), found, not listed.

Club A holds a private event under way (a confirmed, a proposed and a disputed result, a
transcript, a move dispute), a finished private event (its ranking points), a private
friendly, a public match entered by its players, and a chouette table; its players have
private legal names and logins. Every address of the URLconf, pages and API, is filled
with A's ids and fetched as anonymous and as the director of another club (and, with
NARDY_RUNSLOW=1, as a player of that club): no answer shows a private event's name, a
dispute's words, a transcript's file name, a legal name or a login, or answers 5xx; and
searching the lists by a private legal name finds nobody.
"""

from __future__ import annotations

import datetime
import os
import re
from decimal import Decimal
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from django.core.cache import cache
from django.db import transaction

from chouette import services as chouette_services
from chouette.models import ChouetteEvent, ChouetteParticipant, ChouetteSession
from clubs.models import Club, Membership, Player
from disputes import services as dispute_services
from disputes.models import Dispute
from games import services as games_services
from games.models import Game, Match, MatchResult, MatchTranscript
from games.services import transcripts as transcript_services
from leaderboard.models import RankedEvent
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.support.clients import api_client, page_client
from tests.support.probes import routes
from tournaments import services
from tournaments.models import Entry, Pairing, Registration, Tournament, TournamentLog

pytestmark = pytest.mark.django_db

EVENT = "Zqxprivateevent"
LEGAL = "Zqxlegalname"
LOGIN = "zqxlogin"
WORDS = "Zqxprivatewords"
FILE = "zqxprivatefile"
MARKERS = (EVENT, LEGAL, LOGIN, WORDS, FILE)
PUBLIC_NAME = "Alf"  # A's players' display names: public, but not findable by legal name
RUN_ALL = bool(os.environ.get("NARDY_RUNSLOW"))
SKIP = ("admin/", "accounts/", "health/", "i18n/")
TRANSCRIPT = Path(__file__).parents[1] / "games" / "fixtures" / "block-rule-home.mat"


def _event(club: Club, director: Any, name: str, players: list, day: int) -> Tournament:
    event = services.create_tournament(
        club=club, actor=director, name=name, starts_on=datetime.date(2026, 11, day),
        variant="backgammon", format=Tournament.Format.KNOCKOUT,
        match_lengths={"main": [3, 5, 7]}, is_public=False)
    for player in players:
        services.add_entry(tournament=event, player=player, actor=director)
    services.make_draw(tournament=event, actor=director)
    return event


def _settle(match: Match, director: Any) -> None:
    games_services.override_result(match=match, by=director, score1=Decimal(match.length),
                                   score2=Decimal(0), reason=f"{WORDS} settled")


@pytest.fixture
def world() -> dict[str, Any]:
    director = UserFactory(username=f"{LOGIN}dir", first_name="Dana", last_name="Director")
    club = ClubFactory(name="Alpha Club", directors=[director])
    Club.objects.filter(pk=club.pk).update(owner=director)
    players = []
    for index in range(8):
        user = UserFactory(username=f"{LOGIN}{index}", email=f"{LOGIN}{index}@example.org")
        players.append(PlayerFactory(name=f"{LEGAL} Number{index}",
                                     display_name=f"{PUBLIC_NAME}{index}", user=user))
        MembershipFactory(club=club, player=players[-1])
    event = _event(club, director, f"{EVENT} Open", players, 21)
    first, second, third = (Pairing.objects.get(tournament=event, round=1, number=number).match
                            for number in (1, 2, 3))
    _settle(first, director)
    result = games_services.propose_result(match=second, by=second.player1.user,
                                           score1=Decimal(3), score2=Decimal(1))
    disputed = games_services.propose_result(match=third, by=third.player1.user,
                                             score1=Decimal(3), score2=Decimal(2))
    games_services.dispute_result(result=disputed, by=third.player2.user,
                                  reason=f"{WORDS} reason")
    transcript = transcript_services.upload_transcript(
        match=second, by=second.player1.user, data=TRANSCRIPT.read_bytes(), file_name=f"{FILE}.mat",
        queue=False)
    dispute = dispute_services.submit_move_dispute(
        by=second.player1.user, match=second, game_number=1, position_id="4HPwATDgc/ABMA",
        dice=(3, 1), notation="8/5 6/5", statement=f"{WORDS} move", queue=False)
    Match.objects.create(club=club, variant="backgammon", length=5, player1=players[0],
                         player2=players[1], is_public=False)
    public = Match.objects.create(club=club, variant="backgammon", length=3,
                                  player1=players[4], player2=players[5])
    games_services.propose_result(match=public, by=players[4].user, score1=Decimal(3),
                                  score2=Decimal(0))
    finished = _event(club, director, f"{EVENT} Finished", players[:4], 1)
    for round_number, count in ((1, 2), (2, 1)):
        for number in range(1, count + 1):
            _settle(Pairing.objects.get(tournament=finished, round=round_number,
                                        number=number).match, director)
    session = chouette_services.start_session(club=club, opening_line=players[:4], by=director)
    other_director, other_user = UserFactory(username="bdirector"), UserFactory(username="bplay")
    other = ClubFactory(name="Beta Club", directors=[other_director])
    MembershipFactory(club=other, player=PlayerFactory(display_name="Bet", user=other_user))
    ids = {
        "slug": club.slug,
        "tournaments": event.pk, "event-money": event.pk, "ranking-points": finished.pk,
        "events": RankedEvent.objects.get(tournament=finished).pk,
        "matches": second.pk, "my-matches": second.pk, "match_pk": second.pk,
        "results": result.pk, "result_pk": result.pk, "result_id": result.pk,
        "pairings": Pairing.objects.get(tournament=event, round=1, number=2).pk,
        "pairing_pk": Pairing.objects.get(tournament=event, round=1, number=2).pk,
        "chouettes": session.pk, "chouette-sessions": session.pk,
        "disputes": dispute.pk, "transcripts": transcript.pk, "transcript_id": transcript.pk,
        "players": players[0].pk, "player_pk": players[0].pk,
        "games": (Game.objects.filter(match__club=club).values_list("pk", flat=True).first()
                  or 1),
        "entry_pk": Entry.objects.filter(tournament=event).first().pk, "desk":
        Entry.objects.filter(tournament=event).first().pk,
        "log_pk": TournamentLog.objects.filter(tournament=event).first().pk,
    }
    viewers = {"anonymous": None, "other_director": other_director, "other_player": other_user}
    return {"ids": ids, "viewers": viewers, "club": club, "other_player": other_user}


def addresses(ids: dict[str, Any]) -> list[str]:
    """Every address of the URLconf, each parameter filled with club A's object of that
    kind (by the parameter's name, else by the segment before it), else 1."""
    found = set()
    for route in routes():
        route = route.replace("^", "").replace("$", "")
        if route.startswith(SKIP) or "<format>" in route or "drf_format_suffix" in route:
            continue
        parts = re.split(r"(\(\?P<\w+>[^)]*\)|<(?:\w+:)?\w+>)", route)
        path = ""
        for index, part in enumerate(parts):
            name = re.search(r"<(?:\w+:)?(\w+)>", part)
            if not name:
                path += part
                continue
            segment = parts[index - 1].rstrip("/").split("/")[-1]
            value = ids.get(name.group(1)) or ids.get(segment) or 1
            path += str(value)
        found.add("/" + path.replace("\\", ""))
    return sorted(found)


def _shown_names(content: bytes) -> int:
    """How many of A's display names a page shows: whole words only, so that a random
    token (CSRF, a nonce) that happens to contain the letters is not counted."""
    return len(re.findall(rb"(?<![A-Za-z0-9])" + PUBLIC_NAME.encode() + rb"\d(?![A-Za-z0-9])",
                          content))


def _leaks(text: str) -> list[str]:
    return [marker for marker in MARKERS if marker.lower() in text.lower()]


@pytest.mark.parametrize(
    "who", ["anonymous", "other_director",
            pytest.param("other_player", marks=pytest.mark.skipif(
                not RUN_ALL, reason="NARDY_RUNSLOW=1 also crawls as another club's player"))])
def test_no_address_shows_club_a_private_things(world: dict[str, Any], who: str) -> None:
    user = world["viewers"][who]
    page, api = page_client(user), api_client(user)
    found = addresses(world["ids"])
    assert len(found) > 150
    problems = []
    for path in found:
        client = api if path.startswith("/api/") else page
        cache.clear()  # the throttles: this is a crawl, not an attack
        response = client.get(path)
        if response.status_code >= 500:
            problems.append(f"GET {path}: {response.status_code}")
        if leaked := _leaks(response.content.decode(errors="replace")):
            problems.append(f"GET {path}: {response.status_code} shows {leaked}")
        if re.search(r"/\d+/", path) or response.status_code != 200:
            continue  # a list: searching it by a legal name finds nobody
        names = ("search", "q", "name", "player")
        searched = client.get(f"{path}?{urlencode(dict.fromkeys(names, LEGAL))}")
        nothing = client.get(f"{path}?{urlencode(dict.fromkeys(names, 'nobody-at-all'))}")
        if _shown_names(searched.content) > _shown_names(nothing.content):
            problems.append(f"GET {path}?search={LEGAL}: finds club A's players")
    assert problems == []


def state_of(club: Club) -> list[list[str]]:
    """Everything of club A that another club could try to change."""
    tables = [
        Club.objects.filter(pk=club.pk),
        Club.directors.through.objects.filter(club=club),
        Membership.objects.filter(club=club),
        Player.objects.filter(memberships__club=club),
        Tournament.objects.filter(club=club),
        Entry.objects.filter(tournament__club=club),
        Pairing.objects.filter(tournament__club=club),
        Registration.objects.filter(tournament__club=club),
        Match.objects.filter(club=club),
        MatchResult.objects.filter(match__club=club),
        Game.objects.filter(match__club=club),
        MatchTranscript.objects.filter(match__club=club),
        Dispute.objects.filter(match__club=club),
        ChouetteSession.objects.filter(club=club),
        ChouetteEvent.objects.filter(session__club=club),
        ChouetteParticipant.objects.filter(session__club=club),
    ]
    return [sorted(str(sorted(row.items())) for row in table.values()) for table in tables]


# A body that would do something on most addresses, were the sender allowed to.
BODY = {
    "reason": "changed by another club", "note": "x", "score1": "3", "score2": "0",
    "status": "finished", "name": "Changed", "display_name": "Changed", "is_public": True,
    "ruling": "upheld", "answer": "confirm", "winner": "1", "role": "director", "seat": "1",
}


@pytest.mark.parametrize(
    "who", ["other_director",
            pytest.param("other_player", marks=pytest.mark.skipif(
                not RUN_ALL, reason="NARDY_RUNSLOW=1 also writes as another club's player"))])
def test_another_club_changes_nothing_of_club_a(world: dict[str, Any], who: str) -> None:
    """Every address, every writing method, as another club's director or player: club
    A's data stays as it was (each request is rolled back after the comparison)."""
    user = world["viewers"][who]
    page, api = page_client(user), api_client(user)
    before = state_of(world["club"])
    body = {**BODY, "player": world["other_player"].pk, "user": world["other_player"].pk}
    problems = []
    for path in addresses(world["ids"]):
        on_api = path.startswith("/api/")
        for method in ("post", "put", "patch", "delete") if on_api else ("post",):
            cache.clear()
            with transaction.atomic():
                if on_api:
                    response = getattr(api, method)(path, body, format="json")
                else:
                    response = page.post(path, body)
                after = state_of(world["club"])
                transaction.set_rollback(True)
            if response.status_code >= 500:
                problems.append(f"{method.upper()} {path}: {response.status_code}")
            if after != before:
                problems.append(f"{method.upper()} {path}: {response.status_code} changed A")
    assert problems == []
