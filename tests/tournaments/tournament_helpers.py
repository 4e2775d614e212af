"""Builders for tournament tests: an event with entrants, results through the games services."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

from clubs.models import Player
from games import services as games_services
from games.models import Match
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import Entry, Pairing, Tournament

# One event of each kind of draw, as the tests that run whole events through every step
# make them (``make_event``'s options).
EVENT_FORMATS: dict[str, dict[str, Any]] = {
    "knockout with consolation": {"format": Tournament.Format.KNOCKOUT, "consolation": "first_match_losers"},
    "round robin": {"format": Tournament.Format.ROUND_ROBIN},
    "swiss": {"format": Tournament.Format.SWISS, "swiss_rounds": 3},
    "double elimination": {"format": Tournament.Format.DOUBLE_ELIMINATION},
    "groups then knockout": {"format": Tournament.Format.GROUPS_KNOCKOUT, "group_count": 2,
                             "qualifiers_per_group": 2},
}


def make_event(
    entrants: int = 8, *, director: Any = None, with_logins: bool = False, **options: Any
) -> Tournament:
    """A tournament of a new club with ``entrants`` players entered (seeded by name)."""
    director = director or UserFactory()
    club = ClubFactory(directors=[director])
    fields = {
        "name": "Test Open", "starts_on": datetime.date(2026, 11, 21), "variant": "backgammon",
        "format": Tournament.Format.KNOCKOUT, "match_lengths": {"main": [3, 5, 7],
        "consolation": [3, 3, 3], "last_chance": [1, 1, 1], "group": [3], "swiss": [3]},
    }
    fields.update(options)
    tournament = services.create_tournament(club=club, actor=director, **fields)
    for index in range(entrants):
        user = UserFactory() if with_logins else None
        player = PlayerFactory(name=f"Entrant {index + 1:03d}", display_name=f"E{index + 1}", user=user)
        services.add_entry(tournament=tournament, player=player, actor=director)
    return tournament


def director_of(tournament: Tournament) -> Any:
    return tournament.club.directors.first()


def pairing(tournament: Tournament, flight: str, round_number: int, number: int,
            group: int = 0) -> Pairing:
    return Pairing.objects.select_related("match", "top__player", "bottom__player").get(
        tournament=tournament, flight=flight, group=group, round=round_number, number=number
    )


def play(match: Match, winner_seat: int = 1, *, by: Any = None) -> None:
    """The director settles the match, ``winner_seat`` winning to the match length."""
    length = Decimal(match.length)
    score1, score2 = (length, Decimal(0)) if winner_seat == 1 else (Decimal(0), length)
    games_services.override_result(
        match=match, by=by or match.club.directors.first(), score1=score1, score2=score2,
        reason="entered by the director",
    )


def entry_of(tournament: Tournament, player: Player | None) -> Entry:
    return Entry.objects.get(tournament=tournament, player=player)
