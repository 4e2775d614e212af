import datetime

import pytest
from django.db import IntegrityError, transaction

from tests.factories import ClubFactory, PlayerFactory
from tests.tournaments.tournament_helpers import director_of, make_event
from tournaments import services
from tournaments.models import Entry, Flight, Pairing, Tournament
from tournaments.services import ActionError

pytestmark = pytest.mark.django_db


def _tournament(**fields: object) -> Tournament:
    defaults = {"club": ClubFactory(), "name": "T", "starts_on": datetime.date(2026, 1, 1),
                "variant": "backgammon", "format": "knockout"}
    return Tournament.objects.create(**(defaults | fields))


@pytest.mark.parametrize(("flight", "round_number", "rounds", "length"), [
    ("main", 1, 4, 7), ("main", 2, 4, 7), ("main", 3, 4, 9), ("main", 4, 4, 11),
    ("consolation", 1, 3, 5), ("consolation", 3, 3, 7), ("last_chance", 2, 2, 5),
    ("group", 5, 9, 7), ("swiss", 1, 1, 7),
])  # fmt: skip
def test_match_length_per_round_follows_the_defaults(
    flight: str, round_number: int, rounds: int, length: int
) -> None:
    assert _tournament().length_for(flight, round_number, rounds) == length


def test_the_database_refuses_a_player_entered_twice_or_a_seed_given_twice() -> None:
    tournament = _tournament()
    player = PlayerFactory()
    Entry.objects.create(tournament=tournament, player=player, seed=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(tournament=tournament, player=player)
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(tournament=tournament, player=PlayerFactory(), seed=1)
    Entry.objects.create(tournament=tournament, player=PlayerFactory(), seed=None)
    Entry.objects.create(tournament=tournament, player=PlayerFactory(), seed=None)


def test_a_pairing_never_sets_an_entrant_against_themselves() -> None:
    tournament = _tournament()
    entry = Entry.objects.create(tournament=tournament, player=PlayerFactory())
    with pytest.raises(IntegrityError), transaction.atomic():
        Pairing.objects.create(tournament=tournament, flight=Flight.MAIN, round=1, number=1,
                               top=entry, bottom=entry)


def test_the_end_date_is_not_before_the_start() -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        _tournament(ends_on=datetime.date(2025, 12, 31))


@pytest.mark.parametrize(("fields", "code"), [
    ({"tiebreaks": ["wins", "coin_toss"]}, "unknown_tiebreak"),
    ({"match_lengths": {"main": [7, 0, 11]}}, "bad_match_length"),
    ({"rules": {"crawford": "yes"}}, "bad_rules"),
    ({"rules": {"jacoby": True}}, "bad_rules"),
    ({"cycles": 9}, "out_of_range"),
    ({"match_lengths": {"main": [7, 10**30, 11]}}, "bad_match_length"),
    ({"match_lengths": 7}, "bad_match_length"),
    ({"tiebreaks": 7}, "unknown_tiebreak"),
    ({"seeded_top": 10**19}, "out_of_range"),
    ({"rules_text": "x" * 5001}, "text_too_long"),
    ({"ends_on": datetime.date(2000, 1, 1)}, "ends_before_start"),
])  # fmt: skip
def test_bad_set_up_is_refused_with_a_code(fields: dict, code: str) -> None:
    event = make_event(0)
    with pytest.raises(ActionError) as error:
        services.update_tournament(tournament=event, actor=director_of(event), **fields)
    assert error.value.code == code
    event.refresh_from_db()
    assert event.tiebreaks == ["wins", "head_to_head", "points_difference", "points_scored"]


def test_the_format_is_fixed_once_the_draw_is_made() -> None:
    event = make_event(2)
    services.make_draw(tournament=event, actor=director_of(event))
    with pytest.raises(ActionError) as error:
        services.update_tournament(tournament=event, actor=director_of(event), format="swiss")
    assert error.value.code == "draw_made"
    services.update_tournament(tournament=event, actor=director_of(event), name="Renamed")
    assert event.log.filter(action="updated", after__name="Renamed").exists()
