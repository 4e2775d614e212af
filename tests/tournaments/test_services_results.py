"""The results flow through the database, seen from the tournament."""

from decimal import Decimal

import pytest

from games import services as games_services
from games.models import MatchResult, ResultChange
from games.services import NotAllowed, ServiceError
from tests.games.match_factories import confirm_at_once
from tests.tournaments.tournament_helpers import director_of, make_event, pairing, play
from tournaments import services
from tournaments.errors import DrawError
from tournaments.models import Pairing, Tournament
from tournaments.services import ActionError

pytestmark = pytest.mark.postgres  # row locks and the results flow: run on PostgreSQL too


def _event(entrants: int = 4) -> Tournament:
    event = make_event(entrants, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    return event


@pytest.mark.django_db
def test_enter_then_the_opponent_confirms_and_the_winner_advances() -> None:
    event = _event()
    first = pairing(event, "main", 1, 1)
    length = Decimal(first.match.length)
    result = games_services.enter_final_score(
        match=first.match, by=first.top.player.user, score1=length, score2=Decimal(2)
    )
    assert pairing(event, "main", 1, 1).state == "ready"  # only proposed so far
    with pytest.raises(NotAllowed):
        games_services.confirm_result(result=result, by=first.top.player.user)
    games_services.confirm_result(result=result, by=first.bottom.player.user)
    assert pairing(event, "main", 1, 1).winner == first.top
    assert pairing(event, "main", 2, 1).top == first.top
    actions = list(ResultChange.objects.filter(match=first.match).values_list("action", flat=True))
    assert actions == ["proposed", "confirmed"]


@pytest.mark.django_db
def test_a_disputed_result_does_not_move_the_bracket_until_a_director_settles_it() -> None:
    event = _event()
    first = pairing(event, "main", 1, 1)
    length = Decimal(first.match.length)
    result = games_services.enter_final_score(
        match=first.match, by=first.top.player.user, score1=length, score2=Decimal(0)
    )
    games_services.dispute_result(result=result, by=first.bottom.player.user, reason="I won")
    assert pairing(event, "main", 1, 1).state == "ready"
    services.director_result(pairing=first, by=director_of(event), score1=Decimal(1),
                             score2=length, reason="checked the scoresheet")
    settled = pairing(event, "main", 1, 1)
    assert settled.state == "decided" and settled.winner == first.bottom
    override = ResultChange.objects.filter(match=first.match, action="overridden").get()
    assert override.reason == "checked the scoresheet" and override.actor == director_of(event)


@pytest.mark.django_db
@pytest.mark.parametrize("scores", [(7, 7), (2, 1), (-1, 5)])
def test_impossible_scores_are_refused_and_nothing_is_saved(scores: tuple[int, int]) -> None:
    event = _event(2)
    final = pairing(event, "main", 1, 1)
    assert final.match.length == 7
    with pytest.raises(ServiceError):
        games_services.enter_final_score(match=final.match, by=final.top.player.user,
                                         score1=Decimal(scores[0]), score2=Decimal(scores[1]))
    assert not MatchResult.objects.filter(match=final.match).exists()
    assert pairing(event, "main", 1, 1).state == "ready"


@pytest.mark.django_db
def test_no_result_for_a_match_that_is_not_ready_or_already_confirmed() -> None:
    event = _event(4)
    waiting = pairing(event, "main", 2, 1)
    assert waiting.state == "waiting" and waiting.match is None
    with pytest.raises(ServiceError) as error:
        services.director_result(pairing=waiting, by=director_of(event), score1=Decimal(7),
                                 score2=Decimal(0), reason="x")
    assert error.value.code == "no_match"
    first = pairing(event, "main", 1, 1)
    play(first.match, 1)
    with pytest.raises(ServiceError) as error:
        games_services.enter_final_score(match=first.match, by=first.bottom.player.user,
                                         score1=Decimal(0), score2=Decimal(first.match.length))
    assert error.value.code == "already_confirmed"
    assert pairing(event, "main", 1, 1).winner == first.top


@pytest.mark.django_db
def test_a_player_entered_twice_is_refused() -> None:
    event = make_event(2)
    player = event.entries.first().player
    with pytest.raises(ActionError) as error:
        services.add_entry(tournament=event, player=player, actor=director_of(event))
    assert error.value.code == "already_entered" and event.entries.count() == 2


@pytest.mark.django_db
def test_no_entries_once_the_draw_is_made() -> None:
    event = _event(2)
    with pytest.raises(ActionError) as error:
        services.add_entry(tournament=event, player=make_event(1).entries.get().player,
                           actor=director_of(event))
    assert error.value.code == "wrong_status"


@pytest.mark.django_db
def test_round_robin_results_make_standings_and_finish_the_event() -> None:
    event = make_event(3, format=Tournament.Format.ROUND_ROBIN)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    services.start_round(tournament=event, actor=director, through=3)
    pairings = list(event.pairings.select_related("match", "top", "bottom"))
    assert sum(p.state == "bye" for p in pairings) == 3  # one bye per round with 3 players
    for p in pairings:
        if p.match is not None:
            play(p.match, 1 if p.top.seed < p.bottom.seed else 2)  # the better seed wins
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    places = {e.seed: e.place_first for e in event.entries.all()}
    assert places == {1: 1, 2: 2, 3: 3}


@pytest.mark.django_db
def test_swiss_rounds_are_paired_after_each_round() -> None:
    event = make_event(6, format=Tournament.Format.SWISS, swiss_rounds=3)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    with pytest.raises(ActionError):
        services.make_swiss_round(tournament=event, actor=director)  # round 1 not finished
    for round_number in (1, 2, 3):
        for p in event.pairings.filter(round=round_number, state="ready").select_related("match"):
            play(p.match, 1)
        if round_number < 3:
            services.make_swiss_round(tournament=event, actor=director)
    pairs = [frozenset((p.top_id, p.bottom_id)) for p in event.pairings.all()]
    assert len(pairs) == len(set(pairs)) == 9  # no repeat pairings
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED


@pytest.mark.django_db
def test_groups_then_a_knockout_of_the_top_two() -> None:
    event = make_event(8, format=Tournament.Format.GROUPS_KNOCKOUT, group_count=2)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    services.start_round(tournament=event, actor=director, through=3)
    with pytest.raises(ActionError):
        services.make_group_knockout(tournament=event, actor=director)
    for p in event.pairings.filter(state="ready").select_related("match", "top", "bottom"):
        play(p.match, 1 if p.top.seed < p.bottom.seed else 2)
    services.make_group_knockout(tournament=event, actor=director)
    semis = list(event.pairings.filter(flight="main", round=1).select_related("top", "bottom"))
    assert len(semis) == 2
    # A1 v B2 and B1 v A2: group winners are seeds 1 and 2
    assert {(p.top.group, p.bottom.group) for p in semis} == {(1, 2), (2, 1)}
    assert all(p.state == "ready" for p in semis)
    for p in semis:
        play(pairing(event, "main", 1, p.number).match, 1)
    play(pairing(event, "main", 2, 1).match, 1)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    places = sorted(event.entries.values_list("place_first", "place_last"))
    assert places == [(1, 1), (2, 2), (3, 4), (3, 4)] + [(5, 8)] * 4


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_confirmations_racing_make_one_official_result() -> None:
    """Two threads, two connections (SQLite: IMMEDIATE transactions; PostgreSQL: row locks)."""
    event = _event(4)
    first = pairing(event, "main", 1, 1)
    result = games_services.enter_final_score(
        match=first.match, by=first.top.player.user,
        score1=Decimal(first.match.length), score2=Decimal(0),
    )
    outcomes = confirm_at_once(result, [first.bottom.player.user, director_of(event)])
    assert sorted(outcomes) == ["already_confirmed", "ok"]
    assert MatchResult.objects.filter(match=first.match, status="confirmed").count() == 1
    assert pairing(event, "main", 2, 1).top == first.top
    assert Pairing.objects.filter(tournament=event, state="decided").count() == 1


@pytest.mark.django_db
def test_confirming_a_stale_copy_twice_advances_once() -> None:
    """The same race, serialised: the second confirmation finds the result already official."""
    event = _event(4)
    first = pairing(event, "main", 1, 1)
    result = games_services.enter_final_score(
        match=first.match, by=first.top.player.user,
        score1=Decimal(first.match.length), score2=Decimal(0),
    )
    stale = MatchResult.objects.get(pk=result.pk)
    games_services.confirm_result(result=result, by=first.bottom.player.user)
    with pytest.raises(ServiceError) as error:
        games_services.confirm_result(result=stale, by=director_of(event))
    assert error.value.code == "already_confirmed"
    assert MatchResult.objects.filter(match=first.match, status="confirmed").count() == 1
    assert event.log.filter(action__startswith="correction").count() == 0


@pytest.mark.django_db
def test_fewer_than_two_entrants_for_a_round_robin() -> None:
    event = make_event(1, format=Tournament.Format.ROUND_ROBIN)
    with pytest.raises(DrawError) as error:
        services.make_draw(tournament=event, actor=director_of(event))
    assert error.value.code == "too_few_entrants"
    assert not event.pairings.exists() and event.entries.get().seed is None


@pytest.mark.django_db
def test_a_walkover_advances_the_present_player_without_a_rated_match() -> None:
    event = _event(4)
    first = pairing(event, "main", 1, 1)
    match_id = first.match.pk
    services.award_walkover(pairing=first, winner=first.bottom, actor=director_of(event))
    first = pairing(event, "main", 1, 1)
    assert first.state == "decided" and first.winner == first.bottom and first.match is None
    from games.models import Match
    assert not Match.objects.filter(pk=match_id).exists()
    assert pairing(event, "main", 2, 1).top == first.bottom
    with pytest.raises(ActionError) as error:
        services.award_walkover(pairing=first, winner=first.top, actor=director_of(event))
    assert error.value.code == "match_not_ready"


@pytest.mark.django_db
def test_no_walkover_once_the_match_has_started() -> None:
    event = _event(2)
    final = pairing(event, "main", 1, 1)
    games_services.enter_game(match=final.match, by=director_of(event), winner=1, result="single")
    with pytest.raises(ActionError) as error:
        services.award_walkover(pairing=final, winner=final.top, actor=director_of(event))
    assert error.value.code == "match_started"
    assert pairing(event, "main", 1, 1).state == "ready"


@pytest.mark.django_db
def test_a_round_robin_walkover_counts_as_a_win_but_not_for_points() -> None:
    from tournaments.play.tables import table_standings

    event = make_event(2, format=Tournament.Format.ROUND_ROBIN)
    services.make_draw(tournament=event, actor=director_of(event))
    only = event.pairings.select_related("top", "bottom").get()
    services.award_walkover(pairing=only, winner=only.top, actor=director_of(event))
    rows = table_standings(event).rows
    assert rows[0].player == only.top_id and rows[0].values["wins"] == 1
    assert rows[0].values["points_scored"] == 0
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
