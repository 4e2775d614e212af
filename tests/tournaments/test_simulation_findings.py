"""Bugs the event simulation (test_event_simulation.py) found, each pinned by a short
scenario through the API: the director and the players do what they did there."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.support.clients import api_client, error_of
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def director() -> APIClient:
    user = UserFactory()
    ClubFactory(slug="riverside", directors=[user])
    return api_client(user)


def create(api: APIClient, **settings: Any) -> int:
    body = {"club": "riverside", "name": "Cup", "starts_on": "2026-11-21", "variant": "nardy",
            **settings}
    created = api.post("/api/tournaments/", body, format="json")
    assert created.status_code == 201, created.json()
    return created.json()["id"]


def enter(api: APIClient, pk: int, count: int) -> list[int]:
    ids = []
    for index in range(count):
        player = PlayerFactory(display_name=f"P{index}")
        answer = api.post(f"/api/tournaments/{pk}/entries/", {"player": player.pk})
        assert answer.status_code == 201, answer.json()
        ids.append(answer.json()["id"])
    return ids


@pytest.mark.parametrize("event_format", ["knockout", "round_robin", "swiss"])
@pytest.mark.parametrize("how", ["withdrew", "no_show"])
def test_manual_seeds_close_up_when_a_seeded_player_leaves_before_the_draw(director, event_format,
                                                                          how):
    """Seeds 1..5 given by hand, then seed 2 withdrew (or did not check in): the draw
    seeds the four others 1..4 in the same order (it answered 409 seed_out_of_range, and
    a no-show's gap could not even be seen before the draw)."""
    settings: dict[str, Any] = {"format": event_format, "seeding": "manual"}
    if how == "no_show":
        now = timezone.now()
        settings["check_in_opens_at"] = (now - timezone.timedelta(hours=1)).isoformat()
        settings["check_in_closes_at"] = (now + timezone.timedelta(hours=1)).isoformat()
    pk = create(director, **settings)
    ids = enter(director, pk, 5)
    seeds = {str(entry): seed for seed, entry in enumerate(ids, start=1)}
    assert director.post(f"/api/tournaments/{pk}/seeds/", {"seeds": seeds},
                         format="json").status_code == 200
    if how == "withdrew":
        assert director.post(f"/api/desk/{ids[1]}/withdraw/").status_code == 200
    else:
        for entry in ids[:1] + ids[2:]:
            assert director.post(f"/api/desk/{entry}/check-in/", {}).status_code == 200
    drawn = director.post(f"/api/tournaments/{pk}/draw/")
    assert drawn.status_code == 201, drawn.json()
    playing = Entry.objects.filter(tournament_id=pk, withdrawn=False).order_by("seed")
    assert [e.pk for e in playing] == [ids[0], *ids[2:]]
    assert [e.seed for e in playing] == [1, 2, 3, 4]
    assert Tournament.objects.get(pk=pk).status == "running"


def test_manual_seeds_still_missing_are_refused_with_a_sentence(director):
    pk = create(director, format="knockout", seeding="manual")
    ids = enter(director, pk, 3)
    director.post(f"/api/tournaments/{pk}/seeds/", {"seeds": {str(ids[0]): 1}}, format="json")
    refused = director.post(f"/api/tournaments/{pk}/draw/")
    assert refused.status_code == 409
    assert error_of(refused)["code"] == "seed_missing"
    assert error_of(refused)["message"].endswith(".")


def play_ready(api: APIClient, pk: int) -> list[dict]:
    """The director enters a result for every ready match: the top player wins."""
    ready = [p for p in api.get(f"/api/tournaments/{pk}/pairings/").json() if p["state"] == "ready"]
    for pairing in ready:
        match = pairing["match"]
        top_seat = 1 if match["player1"]["entry"] == pairing["top"]["id"] else 2
        scores = {f"score{top_seat}": match["length"], f"score{3 - top_seat}": 0}
        answer = api.post(f"/api/pairings/{pairing['id']}/result/", {**scores, "reason": "sheet"},
                          format="json")
        assert answer.status_code == 201, answer.json()
    return ready


def test_a_withdrawal_that_leaves_one_player_under_the_losses_limit_finishes_the_event(director):
    """Swiss until 1 loss, three players: after round 1 the winner and the bye holder are
    still in; the bye holder withdraws between rounds. The event is over: it finishes
    (it stayed running while next-round answered "The event is over")."""
    pk = create(director, format="swiss_losses", losses_limit=1, seeding="rating")
    ids = enter(director, pk, 3)
    assert director.post(f"/api/tournaments/{pk}/draw/").status_code == 201
    [played] = play_ready(director, pk)
    bye = next(e for e in ids if e not in (played["top"]["id"], played["bottom"]["id"]))
    assert director.post(f"/api/desk/{bye}/withdraw/").status_code == 200
    event = director.get(f"/api/tournaments/{pk}/").json()
    assert event["status"] == "finished"
    places = director.get(f"/api/tournaments/{pk}/standings/").json()["places"]
    assert [(p["entry"], p["place_first"]) for p in places if p["place_first"] == 1] == [
        (played["top"]["id"], 1)]


def test_a_group_short_of_qualifiers_sends_those_it_has_to_the_knockout(director):
    """Four groups of two, two qualifiers each; both players of one group and one of
    another withdraw. The knockout is drawn with byes for the missing qualifiers (it
    answered 409 uneven_qualifiers for ever: the event could not go on)."""
    pk = create(director, format="groups_knockout", group_count=4, qualifiers_per_group=2,
                seeding="rating")
    ids = enter(director, pk, 8)
    assert director.post(f"/api/tournaments/{pk}/draw/").status_code == 201
    group_of = {e["id"]: e["group"] for e in director.get(f"/api/tournaments/{pk}/entries/").json()}
    groups: dict[int, list[int]] = {}
    for entry in ids:
        groups.setdefault(group_of[entry], []).append(entry)
    (first, second, *_rest) = sorted(groups)
    gone = [*groups[first], groups[second][0]]
    play_ready(director, pk)
    for entry in gone:
        assert director.post(f"/api/desk/{entry}/withdraw/").status_code == 200
    while director.post(f"/api/tournaments/{pk}/next-round/", {}, format="json").status_code == 200:
        play_ready(director, pk)
    drawn = director.post(f"/api/tournaments/{pk}/next-round/", {"stage": "knockout"},
                          format="json")
    assert drawn.status_code == 200, drawn.json()
    assert drawn.json() == {"stage": "knockout"}
    bracket = [p for p in director.get(f"/api/tournaments/{pk}/pairings/").json()
               if p["flight"] == "main"]
    in_bracket = {side["id"] for p in bracket for side in (p["top"], p["bottom"]) if side}
    assert not in_bracket & set(gone) and len(in_bracket) >= 5
    while play_ready(director, pk):
        pass
    assert director.get(f"/api/tournaments/{pk}/").json()["status"] == "finished"
    places = director.get(f"/api/tournaments/{pk}/standings/").json()["places"]
    assert min(p["place_first"] for p in places) == 1
    assert not {p["entry"] for p in places} & set(gone)


def test_when_withdrawals_leave_one_player_for_the_knockout_the_event_finishes(director):
    pk = create(director, format="groups_knockout", group_count=2, qualifiers_per_group=1,
                seeding="rating")
    ids = enter(director, pk, 4)
    assert director.post(f"/api/tournaments/{pk}/draw/").status_code == 201
    play_ready(director, pk)
    while director.post(f"/api/tournaments/{pk}/next-round/", {}, format="json").status_code == 200:
        play_ready(director, pk)
    group_of = {e["id"]: e["group"] for e in director.get(f"/api/tournaments/{pk}/entries/").json()}
    lonely = [e for e in ids if group_of[e] == group_of[ids[0]]]
    for entry in lonely:
        assert director.post(f"/api/desk/{entry}/withdraw/").status_code == 200
    finished = director.post(f"/api/tournaments/{pk}/next-round/", {"stage": "knockout"},
                             format="json")
    assert finished.status_code == 200 and finished.json() == {"stage": "finished"}
    event = director.get(f"/api/tournaments/{pk}/").json()
    assert event["status"] == "finished"
    places = director.get(f"/api/tournaments/{pk}/standings/").json()["places"]
    assert [p["place_first"] for p in places].count(1) == 1
    assert director.get(f"/tournaments/{pk}/bracket/").status_code == 200


def test_missing_qualifiers_are_byes_that_never_meet() -> None:
    import random

    from tournaments.draws.round_robin import knockout_positions_short

    rng = random.Random(7)
    for _ in range(300):
        groups, per_group = rng.randint(1, 8), rng.randint(1, 4)
        players = iter(range(1, 1000))
        qualifiers = [[next(players) for _ in range(rng.randint(0, per_group))]
                      for _ in range(groups)]
        real = [p for group in qualifiers for p in group]
        if len(real) < 2:
            continue
        positions = knockout_positions_short(qualifiers, per_group)
        size = len(positions)
        assert size >= 2 and size & (size - 1) == 0
        assert sorted(p for p in positions if p is not None) == sorted(real)
        assert all(positions[i] is not None or positions[i + 1] is not None
                   for i in range(0, size, 2)), (qualifiers, positions)


def test_a_correction_applied_after_later_matches_were_played_replays_them_too() -> None:
    """A late correction left open while the next round went on: applying it must detach
    every match it now reaches, not only those it reached when it was made. Before, the
    final played meanwhile stayed 'ready' with its finished match: nobody could enter a
    result (409 already_confirmed) and the event could never finish (seed 4039)."""
    from tests.tournaments.tournament_helpers import director_of, make_event, play
    from tournaments import services
    from tournaments.models import BracketConflict, Pairing
    from tournaments.play.knockout import resolve_conflict

    event = make_event(8)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    quarters = list(event.pairings.filter(flight="main", round=1).select_related("match"))
    for quarter in quarters:
        play(quarter.match, 1)
    semi = event.pairings.select_related("match").get(flight="main", round=2, number=1)
    play(semi.match, 1)
    play(quarters[0].match, 2)  # a late correction: the semi-final it reaches is decided
    conflict = BracketConflict.objects.get(tournament=event, status="open")
    assert conflict.affected == [["main", 2, 1]]
    # the event goes on meanwhile: the other semi-final, then the final
    play(event.pairings.select_related("match").get(flight="main", round=2, number=2).match, 1)
    final = event.pairings.select_related("match").get(flight="main", round=3)
    first_final = final.match
    play(first_final, 1)
    resolve_conflict(conflict=conflict, apply=True, actor=director)

    final.refresh_from_db()
    assert final.match_id != first_final.pk  # the old final is kept as a record
    assert final.state == Pairing.State.WAITING  # for the semi-final's replay
    semi.refresh_from_db()
    assert Entry.objects.get(pk=quarters[0].bottom_id).pk in (semi.top_id, semi.bottom_id)
    play(semi.match, 1)
    final.refresh_from_db()
    assert final.state == Pairing.State.READY and final.match.results.count() == 0
    play(final.match, 1)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED


def test_a_correction_the_bracket_has_moved_past_is_refused_with_a_sentence() -> None:
    from tests.tournaments.tournament_helpers import director_of, make_event, play
    from tournaments import services
    from tournaments.models import BracketConflict
    from tournaments.play.common import ActionError
    from tournaments.play.knockout import resolve_conflict

    event = make_event(8)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    for pairing in event.pairings.filter(flight="main", round=1).select_related("match"):
        play(pairing.match, 1)
    semi = event.pairings.select_related("match").get(flight="main", round=2, number=1)
    play(semi.match, 1)
    play(semi.match, 2)  # a correction of the semi-final: the final has not started, applied
    first = event.pairings.select_related("match").get(flight="main", round=1, number=1)
    final = event.pairings.select_related("match").get(flight="main", round=3)
    play(event.pairings.get(flight="main", round=2, number=2).match, 1)
    final.refresh_from_db()
    play(final.match, 1)
    play(semi.match, 1)  # the semi-final corrected back, after the final: a conflict
    play(first.match, 2)  # and its first-round match corrected too: a second conflict
    older, newer = BracketConflict.objects.filter(tournament=event).order_by("pk")[:2]
    assert (older.pairing_id, older.status, newer.pairing_id, newer.status) == (
        semi.pk, "open", first.pk, "open")
    # applying the first-round correction replays the semi-final with another player ...
    resolve_conflict(conflict=newer, apply=True, actor=director)
    # ... so the semi-final's own correction no longer fits: refused, said why, nothing changed
    with pytest.raises(ActionError) as refused:
        resolve_conflict(conflict=older, apply=True, actor=director)
    assert refused.value.code == "conflict_outdated"
    older.refresh_from_db()
    assert older.status == "open"
    resolve_conflict(conflict=older, apply=False, actor=director)  # keeping it still works
