import pytest

from games import services as games_services
from games.models import MatchStatus
from tests.tournaments.tournament_helpers import director_of, make_event, pairing, play
from tournaments import services
from tournaments.errors import DrawError
from tournaments.models import BracketConflict, Entry, Pairing, Tournament

pytestmark = pytest.mark.django_db


def test_a_twelve_player_draw_gives_byes_to_the_top_four() -> None:
    event = make_event(12, consolation="first_match_losers")
    services.make_draw(tournament=event, actor=director_of(event))
    event.refresh_from_db()
    assert event.status == Tournament.Status.RUNNING and event.draw_size == 16
    first_round = Pairing.objects.filter(tournament=event, flight="main", round=1)
    assert first_round.filter(state="bye").count() == 4
    assert first_round.filter(state="ready", match__isnull=False).count() == 4  # 8 players left
    byes = {p.winner.seed for p in first_round.filter(state="bye").select_related("winner")}
    assert byes == {1, 2, 3, 4}
    # the round-2 matches of the bye-holders wait for their opponents
    assert Pairing.objects.filter(tournament=event, flight="main", round=2, state="waiting").count() == 4


def test_a_confirmed_result_advances_the_winner_at_once() -> None:
    event = make_event(8)
    services.make_draw(tournament=event, actor=director_of(event))
    first = pairing(event, "main", 1, 1)
    play(first.match, winner_seat=2)
    first.refresh_from_db()
    assert first.state == "decided" and first.winner == first.bottom
    second = pairing(event, "main", 2, 1)
    assert second.top == first.bottom and second.state == "waiting"
    play(pairing(event, "main", 1, 2).match, winner_seat=1)
    second = pairing(event, "main", 2, 1)
    assert second.state == "ready"
    assert second.match.length == 5  # semi-final of an 8-draw
    assert {second.match.player1, second.match.player2} == {second.top.player, second.bottom.player}


def test_the_whole_bracket_finishes_with_places() -> None:
    event = make_event(4)
    services.make_draw(tournament=event, actor=director_of(event))
    play(pairing(event, "main", 1, 1).match, 1)
    play(pairing(event, "main", 1, 2).match, 1)
    final = pairing(event, "main", 2, 1)
    assert final.match.length == 7
    play(final.match, 2)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    places = dict(Entry.objects.filter(tournament=event).values_list("pk", "place_first"))
    assert places[final.bottom_id] == 1 and places[final.top_id] == 2
    assert sorted(places.values()) == [1, 2, 3, 3]


def test_correction_before_the_next_match_starts_moves_the_bracket() -> None:
    event = make_event(4)
    services.make_draw(tournament=event, actor=director_of(event))
    first = pairing(event, "main", 1, 1)
    play(first.match, 1)
    play(pairing(event, "main", 1, 2).match, 1)
    final = pairing(event, "main", 2, 1)
    assert final.top == first.top
    play(first.match, 2)  # the director corrects: the other player won
    final = pairing(event, "main", 2, 1)
    assert final.top == first.bottom
    assert final.match.player1 == first.bottom.player
    assert not BracketConflict.objects.exists()
    logged = event.log.get(action="correction_applied")
    assert logged.actor == director_of(event)
    assert logged.before["winner"] == first.top_id and logged.after["winner"] == first.bottom_id


def test_correction_after_the_next_match_started_waits_for_the_director() -> None:
    event = make_event(4)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    first = pairing(event, "main", 1, 1)
    play(first.match, 1)
    play(pairing(event, "main", 1, 2).match, 1)
    final = pairing(event, "main", 2, 1)
    games_services.enter_game(match=final.match, by=director, winner=1, result="single")
    play(first.match, 2)
    final = pairing(event, "main", 2, 1)
    assert final.top == first.top  # unchanged: the director decides
    conflict = BracketConflict.objects.get()
    assert conflict.status == "open" and conflict.new_winner == first.bottom
    assert conflict.affected == [["main", 2, 1]]
    services.resolve_conflict(conflict=conflict, apply=True, actor=director)
    final = pairing(event, "main", 2, 1)
    assert final.top == first.bottom and final.match.player1 == first.bottom.player
    assert final.match.status == MatchStatus.READY


def test_keeping_the_bracket_as_played() -> None:
    event = make_event(4)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    first = pairing(event, "main", 1, 1)
    play(first.match, 1)
    play(pairing(event, "main", 1, 2).match, 1)
    final = pairing(event, "main", 2, 1)
    play(final.match, 1)
    play(first.match, 2)
    conflict = BracketConflict.objects.get()
    services.resolve_conflict(conflict=conflict, apply=False, actor=director)
    conflict.refresh_from_db()
    assert conflict.status == "kept" and conflict.resolved_by == director
    assert pairing(event, "main", 2, 1).winner == first.top


def test_consolation_and_last_chance_flights_fill_in() -> None:
    event = make_event(8, consolation="first_match_losers", last_chance=True)
    services.make_draw(tournament=event, actor=director_of(event))
    for number in range(1, 5):
        play(pairing(event, "main", 1, number).match, 1)
    consolation = Pairing.objects.filter(tournament=event, flight="consolation", round=1)
    assert consolation.count() == 2 and all(p.state == "ready" for p in consolation)
    for number in (1, 2):
        play(pairing(event, "main", 2, number).match, 1)
        play(pairing(event, "consolation", 1, number).match, 1)
    play(pairing(event, "consolation", 2, 1).match, 1)
    # entry to the last chance closed with consolation round 2: two main round-2 losers
    # and both consolation round-1 losers and the consolation finalist
    last_chance = Pairing.objects.filter(tournament=event, flight="last_chance")
    assert last_chance.exists()
    assert Entry.objects.filter(tournament=event, last_chance_seed__isnull=False).count() >= 2


def test_too_few_entrants_and_nothing_saved() -> None:
    event = make_event(1)
    with pytest.raises(DrawError) as error:
        services.make_draw(tournament=event, actor=director_of(event))
    assert error.value.code == "too_few_entrants"
    event.refresh_from_db()
    assert event.status == Tournament.Status.DRAFT and not event.pairings.exists()


def test_a_correction_that_turns_a_consolation_slot_into_a_bye_removes_its_unplayed_match() -> None:
    # 3 entrants in a 4-draw: seed 1 has a bye; 3 v 2 in round 1.
    event = make_event(3, consolation="first_match_losers")
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    play(pairing(event, "main", 1, 2).match, 1)
    final = pairing(event, "main", 2, 1)
    play(final.match, 2)  # seed 1 (the bye-holder) loses its first real match
    consolation = pairing(event, "consolation", 1, 1)
    assert consolation.state == "ready"  # seed 1 meets the round-1 loser
    unplayed = consolation.match.pk
    play(final.match, 1)  # corrected: seed 1 won the final after all
    consolation = pairing(event, "consolation", 1, 1)
    assert consolation.state == "bye" and consolation.match is None
    from games.models import Match
    assert not Match.objects.filter(pk=unplayed).exists()
