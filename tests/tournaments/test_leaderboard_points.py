"""GP-style points through the app: external events by places (§7.3, §7.4), tournaments
finishing, rescoring after rating changes, and bad input refused with nothing saved."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from games.models import Match
from leaderboard.models import EventPlacing, ExternalEvent, RankedEvent, RatingChange
from leaderboard.selectors import RankingQuery, ranking
from leaderboard.services.points import PlacedEntrant, create_external_event
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.tournaments.leaderboard_support import at, confirm, correct
from tournaments.errors import RankingError
from tournaments.models import Entry, Tournament
from tournaments.seasons import Season

pytestmark = pytest.mark.django_db

EVENT_DAY = datetime.date(2026, 3, 14)
RIVERSIDE = [
    ("Ana", 1840), ("Boris", 1790), ("Chen", 1725), ("Dara", 1690), ("Emil", 1660),
    ("Fatma", 1625), ("Gita", 1600), ("Hugo", 1580), ("Ivan", 1550), ("Jana", 1530),
    ("Karl", None), ("Lena", 1480), ("Milo", 1450), ("Nina", 1420), ("Oleg", 1390),
    ("Pia", 1340),
]
RIVERSIDE_PLACES = {"Ana": 1, "Chen": 2, "Boris": 3, "Emil": 3,
                    "Dara": 5, "Fatma": 5, "Gita": 5, "Hugo": 5}
HARBOUR = ["Boris", "Dara", "Gita", "Ivan", "Karl", "Quinn", "Milo", "Rita"]


BEFORE_EVERYTHING = at(-1000)


def give_rating(player, rating, club, *, when=BEFORE_EVERYTHING, variant="backgammon"):
    """A rating as the history would leave it before the event (one stored change)."""
    opponent = PlayerFactory()
    match = Match.objects.create(club=club, player1=player, player2=opponent, winner=player,
                                 variant=variant, length=7)
    RatingChange.objects.create(
        player=player, opponent=opponent, variant=variant, match=match, won=rating >= 1500,
        length=7, before=1500, after=rating, delta=rating - 1500, experience=400, at=when,
    )


@pytest.fixture
def field():
    club = ClubFactory(name="Riverside")
    players = {}
    for name, rating in RIVERSIDE + [("Quinn", None), ("Rita", 1400)]:
        players[name] = PlayerFactory(name=f"{name} Secret-Surname", display_name=name)
        MembershipFactory(club=club, player=players[name])
        if rating is not None:
            give_rating(players[name], rating, club)
    return club, players


def riverside_event(club, players, **changes):
    places = {**RIVERSIDE_PLACES, **changes}
    entrants = [PlacedEntrant(players[name], places.get(name)) for name, _ in RIVERSIDE]
    return create_external_event(club=club, name="Riverside Open", date=EVENT_DAY,
                                 variant="backgammon", entrants=entrants)


def points(event):
    return {p.player.display_name: p.points for p in event.ranked_event.placings.select_related("player")}


def test_worked_example_7_3_by_places(field):
    club, players = field
    event = riverside_event(club, players)
    ranked = event.ranked_event
    assert (ranked.strength_of_field, ranked.paid_places, ranked.entrants) == (Decimal("17.63"), 4, 16)
    earned = points(event)
    assert earned["Ana"] == Decimal("17.63") and earned["Chen"] == Decimal("8.82")
    assert earned["Boris"] == earned["Emil"] == Decimal("5.14")
    assert all(earned[name] == 0 for name in ("Dara", "Karl", "Pia"))
    karl = ranked.placings.get(player=players["Karl"])
    assert karl.rating is None and karl.place_first is None
    boris = ranked.placings.get(player=players["Boris"])
    assert (boris.place_first, boris.place_last, boris.rating) == (3, 4, 1790)


def test_season_rankings_7_4(field):
    club, players = field
    riverside_event(club, players)
    harbour = ClubFactory(name="Harbour")
    create_external_event(
        club=harbour, name="Harbour Cup", date=EVENT_DAY + datetime.timedelta(days=30),
        variant="backgammon",
        entrants=[PlacedEntrant(players[n], {"Dara": 1, "Boris": 2}.get(n)) for n in HARBOUR],
    )
    season = Season.calendar_year(2026)

    def table(club=None):
        return [(r.rank, r.name, str(r.points)) for r in ranking(RankingQuery(season, club), None)]

    assert table(club) == [(1, "Ana", "17.63"), (2, "Chen", "8.82"), (3, "Boris", "5.14"),
                           (3, "Emil", "5.14")]
    assert table(harbour) == [(1, "Dara", "8.66"), (2, "Boris", "4.33")]
    assert table() == [(1, "Ana", "17.63"), (2, "Boris", "9.47"), (3, "Chen", "8.82"),
                       (4, "Dara", "8.66"), (5, "Emil", "5.14")]
    assert ranking(RankingQuery(Season.calendar_year(2025)), None) == []
    assert ranking(RankingQuery(season, variant="nardy"), None) == []


@pytest.mark.parametrize("changes, code", [
    ({"Chen": 3}, "places_do_not_fit"),              # 1, 3, 3, 3: place 2 missing
    ({"Boris": 4, "Emil": 4}, "places_do_not_fit"),  # tied players both placed 4: gap at 3
    ({n: None for n in ("Boris", "Emil", "Dara", "Fatma", "Gita", "Hugo")},
     "places_incomplete"),  # only 1st and 2nd given; places 3-4 earn points too
])
def test_place_table_that_does_not_fit_saves_nothing(field, changes, code):
    club, players = field
    with pytest.raises(RankingError) as caught:
        riverside_event(club, players, **changes)
    assert caught.value.code == code
    assert not ExternalEvent.objects.exists() and not RankedEvent.objects.exists()


def _form_data(players, places, name="Club night"):
    data = {"name": name, "date": EVENT_DAY.isoformat(), "variant": "backgammon",
            "places-TOTAL_FORMS": str(len(places)), "places-INITIAL_FORMS": "0"}
    for index, (player, place) in enumerate(places):
        data[f"places-{index}-player"] = str(players[player].pk)
        data[f"places-{index}-place"] = "" if place is None else str(place)
    return data


def test_director_enters_an_event_by_places(client, field):
    club, players = field
    director = UserFactory()
    club.directors.add(director)
    client.force_login(director)
    url = reverse("leaderboard:external_event_create", kwargs={"slug": club.slug})
    assert client.get(url).status_code == 200
    rows = [(name, RIVERSIDE_PLACES.get(name)) for name, _ in RIVERSIDE]
    response = client.post(url, _form_data(players, rows))
    assert response.status_code == 302
    event = ExternalEvent.objects.get()
    assert points(event)["Chen"] == Decimal("8.82")
    page = client.get(response["Location"]).text
    assert "17.63" in page and "Ana" in page and "Secret-Surname" not in page


def test_form_refuses_a_small_field_and_a_bad_table(client, field):
    club, players = field
    director = UserFactory()
    club.directors.add(director)
    client.force_login(director)
    url = reverse("leaderboard:external_event_create", kwargs={"slug": club.slug})
    seven = [(name, place) for name, place in [("Ana", 1), ("Boris", 2), ("Chen", None),
             ("Dara", None), ("Emil", None), ("Fatma", None), ("Gita", None)]]
    response = client.post(url, _form_data(players, seven))
    assert response.status_code == 400
    assert "at least 8 entrants" in response.text
    gap = [(name, {"Ana": 1, "Boris": 3}.get(name)) for name, _ in RIVERSIDE[:8]]
    response = client.post(url, _form_data(players, gap))
    assert response.status_code == 400 and "Places must run on from 2" in response.text
    assert not ExternalEvent.objects.exists() and not EventPlacing.objects.exists()


def test_only_directors_enter_events(client, field):
    club, _players = field
    client.force_login(UserFactory())
    url = reverse("leaderboard:external_event_create", kwargs={"slug": club.slug})
    assert client.get(url).status_code == 403


def test_a_corrected_earlier_match_rescores_a_later_event():
    club = ClubFactory()
    a, b = PlayerFactory(), PlayerFactory()
    others = PlayerFactory.create_batch(6)
    match = confirm(club, a, b, 7, when=at(0))  # 2026-03-01
    event = create_external_event(
        club=club, name="Later", date=datetime.date(2026, 3, 2), variant="backgammon",
        entrants=[PlacedEntrant(p, i + 1 if i < 2 else None) for i, p in enumerate([a, b, *others])],
    )
    before = event.ranked_event.placings.get(player=a).rating
    assert before > 1500
    correct(match, b, when=at(60))
    after = RankedEvent.objects.get(pk=event.ranked_event.pk).placings.get(player=a).rating
    assert after < 1500 and after == RatingChange.objects.get(match=match, player=a).after


def test_finished_tournament_is_scored_and_rescored():
    club = ClubFactory()
    players = PlayerFactory.create_batch(8)
    tournament = Tournament.objects.create(
        club=club, name="Spring knockout", starts_on=EVENT_DAY, variant="backgammon",
        format=Tournament.Format.KNOCKOUT, status=Tournament.Status.RUNNING,
    )
    places = [(1, 1), (2, 2), (3, 4), (3, 4), (5, 8), (5, 8), (5, 8), (5, 8)]
    entries = [
        Entry.objects.create(tournament=tournament, player=p, seed=i + 1,
                             place_first=first, place_last=last)
        for i, (p, (first, last)) in enumerate(zip(players, places, strict=True))
    ]
    assert not RankedEvent.objects.exists()
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    ranked = RankedEvent.objects.get(tournament=tournament)
    assert ranked.strength_of_field == Decimal("8.00") and ranked.paid_places == 2
    earned = {p.player_id: p.points for p in ranked.placings.all()}
    assert earned[players[0].pk] == Decimal("8.00") and earned[players[1].pk] == Decimal("4.00")
    # A correction after the finish swaps the final: the tournaments app moves the places.
    entries[0].place_first = entries[0].place_last = 2
    entries[1].place_first = entries[1].place_last = 1
    Entry.objects.bulk_update(entries[:2], ["place_first", "place_last"])
    tournament.save()
    earned = {p.player_id: p.points for p in RankedEvent.objects.get().placings.all()}
    assert earned[players[1].pk] == Decimal("8.00") and earned[players[0].pk] == Decimal("4.00")
    tournament.status = Tournament.Status.RUNNING  # reopened: no points until it finishes
    tournament.save()
    assert not RankedEvent.objects.exists()


def test_knockout_played_through_the_services_earns_points_and_follows_a_correction():
    from tests.tournaments.tournament_helpers import director_of, make_event, pairing, play
    from tournaments import services

    event = make_event(8)
    services.make_draw(tournament=event, actor=director_of(event))
    for round_number, matches in ((1, 4), (2, 2), (3, 1)):
        for number in range(1, matches + 1):
            play(pairing(event, "main", round_number, number).match, 1)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    final = pairing(event, "main", 3, 1)
    ranked = RankedEvent.objects.get(tournament=event)
    assert (ranked.entrants, ranked.strength_of_field, ranked.paid_places) == (8, Decimal("8.00"), 2)

    def earned():
        placings = RankedEvent.objects.get(tournament=event).placings
        return {p.player_id: (p.place_first, p.place_last, p.points) for p in placings.all()}

    assert earned()[final.top.player_id] == (1, 1, Decimal("8.00"))
    assert earned()[final.bottom.player_id] == (2, 2, Decimal("4.00"))
    assert sorted(v[:2] for v in earned().values())[2:] == [(3, 4), (3, 4)] + [(5, 8)] * 4
    assert RatingChange.objects.filter(match__pairing__tournament=event).count() == 14
    play(final.match, 2)  # corrected after the finish: the other finalist won
    assert earned()[final.bottom.player_id] == (1, 1, Decimal("8.00"))
    assert earned()[final.top.player_id] == (2, 2, Decimal("4.00"))


def test_round_robin_places_from_the_standings_earn_points():
    from tests.tournaments.tournament_helpers import director_of, make_event, play
    from tournaments import services

    event = make_event(8, format=Tournament.Format.ROUND_ROBIN)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    services.start_round(tournament=event, actor=director, through=7)
    for p in event.pairings.select_related("match", "top", "bottom"):
        if p.match is not None:
            play(p.match, 1 if p.top.seed < p.bottom.seed else 2)  # the better seed wins
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    placings = RankedEvent.objects.get(tournament=event).placings.select_related("player")
    by_seed = {
        Entry.objects.get(tournament=event, player=p.player).seed: (p.place_first, p.points)
        for p in placings
    }
    assert by_seed[1] == (1, Decimal("8.00")) and by_seed[2] == (2, Decimal("4.00"))
    assert all(points == 0 for seed, (_place, points) in by_seed.items() if seed > 2)
