"""Late entries after the draw, per format (issue 15): the rules each format applies,
penalty points taken off the match wins in the standings, a round robin's free place,
a double elimination's bye, and refusals that name the field and save nothing."""

from __future__ import annotations

import pytest
from django.db.models import Q
from django.urls import reverse

from tests.factories import PlayerFactory
from tests.support.clients import api_client, error_field, error_of, page_client
from tests.tournaments.tournament_helpers import director_of, make_event, play
from tournaments import services
from tournaments.errors import StandingsError, TournamentError
from tournaments.models import Entry, Pairing, Tournament
from tournaments.play import round_robin, walkovers
from tournaments.standings import MatchResult, compute_standings

pytestmark = pytest.mark.django_db


def code_of(call) -> tuple[str, object]:
    with pytest.raises(TournamentError) as caught:
        call()
    return caught.value.code, caught.value.params.get("field")


def enter_late(event: Tournament, name: str = "Late") -> Entry:
    return walkovers.late_entry(tournament=event, player=PlayerFactory(display_name=name),
                                by=director_of(event))


def play_round(event: Tournament) -> None:
    """The top player wins every ready match of the event."""
    for pairing in Pairing.objects.filter(tournament=event, state="ready").select_related("match"):
        play(pairing.match, 1)


# --- the standings core -------------------------------------------------------------------


def test_penalty_points_come_off_the_match_wins_only() -> None:
    # two rounds: A beats B and C; C beats D; B beats D
    results = [MatchResult("A", "B", "A"), MatchResult("C", "D", "C"), MatchResult("A", "C", "A"),
               MatchResult("B", "D", "B")]
    players = ["A", "B", "C", "D"]
    plain = compute_standings(players, results, ("wins", "buchholz"))
    assert plain.rows[0].player == "A" and plain.rows[0].penalty == 0
    penalised = compute_standings(players, results, ("wins", "buchholz"), penalties={"A": 2})
    rows = {row.player: row for row in penalised.rows}
    assert (rows["A"].values["wins"], rows["A"].penalty) == (0, 2)
    assert rows["A"].place > rows["B"].place and rows["A"].place > rows["C"].place
    # the opponents' Buchholz still counts A's two wins as won
    before = {row.player: row for row in plain.rows}
    assert rows["B"].values["buchholz"] == before["B"].values["buchholz"]
    with pytest.raises(StandingsError):
        compute_standings(["A", "B"], [], ("wins",), penalties={"A": -1})


# --- the rules each format applies ----------------------------------------------------------


def test_a_rule_the_format_cannot_apply_is_refused_naming_the_field() -> None:
    before = Tournament.objects.count()
    for options in ({"format": "round_robin", "late_entry_rule": "consolation"},
                    {"format": "double_elimination", "late_entry_rule": "penalty"},
                    {"format": "swiss", "late_entry_rule": "consolation"},
                    {"format": "knockout", "late_entry_rule": "penalty"}):
        code, field = code_of(lambda options=options: make_event(0, **options))
        assert (code, field) == ("late_entry_rule_not_in_format", "late_entry_rule"), options
    code, field = code_of(lambda: make_event(0, late_entry_rule="consolation", consolation="none"))
    assert (code, field) == ("late_entry_needs_consolation", "late_entry_rule")
    code, _ = code_of(lambda: make_event(0, format="swiss", late_entry_rule="penalty",
                                         tiebreaks=["buchholz", "points_difference"]))
    assert code == "late_entry_penalty_needs_wins"
    assert Tournament.objects.count() == before
    event = make_event(4, format="round_robin")
    code, field = code_of(lambda: services.update_tournament(
        tournament=event, actor=director_of(event), name="Renamed", late_entry_rule="consolation"))
    assert (code, field) == ("late_entry_rule_not_in_format", "late_entry_rule")
    event.refresh_from_db()
    assert (event.name, event.late_entry_rule) == ("Test Open", "none")


# --- Swiss ----------------------------------------------------------------------------------


def test_swiss_penalty_points_are_taken_off_in_the_standings_and_the_next_round() -> None:
    event = make_event(5, format="swiss", late_entry_rule="penalty", late_entry_penalty=1,
                       swiss_rounds=3)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    play_round(event)
    late = enter_late(event)
    assert (late.late, late.penalty_points) == (True, 1)
    services.next_stage(tournament=event, actor=director)
    assert Pairing.objects.filter(Q(top=late) | Q(bottom=late), tournament=event, round=2).exists()
    play_round(event)
    standings = round_robin.table_standings(event, flight="swiss")
    row = next(row for row in standings.rows if row.player == late.pk)
    won = Pairing.objects.filter(tournament=event, winner=late).count()
    assert (row.penalty, row.values["wins"]) == (1, won - 1)


def test_swiss_refuses_a_late_entry_when_no_round_is_left() -> None:
    event = make_event(4, format="swiss", late_entry_rule="seeded_last", swiss_rounds=1)
    services.make_draw(tournament=event, actor=director_of(event))
    entries = Entry.objects.filter(tournament=event).count()
    code, _ = code_of(lambda: enter_late(event))
    assert code == "no_round_left" and Entry.objects.filter(tournament=event).count() == entries


def test_swiss_until_n_losses_takes_a_late_entry_into_the_next_round() -> None:
    event = make_event(5, format="swiss_losses", late_entry_rule="seeded_last", losses_limit=2)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    play_round(event)
    late = enter_late(event)
    services.next_stage(tournament=event, actor=director)
    assert Pairing.objects.filter(Q(top=late) | Q(bottom=late), tournament=event, round=2).exists()


# --- round robin ----------------------------------------------------------------------------


def test_a_round_robin_late_entrant_takes_the_byes_still_to_play() -> None:
    event = make_event(5, format="round_robin", late_entry_rule="penalty", late_entry_penalty=1)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    play_round(event)
    round_robin.start_round(tournament=event, actor=director)  # round 2 under way
    round_one_bye = Pairing.objects.get(tournament=event, flight="group", round=1, state="bye")
    late = enter_late(event)
    assert late.group == 1 and late.penalty_points == 1
    # round 1 was missed: its bye holder keeps the bye; from round 2 on the late entrant
    # plays the player who had the bye
    round_one_bye.refresh_from_db()
    assert round_one_bye.state == "bye" and round_one_bye.bottom_id is None
    assert not Pairing.objects.filter(tournament=event, round__gte=2, state="bye").exists()
    current = Pairing.objects.get(tournament=event, round=2, bottom=late)
    assert current.state == "ready" and current.match is not None
    later = Pairing.objects.filter(tournament=event, round__gt=2, bottom=late)
    assert later.count() == 3 and {p.state for p in later} == {"waiting"}
    opponents = {p.top_id for p in Pairing.objects.filter(tournament=event, bottom=late)}
    assert len(opponents) == 4 and round_one_bye.top_id not in opponents
    play(current.match, 2)  # the late entrant wins: 1 win less 1 penalty point
    standings = round_robin.table_standings(event, group=1)
    row = next(row for row in standings.rows if row.player == late.pk)
    assert (row.values["wins"], row.penalty) == (0, 1)


def test_a_round_robin_without_a_free_place_refuses_and_saves_nothing() -> None:
    event = make_event(4, format="round_robin", late_entry_rule="seeded_last")
    services.make_draw(tournament=event, actor=director_of(event))
    pairings = list(Pairing.objects.filter(tournament=event).values_list("pk", "state", "bottom"))
    code, _ = code_of(lambda: enter_late(event))
    assert code == "no_free_place"
    assert Entry.objects.filter(tournament=event, late=True).count() == 0
    assert list(Pairing.objects.filter(tournament=event).values_list("pk", "state", "bottom")) == pairings


# --- double elimination ---------------------------------------------------------------------


def test_a_double_elimination_late_entrant_takes_the_lowest_seeds_bye() -> None:
    event = make_event(6, format="double_elimination", late_entry_rule="seeded_last")
    services.make_draw(tournament=event, actor=director_of(event))  # 8-draw: seeds 1, 2 have byes
    late = enter_late(event)
    assert late.seed == 7 and late.position is not None
    match_of_late = Pairing.objects.get(Q(top=late) | Q(bottom=late), tournament=event,
                                        flight="main", round=1)
    assert match_of_late.state == "ready"
    opponent = match_of_late.top if match_of_late.bottom_id == late.pk else match_of_late.bottom
    assert opponent.seed == 2 and match_of_late.match is not None
    assert Pairing.objects.filter(tournament=event, flight="main", round=1, state="bye").count() == 1


def test_a_double_elimination_bye_stays_open_after_round_one_and_its_losers_slot_reopens() -> None:
    event = make_event(6, format="double_elimination", late_entry_rule="seeded_last")
    services.make_draw(tournament=event, actor=director_of(event))
    play_round(event)  # winners' round 1: the bye's losers' round-1 partner walks through
    walked = set(Pairing.objects.filter(tournament=event, flight="losers", round=1, state="bye")
                 .values_list("number", flat=True))
    late = enter_late(event)
    first = Pairing.objects.get(Q(top=late) | Q(bottom=late), tournament=event, flight="main",
                                round=1)
    assert first.state == "ready" and first.match is not None
    fed = Pairing.objects.get(tournament=event, flight="losers", round=1, number=(first.number + 1) // 2)
    assert fed.number in walked and fed.state == "waiting"  # now waits for the new match's loser


def test_a_double_elimination_bye_whose_next_matches_were_played_is_closed() -> None:
    event = make_event(6, format="double_elimination", late_entry_rule="seeded_last")
    services.make_draw(tournament=event, actor=director_of(event))
    play_round(event)  # round 1: the losers drop; the byes' losers' slots let the others through
    play_round(event)  # winners' round 2 and the losers' bracket's first real matches
    code, _ = code_of(lambda: enter_late(event))
    assert code == "no_open_place"


# --- the API and the pages ------------------------------------------------------------------


def test_the_api_names_the_field_shows_penalties_and_lists_each_formats_rules() -> None:
    formats = api_client().get("/api/tournaments/formats/").json()["formats"]
    rules = {f["key"]: f["late_entry_rules"] for f in formats}
    assert rules["knockout"] == ["none", "seeded_last", "consolation"]
    assert rules["double_elimination"] == ["none", "seeded_last"]
    assert "penalty" in rules["round_robin"] and "penalty" in rules["swiss"]
    event = make_event(5, format="round_robin")
    api = api_client(director_of(event))
    refused = api.patch(f"/api/tournaments/{event.pk}/", {"late_entry_rule": "consolation"},
                        format="json")
    assert refused.status_code == 409 and error_field(refused) == "late_entry_rule"
    assert error_of(refused)["code"] == "late_entry_rule_not_in_format"
    event.refresh_from_db()
    assert event.late_entry_rule == "none"
    taken = api.patch(f"/api/tournaments/{event.pk}/",
                      {"late_entry_rule": "penalty", "late_entry_penalty": 2}, format="json")
    assert taken.status_code == 200, taken.json()
    services.make_draw(tournament=event, actor=director_of(event))
    late_player = PlayerFactory(display_name="Lena")
    entered = api.post("/api/registrations/late/", {"tournament": event.pk, "player": late_player.pk},
                       format="json")
    assert entered.status_code == 201, entered.json()
    assert (entered.json()["late"], entered.json()["penalty_points"]) == (True, 2)
    standings = api_client().get(f"/api/tournaments/{event.pk}/standings/").json()
    (group,) = standings["groups"]
    row = next(row for row in group["rows"] if row["player"]["id"] == late_player.pk)
    assert row["penalty"] == 2 and row["values"]["wins"] == -2
    assert any("Lena" in sentence and "2 penalty points" in sentence for sentence in group["penalties"])


def test_the_standings_page_explains_the_penalty_and_the_desk_form_names_the_field() -> None:
    event = make_event(5, format="swiss", late_entry_rule="penalty", late_entry_penalty=1)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    play_round(event)
    enter_late(event, "Lena")
    page = page_client(None).get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    assert "Lena entered late: 1 penalty point is taken off their match wins." in page
    assert 'class="penalty"' in page
    desk = page_client(director)
    answer = desk.post(reverse("tournaments:desk_settings", args=[event.pk]),
                       {"late_entry_rule": "consolation", "late_entry_penalty": "0"})
    assert answer.status_code == 400
    assert "Late entries" in answer.content.decode() and "cannot apply the rule" in answer.content.decode()
    event.refresh_from_db()
    assert event.late_entry_rule == "penalty"
