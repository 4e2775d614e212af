"""Groups then a knockout with the group stage in any group format (issue 16): Swiss
groups, and play-offs for a group's tied qualifying places before the knockout."""

from __future__ import annotations

import random
from collections import Counter, defaultdict

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from tests.support.clients import error_of
from tests.tournaments.test_formats_api import create
from tournaments.models import Entry, Pairing, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def director_api() -> APIClient:
    from tests.factories import ClubFactory, UserFactory

    api = APIClient()
    user = UserFactory()
    api.force_authenticate(user)
    ClubFactory(slug="riverside", directors=[user])
    return api


def run_groups(api: APIClient, pk: int, rng: random.Random) -> None:
    """Play every group round, ask for the knockout (after play-offs if any), play it."""
    assert api.post(f"/api/tournaments/{pk}/draw/").status_code == 201
    for _ in range(200):
        event = api.get(f"/api/tournaments/{pk}/").json()
        if event["status"] == "finished":
            return
        pairings = api.get(f"/api/tournaments/{pk}/pairings/").json()
        ready = [p for p in pairings if p["state"] == "ready"]
        for pairing in ready:
            length = pairing["match"]["length"]
            seat = rng.choice((1, 2))
            done = api.post(f"/api/pairings/{pairing['id']}/result/",
                            {"score1": length if seat == 1 else 0,
                             "score2": length if seat == 2 else 0, "reason": "sheet"},
                            format="json")
            assert done.status_code == 201, done.json()
        if ready:
            continue
        if event["draw_size"]:
            continue
        started = api.post(f"/api/tournaments/{pk}/next-round/", {}, format="json")
        if started.status_code == 409 and error_of(started)["code"] == "all_rounds_played":
            started = api.post(f"/api/tournaments/{pk}/next-round/", {"stage": "knockout"},
                               format="json")
        assert started.status_code == 200, started.json()
    raise AssertionError("the event never finished")


def test_swiss_groups_then_a_knockout_through_the_api(director_api: APIClient) -> None:
    pk = create(director_api, 10, format="groups_knockout", group_format="swiss", group_count=2,
                qualifiers_per_group=2, swiss_rounds=3)
    run_groups(director_api, pk, random.Random(3))
    event = Tournament.objects.get(pk=pk)
    group = event.pairings.filter(flight="group")
    assert {p.round for p in group} == {1, 2, 3}
    assert group.filter(round=1).count() == 6  # two groups of five: 2 matches and a bye each
    assert event.pairings.filter(flight="main").exists() and event.status == "finished"


# --- the property: any group format, random results ------------------------------------

def _play_ready(event: Tournament, rng: random.Random) -> int:
    from tests.tournaments.tournament_helpers import play

    ready = list(event.pairings.filter(state=Pairing.State.READY).select_related("match"))
    for pairing in ready:
        play(pairing.match, rng.choice((1, 2)))
    return len(ready)


def _run_groups_by_services(event: Tournament, rng: random.Random) -> tuple[str, set[int]]:
    """Play the group stage with random results; then ask for the knockout. Returns the
    knockout's answer and the rounds paired allowing repeats (the director's choice when
    a Swiss round cannot be paired without one)."""
    from tournaments import services
    from tournaments.errors import DrawError
    from tournaments.play.common import ActionError

    director = event.club.directors.first()
    services.make_draw(tournament=event, actor=director)
    with_repeats: set[int] = set()
    while True:
        _play_ready(event, rng)
        try:
            services.next_stage(tournament=event, actor=director)
        except ActionError as error:
            assert error.code in ("all_rounds_played", "no_round_to_start"), error.code
            break
        except DrawError as error:
            assert error.code == "no_new_pairings", error.code
            event.refresh_from_db()
            with_repeats.add(event.current_round + 1)
            services.next_stage(tournament=event, actor=director, allow_repeats=True)
    return services.next_stage(tournament=event, actor=director, stage="knockout")["stage"], with_repeats


@settings(max_examples=10, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                  HealthCheck.too_slow])
@given(data=st.data())
def test_each_group_keeps_its_formats_invariants_and_the_knockout_gets_its_qualifiers(data) -> None:
    from django.db import transaction

    from tests.tournaments.tournament_helpers import make_event
    from tournaments.draws.swiss import swiss_rounds
    from tournaments.play.groups import group_sizes
    from tournaments.play.tables import table_standings

    groups = data.draw(st.integers(1, 3), label="groups")
    entrants = data.draw(st.integers(max(4, 2 * groups), 11), label="entrants")
    smallest = min(group_sizes(entrants, groups))
    qualifiers = data.draw(st.integers(1 if groups > 1 else 2, min(smallest, 3)), label="qualifiers")
    group_format = data.draw(st.sampled_from(["round_robin", "swiss", "swiss"]), label="group format")
    # as many rounds as the smallest group allows, often: where rematches would show
    rounds = (data.draw(st.just(smallest - 1) | st.none() | st.integers(1, smallest - 1),
                        label="rounds")
              if group_format == "swiss" else None)
    rng = random.Random(data.draw(st.integers(0, 2**32), label="results"))
    with transaction.atomic():
        event = make_event(entrants, format=Tournament.Format.GROUPS_KNOCKOUT, group_count=groups,
                           qualifiers_per_group=qualifiers, group_format=group_format,
                           swiss_rounds=rounds)
        answer, with_repeats = _run_groups_by_services(event, rng)
        assert answer == "knockout"
        event.refresh_from_db()
        members = defaultdict(set)
        for entry in Entry.objects.filter(tournament=event):
            members[entry.group].add(entry.pk)
        assert sorted(len(m) for m in members.values()) == sorted(group_sizes(entrants, groups))
        played = list(event.pairings.filter(flight="group"))
        expected_rounds = (rounds or swiss_rounds(smallest)) if group_format == "swiss" else None
        for group, players in members.items():
            own = [p for p in played if p.group == group]
            by_round = defaultdict(list)
            for p in own:
                by_round[p.round].append(p)
                assert {p.top_id, p.bottom_id} - {None} <= players  # inside its group
            for round_pairings in by_round.values():  # nobody twice in a round
                seated = [s for p in round_pairings for s in (p.top_id, p.bottom_id) if s]
                assert len(seated) == len(set(seated)) == len(players)
            meetings = Counter(frozenset((p.top_id, p.bottom_id)) for p in own if p.bottom_id)
            if group_format == "round_robin":  # every pair once
                assert set(meetings) == {frozenset((a, b)) for a in players for b in players if a < b}
                assert set(meetings.values()) == {1}
            else:
                assert set(by_round) == set(range(1, expected_rounds + 1))
                byes = Counter(p.top_id for p in own if p.bottom_id is None)
                assert all(count == 1 for count in byes.values())  # at most one bye each
                rematches = [p for p in own if p.bottom_id and p.round not in with_repeats
                             and any(q.round < p.round and {q.top_id, q.bottom_id} == {p.top_id, p.bottom_id}
                                     for q in own)]
                assert not rematches
        expected = set()
        for group in members:
            rows = table_standings(event, group=group).rows
            expected |= {row.player for row in rows[:qualifiers]}
        knockout = set(Entry.objects.filter(tournament=event).exclude(position=None)
                       .values_list("pk", flat=True))
        first_round = {s for p in event.pairings.filter(flight="main", round=1)
                       for s in (p.top_id, p.bottom_id) if s}
        assert knockout == expected == first_round
        transaction.set_rollback(True)


# --- play-offs for a group's qualifying places ------------------------------------------

def _play(api: APIClient, pk: int, winner_of) -> int:
    """Enter ``winner_of(entry, entry)``'s win in every ready pairing; how many."""
    count = 0
    for pairing in api.get(f"/api/tournaments/{pk}/pairings/").json():
        if pairing["state"] != "ready":
            continue
        match = pairing["match"]
        seats = {seat: match[f"player{seat}"]["entry"] for seat in (1, 2)}
        seat = 1 if winner_of(seats[1], seats[2]) == seats[1] else 2
        done = api.post(f"/api/pairings/{pairing['id']}/result/",
                        {"score1": match["length"] if seat == 1 else 0,
                         "score2": match["length"] if seat == 2 else 0, "reason": "sheet"},
                        format="json")
        assert done.status_code == 201, done.json()
        count += 1
    return count


def test_a_tie_on_a_groups_qualifying_place_is_played_off_before_the_knockout(director_api) -> None:
    pk = create(director_api, 6, format="groups_knockout", group_count=2, qualifiers_per_group=1,
                tiebreaks=["wins"], playoff_places=1)
    assert director_api.post(f"/api/tournaments/{pk}/draw/").status_code == 201
    entries = director_api.get(f"/api/tournaments/{pk}/entries/").json()
    groups = defaultdict(list)
    for entry in sorted(entries, key=lambda e: e["seed"]):
        groups[entry["group"]].append(entry["id"])
    a, b, c = groups[1]  # group 1 goes round in a circle: a > b > c > a, all tied on one win
    circle = {frozenset((a, b)): a, frozenset((b, c)): b, frozenset((a, c)): c}
    best = groups[2][0]  # group 2: its top seed wins every match

    def group_results(x: int, y: int) -> int:
        return circle.get(frozenset((x, y))) or (best if best in (x, y) else min(x, y))

    director_api.post(f"/api/tournaments/{pk}/next-round/", {"through": 99}, format="json")
    assert _play(director_api, pk, group_results) == 6
    asked = director_api.post(f"/api/tournaments/{pk}/next-round/", {"stage": "knockout"},
                              format="json")
    assert asked.status_code == 200 and asked.json() == {"stage": "playoff"}
    event = Tournament.objects.get(pk=pk)
    playoffs = event.pairings.filter(flight="playoff")
    assert {p.group for p in playoffs} == {1} and playoffs.count() == 3  # group 2 has no tie
    assert not event.draw_size  # no knockout yet
    early = director_api.post(f"/api/tournaments/{pk}/next-round/", {"stage": "knockout"},
                              format="json")
    assert early.status_code == 409 and error_of(early)["code"] == "playoffs_not_finished"
    assert _play(director_api, pk, lambda x, y: c if c in (x, y) else min(x, y)) == 3
    drawn = director_api.post(f"/api/tournaments/{pk}/next-round/", {"stage": "knockout"},
                              format="json")
    assert drawn.status_code == 200 and drawn.json() == {"stage": "knockout"}
    final = Tournament.objects.get(pk=pk).pairings.get(flight="main")
    assert {final.top_id, final.bottom_id} == {c, best}  # the play-off winner qualified
    page = Client().get(reverse("tournaments:standings", args=[pk])).text
    assert 'data-testid="playoffs"' in page and "before the knockout is drawn" in page


@pytest.mark.parametrize("settings_, entrants, code, field", [
    ({"group_format": "swiss", "swiss_rounds": 3}, 6, "too_many_group_rounds", "swiss_rounds"),
    ({"group_format": "round_robin", "playoff_places": 4}, 6, "too_many_group_playoff_places",
     "playoff_places"),
])
def test_impossible_group_settings_are_refused_at_the_draw_naming_the_field(
        director_api, settings_, entrants, code, field) -> None:
    pk = create(director_api, entrants, format="groups_knockout", group_count=2, **settings_)
    refused = director_api.post(f"/api/tournaments/{pk}/draw/")
    assert refused.status_code in (400, 409) and error_of(refused)["code"] == code
    assert error_of(refused)["fields"] and field in error_of(refused)["fields"]
    event = Tournament.objects.get(pk=pk)
    assert event.status == "draft" and not event.pairings.exists()  # nothing half-drawn
    assert not event.entries.exclude(group=None).exists()


@pytest.mark.parametrize("body, field", [
    ({"group_format": "knockout"}, "group_format"),
    ({"group_format": "swiss", "swiss_rounds": 0}, "swiss_rounds"),
    ({"group_format": "swiss", "late_entry_rule": "seeded_last"}, "late_entry_rule"),
])
def test_bad_group_settings_are_refused_when_set(director_api, body, field) -> None:
    pk = create(director_api, 0, format="groups_knockout")
    before = director_api.get(f"/api/tournaments/{pk}/").json()
    refused = director_api.patch(f"/api/tournaments/{pk}/", body, format="json")
    assert refused.status_code in (400, 409), refused.json()
    assert field in (error_of(refused)["fields"] or {}), refused.json()
    assert director_api.get(f"/api/tournaments/{pk}/").json() == before  # nothing saved


def test_the_formats_list_and_the_schema_give_the_group_format(director_api) -> None:
    formats = {f["key"]: f for f in director_api.get("/api/tournaments/formats/").json()["formats"]}
    assert "group_format" in formats["groups_knockout"]["settings"]
    assert "playoff_places" in formats["groups_knockout"]["settings"]
    assert all("group_format" not in f["settings"] for key, f in formats.items()
               if key != "groups_knockout")
    schema = director_api.get("/api/schema/", {"format": "json"}).json()
    field = schema["components"]["schemas"]["TournamentCreateRequest"]["properties"]["group_format"]
    assert "swiss" in str(field) and "groups_knockout" in field.get("description", "") + str(field)


# --- the pages ----------------------------------------------------------------------------

def test_swiss_groups_from_the_pages(director_client_page) -> None:
    client, club = director_client_page
    settings_page = client.get(reverse("tournaments:format_settings"), {"format": "groups_knockout"}).text
    assert 'name="group_format"' in settings_page and "Swiss" in settings_page
    other = client.get(reverse("tournaments:format_settings"), {"format": "round_robin"}).text
    assert 'name="group_format"' not in other
    form = {"club": club.pk, "name": "Group Cup", "starts_on": "2026-12-01", "variant": "nardy",
            "is_public": "on", "format": "groups_knockout", "seeding": "rating", "seeded_top": 4,
            "main_lengths": "1, 1, 1", "table_length": 1, "tiebreak_order": "wins, buchholz",
            "group_format": "swiss", "cycles": 1, "swiss_rounds": 2, "group_count": 2,
            "qualifiers_per_group": 2, "playoff_places": ""}
    created = client.post(reverse("tournaments:tournament_create"), form)
    assert created.status_code == 302, created.text
    event = Tournament.objects.get(name="Group Cup")
    assert (event.group_format, event.swiss_rounds) == ("swiss", 2)
    for index in range(8):
        client.post(reverse("tournaments:console_add_entry", args=[event.pk]),
                    {"new_name": f"Player {index:02d}", "new_display_name": f"P{index:02d}"})
    client.post(reverse("tournaments:console_draw", args=[event.pk]))
    console = client.get(reverse("tournaments:console", args=[event.pk])).text
    assert "Pair the next round allowing repeats" in console and "Start every round" not in console
    rng = random.Random(5)
    for _ in range(40):
        event.refresh_from_db()
        if event.status == Tournament.Status.FINISHED:
            break
        ready = list(event.pairings.filter(state=Pairing.State.READY).select_related("match"))
        for pairing in ready:
            first_wins = rng.random() < 0.5
            client.post(reverse("tournaments:console_result", args=[event.pk, pairing.pk]), {
                "score1": 1 if first_wins else 0, "score2": 0 if first_wins else 1,
                "reason": "scoresheet"})
        if ready:
            continue
        if event.current_round < 2:
            client.post(reverse("tournaments:console_next_round", args=[event.pk]))
        else:
            answer = client.post(reverse("tournaments:console_next_round", args=[event.pk]),
                                 {"stage": "knockout"}, follow=True).text
            if not event.draw_size:
                assert "The knockout of the group qualifiers is drawn." in answer
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    assert set(event.pairings.filter(flight="group").values_list("round", flat=True)) == {1, 2}
    assert event.pairings.filter(flight="main").count() == 3  # 2 groups × 2 qualifiers
    crosstable = client.get(reverse("tournaments:crosstable", args=[event.pk])).text
    assert "Group 1" in crosstable and "Group 2" in crosstable


def test_too_many_swiss_group_rounds_are_refused_on_the_console(director_client_page) -> None:
    from tests.tournaments.tournament_helpers import make_event

    client, club = director_client_page
    event = make_event(6, director=club.directors.first(), format="groups_knockout",
                       group_format="swiss", group_count=2, swiss_rounds=3)
    page = client.post(reverse("tournaments:console_draw", args=[event.pk]), follow=True).text
    assert "The smallest group has 3 players" in page and "at most 2" in page
    event.refresh_from_db()
    assert event.status == "draft" and not event.pairings.exists()


@pytest.fixture
def director_client_page():
    from tests.factories import ClubFactory, UserFactory

    director = UserFactory()
    club = ClubFactory(directors=[director])
    client = Client()
    client.force_login(director)
    return client, club


def test_the_form_refuses_a_swiss_group_setting_with_a_sentence_and_saves_nothing(
        director_client_page) -> None:
    client, club = director_client_page
    form = {"club": club.pk, "name": "Bad Cup", "starts_on": "2026-12-01", "variant": "nardy",
            "format": "groups_knockout", "seeding": "rating", "seeded_top": 4,
            "main_lengths": "1, 1, 1", "table_length": 1, "tiebreak_order": "wins",
            "group_format": "swiss", "cycles": 1, "swiss_rounds": 0, "group_count": 2,
            "qualifiers_per_group": 2, "late_entry_rule": "none"}
    page = client.post(reverse("tournaments:tournament_create"), form)
    assert page.status_code == 200 and "at least one round" in page.text
    assert "Swiss groups: the rounds each group plays" in page.text
    assert not Tournament.objects.filter(name="Bad Cup").exists()


def test_the_rounds_of_swiss_groups_under_way_stay_between_those_paired_and_the_groups_size(
        director_api) -> None:
    pk = create(director_api, 8, format="groups_knockout", group_format="swiss", group_count=2,
                swiss_rounds=2)
    assert director_api.post(f"/api/tournaments/{pk}/draw/").status_code == 201
    for rounds in (4, None):  # groups of four: three opponents each; empty once drawn
        refused = director_api.patch(f"/api/tournaments/{pk}/", {"swiss_rounds": rounds},
                                     format="json")
        assert refused.status_code in (400, 409), refused.json()
        assert "swiss_rounds" in error_of(refused)["fields"]
    assert Tournament.objects.get(pk=pk).swiss_rounds == 2
    changed = director_api.patch(f"/api/tournaments/{pk}/", {"swiss_rounds": 3}, format="json")
    assert changed.status_code == 200 and changed.json()["swiss_rounds"] == 3
