"""Knockout rounds are named by what they are (``EventFormat.round_title``): the players a
round holds, byes included, for every draw size; rounds that do not halve the field keep
their numbers; Russian names them as a Russian club does."""

from __future__ import annotations

from collections import Counter

import pytest
from django.utils import translation

from tournaments.draws.double_elimination import double_elimination_from_positions
from tournaments.draws.knockout import (
    CONSOLATION,
    MAIN,
    ConsolationMode,
    draw_knockout,
    positions_from_seeds,
)
from tournaments.errors import DrawError
from tournaments.format_registry import format_of
from tournaments.messages import error_text
from tournaments.models import Flight, Tournament

KNOCKOUT = format_of(Tournament.Format.KNOCKOUT)
DOUBLE = format_of(Tournament.Format.DOUBLE_ELIMINATION)

NAMED = {2: "Final", 4: "Semi-final", 8: "Quarter-final"}
RUSSIAN = {2: "Финал", 4: "Полуфинал", 8: "Четвертьфинал"}


def titles(draw, flight: str, event_format=KNOCKOUT) -> list[str]:
    """Each round of ``flight`` as the format names it, from the draw's own shape."""
    places = Counter(match.key.round for match in draw.matches if match.key.flight == flight)
    rounds = max(places)
    return [event_format.round_title(flight, number, rounds, places[number])
            for number in sorted(places)]


@pytest.mark.parametrize("entrants", [2, 3, 4, 5, 7, 8, 9, 12, 16, 17, 24, 31, 32, 33, 48,
                                      63, 64, 65, 100, 127, 128])
def test_every_main_round_is_named_by_the_players_it_holds(entrants: int) -> None:
    draw = draw_knockout(list(range(1, entrants + 1)))
    size = draw.size
    expected = []
    players = size
    while players >= 2:  # round 1 holds the whole draw, byes and all
        expected.append(NAMED.get(players, f"Round of {players}"))
        players //= 2
    assert titles(draw, MAIN) == expected
    assert titles(draw, MAIN)[-1] == "Final"
    assert not any(title.startswith("Round ") and not title.startswith("Round of")
                   for title in titles(draw, MAIN))


@pytest.mark.parametrize(("entrants", "russian"), [
    (16, ["1/8 финала", "Четвертьфинал", "Полуфинал", "Финал"]),
    (32, ["1/16 финала", "1/8 финала", "Четвертьфинал", "Полуфинал", "Финал"]),
    (128, ["1/64 финала", "1/32 финала", "1/16 финала", "1/8 финала", "Четвертьфинал",
           "Полуфинал", "Финал"]),
])
def test_russian_names_the_rounds_as_fractions_of_the_final(entrants: int,
                                                            russian: list[str]) -> None:
    draw = draw_knockout(list(range(1, entrants + 1)))
    with translation.override("ru"):
        assert titles(draw, MAIN) == russian


@pytest.mark.parametrize("size", [4, 8, 16, 32, 64, 128])
def test_a_consolation_that_halves_is_named_like_a_bracket(size: int) -> None:
    draw = draw_knockout(list(range(1, size + 1)), consolation=ConsolationMode.ROUND_ONE_LOSERS)
    names = titles(draw, CONSOLATION)
    players = size // 2  # the main round-1 losers
    expected = []
    while players >= 2:
        expected.append(NAMED.get(players, f"Round of {players}"))
        players //= 2
    assert names == expected
    assert KNOCKOUT.stage_title(Flight.CONSOLATION, len(names), len(names), 1) == \
        "Consolation · Final"


@pytest.mark.parametrize("size", [8, 16, 32, 64, 128])  # a 4-draw has no room to feed
def test_a_progressive_consolations_rounds_before_its_last_feed_keep_their_numbers(
        size: int) -> None:
    # round 1 and its feed round hold as many places each: the first is no quarter-final
    draw = draw_knockout(list(range(1, size + 1)), consolation=ConsolationMode.PROGRESSIVE)
    names = titles(draw, CONSOLATION)
    assert names[0] == "Round 1"
    assert names[-1] == "Final"
    assert len(set(names)) == len(names), names  # no two rounds share a name
    feed_places = size // 4
    assert names[1] == NAMED.get(2 * feed_places, f"Round of {2 * feed_places}")


@pytest.mark.parametrize("entrants", [3, 4, 6, 8, 13, 16])
def test_the_losers_bracket_counts_its_rounds_and_ends_in_its_final(entrants: int) -> None:
    draw = double_elimination_from_positions(
        positions_from_seeds(list(range(1, entrants + 1))), reset=True)
    names = titles(draw, Flight.LOSERS, DOUBLE)
    assert names[-1] == "Losers' final"
    assert names[:-1] == [f"Losers' round {n}" for n in range(1, len(names))]
    assert titles(draw, Flight.GRAND_FINAL, DOUBLE)[0] == "Grand final"
    # the round says its flight: the stage is not "Losers' bracket · Losers' final"
    assert DOUBLE.stage_title(Flight.LOSERS, len(names), len(names), 1) == "Losers' final"
    assert DOUBLE.stage_title(Flight.MAIN, 1, 1, 1) == "Winners' bracket · Final"


def test_a_table_keeps_its_round_numbers_to_the_last() -> None:
    assert KNOCKOUT.round_title(Flight.SWISS, 5, 5, 8) == "Round 5"
    assert KNOCKOUT.round_title(Flight.GROUP, 3, 3, 2) == "Round 3"
    with translation.override("ru"):
        assert KNOCKOUT.round_title(Flight.SWISS, 5, 5, 8) == "Тур 5"


@pytest.mark.parametrize(("rounds", "russian"), [
    (1, "Группы играют 1 швейцарский тур"),
    (3, "Группы играют 3 швейцарских тура"),
    (5, "Группы играют 5 швейцарских туров"),
    (21, "Группы играют 21 швейцарский тур"),
])
def test_a_count_of_rounds_takes_the_plural_of_its_number(rounds: int, russian: str) -> None:
    error = DrawError("group_rounds_left", "The groups play more rounds.",
                      {"rounds": rounds, "played": 1})
    with translation.override("en"):
        english = error_text(error)
    assert english.startswith(f"The groups play {rounds} Swiss round{'s' if rounds > 1 else ''} ")
    with translation.override("ru"):
        assert error_text(error).startswith(russian)
