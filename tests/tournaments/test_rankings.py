"""GP-style points and season rankings: tournaments.md §7 (worked examples §7.3, §7.4)."""

import datetime
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leaderboard.core.rankings import (
    EventResult,
    RankingEntrant,
    event_points,
    paid_places,
    place_value,
    player_weight,
    score_events,
    season_ranking,
    strength_of_field,
)
from tournaments.draws.knockout import MAIN, MatchKey, draw_knockout
from tournaments.draws.progress import PlaceGroup, flight_places, resolve
from tournaments.draws.seeding import SeedingEntrant, seed_entrants
from tournaments.errors import RankingError
from tournaments.seasons import Season

# §7.3 table: name, rating, weight
RIVERSIDE_FIELD = [
    ("Ana", 1840, "1.4791"), ("Boris", 1790, "1.3964"), ("Chen", 1725, "1.2957"),
    ("Dara", 1690, "1.2445"), ("Emil", 1660, "1.2023"), ("Fatma", 1625, "1.1548"),
    ("Gita", 1600, "1.1220"), ("Hugo", 1580, "1.0965"), ("Ivan", 1550, "1.0593"),
    ("Jana", 1530, "1.0351"), ("Karl", None, "1.0000"), ("Lena", 1480, "0.9772"),
    ("Milo", 1450, "0.9441"), ("Nina", 1420, "0.9120"), ("Oleg", 1390, "0.8810"),
    ("Pia", 1340, "0.8318"),
]
HARBOUR_FIELD = [
    ("Boris", 1790), ("Dara", 1690), ("Gita", 1600), ("Ivan", 1550), ("Karl", 1500),
    ("Quinn", None), ("Milo", 1450), ("Rita", 1400),
]


def places(*groups):
    out, first = [], 1
    for group in groups:
        names = tuple(group.split())
        out.append(PlaceGroup(first, first + len(names) - 1, names))
        first += len(names)
    return tuple(out)


def event(name, club, field, place_groups, day=datetime.date(2026, 3, 1), variant="backgammon"):
    entrants = tuple(RankingEntrant(n, n, r) for n, r, *_ in field)
    return EventResult(name, club, variant, day, entrants, place_groups)


RIVERSIDE = event(
    "riverside", "Riverside", RIVERSIDE_FIELD,
    places("Ana", "Chen", "Boris Emil", "Dara Fatma Gita Hugo"),
)
HARBOUR = event("harbour", "Harbour", HARBOUR_FIELD, places("Dara", "Boris"), datetime.date(2026, 5, 2))


@pytest.mark.parametrize("name, rating, weight", RIVERSIDE_FIELD + [("Rita", 1400, "0.8913")])
def test_player_weights(name, rating, weight):
    assert player_weight(rating) == Decimal(weight)
    assert str(player_weight(rating)) == weight


@pytest.mark.parametrize("rating, weight", [(700, "0.5000"), (2500, "2.0000"), (2102.06, "2.0000"), (1500.0, "1.0000")])
def test_weight_clamp(rating, weight):
    assert str(player_weight(rating)) == weight


def test_strength_of_field():
    assert strength_of_field(r for _, r, _ in RIVERSIDE_FIELD) == Decimal("17.63")
    assert strength_of_field([1500] * 16) == Decimal("16.00")
    assert strength_of_field(r for _, r in HARBOUR_FIELD) == Decimal("8.66")


@pytest.mark.parametrize("entrants, paid", [(8, 2), (9, 3), (12, 3), (13, 4), (16, 4), (32, 8)])
def test_paid_places(entrants, paid):
    assert paid_places(entrants) == paid


@pytest.mark.parametrize(
    "first, last, paid, value",
    [(1, 1, 4, Fraction(1)), (3, 4, 4, Fraction(7, 24)), (2, 3, 4, Fraction(5, 12)),
     (3, 5, 4, (Fraction(1, 3) + Fraction(1, 4)) / 3), (5, 8, 4, Fraction(0))],
)
def test_place_value(first, last, paid, value):
    assert place_value(first, last, paid) == value


def test_knockout_example():
    awarded = event_points(RIVERSIDE)
    assert awarded.strength_of_field == Decimal("17.63") and awarded.paid_places == 4
    expected = {"Ana": "17.63", "Chen": "8.82", "Boris": "5.14", "Emil": "5.14", "Dara": "0.00"}
    assert {p: str(awarded.points[p]) for p in expected} == expected
    assert awarded.points["Pia"] == 0


def test_round_robin_variant():
    variant = event("rr", "Riverside", RIVERSIDE_FIELD, places("Ana", "Chen Boris", "Emil"))
    awarded = event_points(variant)
    assert [str(awarded.points[p]) for p in ("Ana", "Chen", "Boris", "Emil")] == [
        "17.63", "7.35", "7.35", "4.41"
    ]


def test_three_way_tie_for_third():
    tie = event("tie", "Riverside", RIVERSIDE_FIELD, places("Ana", "Chen", "Boris Emil Dara"))
    # 17.63 x (1/3 + 1/4 + 0) / 3 = 3.4282 -> 3.43 each
    assert [str(event_points(tie).points[p]) for p in ("Boris", "Emil", "Dara")] == ["3.43"] * 3


def test_seven_entrants_award_nothing():
    small = event("small", "Harbour", HARBOUR_FIELD[:7], places("Dara", "Boris"))
    awarded = event_points(small)
    assert set(awarded.points.values()) == {0} and awarded.no_points_reason == "field_too_small"
    with pytest.raises(RankingError) as error:
        event_points(small, strict=True)
    assert error.value.code == "field_too_small"


def rows(ranking):
    return [(row.rank, row.name, str(row.points)) for row in ranking]


def test_season_rankings():
    season = Season.calendar_year(2026)
    events = [RIVERSIDE, HARBOUR]
    assert rows(season_ranking(events, season, club="Riverside")) == [
        (1, "Ana", "17.63"), (2, "Chen", "8.82"), (3, "Boris", "5.14"), (3, "Emil", "5.14")
    ]
    assert rows(season_ranking(events, season, club="Harbour")) == [(1, "Dara", "8.66"), (2, "Boris", "4.33")]
    overall = season_ranking(events, season)
    assert rows(overall) == [
        (1, "Ana", "17.63"), (2, "Boris", "9.47"), (3, "Chen", "8.82"), (4, "Dara", "8.66"), (5, "Emil", "5.14")
    ]
    assert overall[1].events == 2
    assert season_ranking(events, Season.calendar_year(2025)) == []
    assert season_ranking(events, season, variant="nardy") == []
    assert season_ranking(events, season, scored=score_events(events)) == overall


@given(st.permutations([RIVERSIDE, HARBOUR, event(
    "autumn", "Harbour", RIVERSIDE_FIELD, places("Pia", "Oleg", "Boris Nina"), datetime.date(2026, 10, 1)
)]))
def test_rankings_do_not_depend_on_event_order(events):
    ranking = season_ranking(events, Season.calendar_year(2026))
    # Pia wins the autumn event (SOF 17.63) and ties Ana; Boris 5.14 + 4.33 + 5.14
    assert rows(ranking)[:3] == [(1, "Ana", "17.63"), (1, "Pia", "17.63"), (3, "Boris", "14.61")]
    assert ranking == season_ranking(sorted(events, key=lambda e: e.event), Season.calendar_year(2026))


def test_seasons():
    assert Season.containing(datetime.date(2026, 2, 1), start_month=9) == Season(
        datetime.date(2025, 9, 1), datetime.date(2026, 8, 31)
    )
    assert datetime.date(2026, 12, 31) in Season.calendar_year(2026)
    with pytest.raises(RankingError) as error:
        Season(datetime.date(2026, 5, 1), datetime.date(2026, 4, 30))
    assert error.value.code == "date_range_backwards"


@pytest.mark.parametrize(
    "place_groups, code",
    [
        (places("Ana", "Chen"), "places_incomplete"),  # 16 entrants: places 1-4 earn points
        (places("Ana", "Chen", "Boris", "Zoe"), "place_for_non_entrant"),
        (places("Ana", "Chen", "Boris", "Ana"), "placed_twice"),
        ((PlaceGroup(1, 1, ("Ana",)), PlaceGroup(3, 4, ("Chen", "Boris"))), "places_do_not_fit"),
        ((PlaceGroup(1, 2, ("Ana",)), PlaceGroup(3, 4, ("Chen", "Boris"))), "places_do_not_fit"),
    ],
)
def test_place_tables_that_do_not_fit(place_groups, code):
    with pytest.raises(RankingError) as error:
        event_points(event("bad", "Riverside", RIVERSIDE_FIELD, place_groups))
    assert error.value.code == code


def test_a_tie_group_wider_than_its_players_does_not_fit():
    bad = event("bad", "Harbour", HARBOUR_FIELD, (PlaceGroup(1, 9, tuple(n for n, _ in HARBOUR_FIELD)),))
    with pytest.raises(RankingError) as error:
        event_points(bad)
    assert error.value.code == "places_do_not_fit"


def test_points_from_a_played_knockout():
    """§7.3 end to end: seeded by rating, Emil upsets Dara, Chen upsets Boris, Ana wins."""
    ratings = {name: rating for name, rating, _ in RIVERSIDE_FIELD}
    seeded = seed_entrants([SeedingEntrant(n, n, r) for n, r in ratings.items()])
    draw = draw_knockout(seeded, consolation="none")
    upsets = {("Emil", "Dara"), ("Chen", "Boris")}
    results = {}
    while playable := resolve(draw, results).playable():
        for match in playable:
            a, b = match.players
            favourite, other = (a, b) if seeded.index(a) < seeded.index(b) else (b, a)
            results[match.key] = other if (other, favourite) in upsets else favourite
    assert results[MatchKey(MAIN, 4, 1)] == "Ana"
    places_won = flight_places(resolve(draw, results))
    assert [(g.first, g.last, sorted(g.players)) for g in places_won[:3]] == [
        (1, 1, ["Ana"]), (2, 2, ["Chen"]), (3, 4, ["Boris", "Emil"])
    ]
    played = EventResult("ko", "Riverside", "backgammon", datetime.date(2026, 3, 1),
                         RIVERSIDE.entrants, places_won)
    assert event_points(played).points == event_points(RIVERSIDE).points
