"""Ladders through the API: results through games' flow, forfeits exactly once, the
director's acts in the audit trail, privacy, the error contract, notifications and
webhooks. (Weeks of random play are in test_simulation.py.)"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from games.models import Match
from ladders.models import Challenge, LadderAct
from leaderboard.models import RatingChange
from nardy_site.tasks import sweep as site_sweep
from notifications.models import Notification
from tests.factories import UserFactory
from tests.ladders.helpers import SimClock, make_club, new_ladder, seed_rating
from tests.support.clients import api_client, error_of
from webhooks.models import Delivery, Endpoint

pytestmark = pytest.mark.django_db


def _ladder_of(players: int = 5, **settings: Any) -> tuple[Any, int]:
    club = make_club(players)
    ladder = new_ladder(club, **settings)
    for player in club.players:  # each joins at the bottom, in turn
        assert club.api(player).post(f"/api/ladders/{ladder['id']}/join/", {}, format="json").status_code == 200
    return club, ladder["id"]


def _order(club: Any, lid: int) -> list[int]:
    return [r["player"]["id"] for r in club.api().get(f"/api/ladders/{lid}/").json()["rungs"]]


def _challenge(club: Any, lid: int, challenger: Any, challenged: Any) -> dict[str, Any]:
    response = club.api(challenger).post(f"/api/ladders/{lid}/challenge/",
                                         {"challenged": challenged.pk}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def _play(club: Any, challenge: dict[str, Any], winner: Any, loser: Any) -> None:
    match = Match.objects.get(pk=challenge["match"])
    score = {"score1": 7, "score2": 3} if match.player1_id == winner.pk else {"score1": 2, "score2": 7}
    result = club.api(loser).post(f"/api/matches/{match.pk}/score/", score, format="json")
    assert result.status_code == 201, result.content
    confirmed = club.api(winner).post(f"/api/results/{result.json()['id']}/confirm/", format="json")
    assert confirmed.status_code == 200, confirmed.content


def test_a_winning_challenger_takes_the_place_through_the_results_flow(sim_clock: SimClock) -> None:
    club, lid = _ladder_of(5)
    a, b, c, d, e = club.players
    assert _order(club, lid) == [a.pk, b.pk, c.pk, d.pk, e.pk]
    made = _challenge(club, lid, e, b)
    assert made["status"] == "open" and made["challenged"]["id"] == b.pk
    _play(club, made, winner=e, loser=b)
    assert _order(club, lid) == [a.pk, e.pk, b.pk, c.pk, d.pk]
    assert Challenge.objects.get(pk=made["id"]).status == "played"
    history = club.api().get(f"/api/ladders/{lid}/history/", {"player": e.pk}).json()
    assert [(m["position"], m["reason"]) for m in history] == [(5, "joined"), (2, "climbed")]
    # the challenged player wins the next one: nothing moves
    sim_clock.advance(days=1)
    again = _challenge(club, lid, c, a)  # c is fourth now: three places below a
    _play(club, again, winner=a, loser=c)
    assert _order(club, lid) == [a.pk, e.pk, b.pk, c.pk, d.pk]


def test_a_correction_after_the_ladder_moved_is_left_to_the_director(sim_clock: SimClock) -> None:
    club, lid = _ladder_of(3)
    a, b, c = club.players
    made = _challenge(club, lid, c, b)
    _play(club, made, winner=c, loser=b)
    match = Match.objects.get(pk=made["match"])
    score = {"score1": 3, "score2": 7} if match.player1_id == c.pk else {"score1": 7, "score2": 3}
    response = club.api().post(f"/api/matches/{match.pk}/override/", {**score, "reason": "wrong"},
                               format="json")
    assert response.status_code == 201, response.content
    assert _order(club, lid) == [a.pk, c.pk, b.pk]  # not moved again
    act = LadderAct.objects.get(ladder_id=lid, act="corrected")
    assert act.details == {"challenge": made["id"], "winner": b.pk, "previous_winner": c.pk}


def test_an_unplayed_challenge_is_forfeited_once_and_told(
        sim_clock: SimClock, django_capture_on_commit_callbacks: Any) -> None:
    club, lid = _ladder_of(4, answer_days=3)
    a, b, c, d = club.players
    Endpoint.objects.create(club=club.club, url="http://127.0.0.1:9/", secret="s",
                            events=["ladder.challenge", "ladder.result"])
    with django_capture_on_commit_callbacks(execute=True):
        made = _challenge(club, lid, d, b)
        started = _challenge(club, lid, c, a)
        club.api(c).post(f"/api/matches/{started['match']}/score/",
                         {"score1": 7, "score2": 1}, format="json")  # entered, not confirmed
    assert Notification.objects.filter(user=b.user, message="ladder_challenged").count() == 1
    sim_clock.advance(days=2, hours=1)
    with django_capture_on_commit_callbacks(execute=True):
        site_sweep()
    assert Notification.objects.filter(user=d.user, message="ladder_deadline").count() == 1
    sim_clock.advance(days=1)
    for _ in range(2):  # a second sweep (another worker, a restart) finds nothing to do
        with django_capture_on_commit_callbacks(execute=True):
            swept = site_sweep()
    assert "ladders.sweeps" in swept
    assert Challenge.objects.get(pk=made["id"]).status == "forfeited"
    assert not Match.objects.filter(pk=made["match"]).exists()  # never played: gone, unrated
    assert Challenge.objects.get(pk=started["id"]).status == "open"  # a result is on its way
    assert _order(club, lid) == [a.pk, d.pk, b.pk, c.pk]
    assert LadderAct.objects.filter(ladder_id=lid, act="forfeited").count() == 1
    assert Notification.objects.filter(user=d.user, message="ladder_forfeit_won").count() == 1
    assert Notification.objects.filter(user=b.user, message="ladder_forfeit_lost").count() == 1
    results = Delivery.objects.filter(event="ladder.result")
    assert results.count() == 1
    payload = results.get().payload
    assert payload["challenge"]["status"] == "forfeited" and payload["challenge"]["winner"]["id"] == d.pk
    assert [s["player"]["id"] for s in payload["standings"]] == [a.pk, d.pk, b.pk, c.pk]
    assert Delivery.objects.filter(event="ladder.challenge").count() == 2


def test_inactive_players_are_dropped_unless_on_a_break(sim_clock: SimClock) -> None:
    club, lid = _ladder_of(4, inactive_days=10)
    a, b, c, d = club.players
    assert club.api().post(f"/api/ladders/{lid}/pause/", {"player": b.pk, "paused": True},
                           format="json").status_code == 200
    sim_clock.advance(days=5)
    _challenge(club, lid, d, c)
    sim_clock.advance(days=6)
    site_sweep()
    assert _order(club, lid) == [b.pk, c.pk, d.pk]  # a dropped; b on a break; c and d busy
    assert LadderAct.objects.filter(ladder_id=lid, act="dropped", details__player=a.pk).exists()
    refused = club.api(d).post(f"/api/ladders/{lid}/challenge/", {"challenged": b.pk}, format="json")
    assert error_of(refused)["code"] in {"challenged_paused", "too_many_open"}


def test_handicap_goes_to_the_lower_rated(sim_clock: SimClock) -> None:
    club = make_club(2)
    strong, weak = club.players
    seed_rating(club.club, strong, 1900)
    seed_rating(club.club, weak, 1560)
    ladder = new_ladder(club, placement="rating", handicap_step=150, length=9)
    for player in (weak, strong):
        club.api(player).post(f"/api/ladders/{ladder['id']}/join/", {}, format="json")
    assert _order(club, ladder["id"]) == [strong.pk, weak.pk]  # placed by rating
    made = _challenge(club, ladder["id"], weak, strong)
    assert made["handicap_to"]["id"] == weak.pk and made["handicap_points"] == 2  # 340 // 150


def test_director_acts_are_refused_to_players_and_kept_in_the_audit_trail(sim_clock: SimClock) -> None:
    club, lid = _ladder_of(3)
    a, b, c = club.players
    made = _challenge(club, lid, c, b)
    for path, body in ((f"/api/ladders/{lid}/reorder/", {"player": c.pk, "position": 1}),
                       (f"/api/ladders/{lid}/pause/", {"player": a.pk, "paused": True}),
                       (f"/api/ladder-challenges/{made['id']}/void/", {"reason": "x"}),
                       (f"/api/ladder-challenges/{made['id']}/extend/", {"days": 2})):
        refused = club.api(b).post(path, body, format="json")
        assert refused.status_code == 403 and error_of(refused)["code"] == "not_director", path
    director = club.api()
    extended = director.post(f"/api/ladder-challenges/{made['id']}/extend/", {"days": 2}, format="json")
    before = Challenge.objects.get(pk=made["id"]).created_at
    assert Challenge.objects.get(pk=made["id"]).deadline == before + timedelta(days=9)
    assert extended.json()["deadline"]
    assert director.post(f"/api/ladder-challenges/{made['id']}/void/", {"reason": "rain"},
                         format="json").json()["status"] == "voided"
    assert not Match.objects.filter(pk=made["match"]).exists()
    assert director.post(f"/api/ladders/{lid}/reorder/", {"player": c.pk, "position": 1,
                                                          "reason": "seeded"},
                         format="json").status_code == 200
    assert _order(club, lid) == [c.pk, a.pk, b.pk]
    acts = director.get(f"/api/ladders/{lid}/acts/").json()
    assert [act["act"] for act in acts[:3]] == ["reordered", "voided", "extended"]
    assert acts[0]["details"]["reason"] == "seeded" and acts[0]["by"]
    assert club.api(a).get(f"/api/ladders/{lid}/acts/").status_code == 403


def test_refusals_follow_the_error_contract_in_the_readers_language(sim_clock: SimClock) -> None:
    club, lid = _ladder_of(5, reach=2)
    a, _b, _c, _d, e = club.players
    far = club.api(e).post(f"/api/ladders/{lid}/challenge/", {"challenged": a.pk}, format="json",
                           HTTP_ACCEPT_LANGUAGE="ru")
    error = error_of(far)
    assert far.status_code == 409 and error["code"] == "out_of_reach"
    assert error["fields"] == {"challenged": [error["message"]]}
    assert "2" in error["message"] and "мест" in error["message"]
    down = club.api(a).post(f"/api/ladders/{lid}/challenge/", {"challenged": e.pk}, format="json")
    assert error_of(down)["code"] == "challenge_upward"
    bad = club.api(e).post(f"/api/ladders/{lid}/challenge/", {"challenged": "x"}, format="json")
    assert bad.status_code == 400 and set(error_of(bad)["fields"]) == {"challenged"}
    nobody = club.api(e).post(f"/api/ladders/{lid}/challenge/", {"challenged": 10**9}, format="json")
    assert nobody.status_code == 409 and error_of(nobody)["code"] == "not_found"
    settings = club.api().post("/api/ladders/", {"club": club.club.slug, "name": "X", "reach": 0},
                               format="json")
    assert settings.status_code == 400 and set(error_of(settings)["fields"]) == {"reach"}
    twice = club.api().post("/api/ladders/", {"club": club.club.slug, "name": "Ladder"}, format="json")
    assert twice.status_code == 409 and error_of(twice)["code"] == "name_taken"
    stranger = UserFactory()
    refused = api_client(stranger).post("/api/ladders/", {"club": club.club.slug, "name": "Y"},
                                        format="json")
    assert refused.status_code == 403
    assert not Challenge.objects.exists()  # nothing half-saved


def test_a_private_ladder_is_its_clubs_only(sim_clock: SimClock) -> None:
    club, lid = _ladder_of(2, is_public=False)
    made = _challenge(club, lid, club.players[1], club.players[0])
    for client in (api_client(), api_client(UserFactory())):
        assert client.get(f"/api/ladders/{lid}/").status_code == 404
        assert client.get("/api/ladders/").json()["count"] == 0
        assert client.get(f"/api/ladder-challenges/{made['id']}/").status_code == 404
        assert client.get(f"/ladders/{lid}/").status_code == 404
        assert client.get(f"/ladders/{lid}/tv/").status_code == 404
    assert club.api(club.players[0]).get(f"/api/ladders/{lid}/").status_code == 200
    assert Match.objects.get(pk=made["match"]).is_public is False


def test_only_members_join_and_a_player_joins_once(sim_clock: SimClock) -> None:
    club, lid = _ladder_of(2)
    outsider = make_club(1, prefix="Outsider").players[0]
    refused = api_client(outsider.user).post(f"/api/ladders/{lid}/join/", {}, format="json")
    assert refused.status_code in (403, 404, 409)
    again = club.api(club.players[0]).post(f"/api/ladders/{lid}/join/", {}, format="json")
    assert again.status_code == 409 and error_of(again)["code"] == "already_on_ladder"
    other = club.api(club.players[0]).post(f"/api/ladders/{lid}/join/", {"player": club.players[1].pk},
                                           format="json")
    assert other.status_code == 403 and error_of(other)["code"] == "not_allowed"


def test_a_handicapped_challenge_is_played_from_its_spot_to_the_end(sim_clock: SimClock) -> None:
    """The spot is the match's starting score: the match starts 2–0, the Crawford game
    comes when the spotted player first reaches match point counting the spot, no result
    can take the spot away, and the end moves the ladder and the ratings."""
    club = make_club(2)
    strong, weak = club.players
    seed_rating(club.club, strong, 1900)
    seed_rating(club.club, weak, 1560)
    ladder = new_ladder(club, placement="rating", handicap_step=150, length=9)
    for player in (weak, strong):
        club.api(player).post(f"/api/ladders/{ladder['id']}/join/", {}, format="json")
    made = _challenge(club, ladder["id"], weak, strong)
    assert made["handicap_to"]["id"] == weak.pk and made["handicap_points"] == 2
    url = f"/api/matches/{made['match']}/"
    shown = club.api().get(url).json()
    assert (shown["player1"]["id"], shown["start_score1"], shown["start_score2"]) == (weak.pk, 2, 0)
    assert (shown["score1"], shown["score2"]) == ("2.0", "0.0")

    def game(by: Any, **entered: Any) -> dict[str, Any]:
        response = club.api(by).post(f"{url}games/", entered, format="json")
        assert response.status_code == 201, response.content
        return response.json()

    # 2 + 4 (a gammon on the 2-cube) + 2 = 8: the spotted player reaches match point
    assert not game(weak, winner=1, result="gammon", cube=2, cube_owner=1)["crawford"]
    assert not game(weak, winner=1, result="gammon")["crawford"]
    refused = club.api(strong).post(f"{url}games/", {"winner": 2, "result": "single", "cube": 2,
                                                     "cube_owner": 2}, format="json")
    assert refused.status_code in (400, 409) and error_of(refused)["code"] == "cube_in_crawford"
    assert game(strong, winner=2, result="single")["crawford"]
    # post-Crawford: the leader wins the 2-cube, 10–1, and the result is proposed
    assert not game(weak, winner=1, result="single", cube=2, cube_owner=1)["crawford"]
    match = Match.objects.get(pk=made["match"])
    result = match.results.get()
    assert (result.score1, result.score2) == (10, 1)
    confirmed = club.api(strong).post(f"/api/results/{result.pk}/confirm/", format="json")
    assert confirmed.status_code == 200, confirmed.content
    # no correction can take the spot away: 1–9 would have the spotted player below 2
    refused = club.api().post(f"{url}override/", {"score1": 1, "score2": 9, "reason": "x"},
                              format="json")
    assert error_of(refused)["code"] == "below_start_score"
    assert _order(club, ladder["id"]) == [weak.pk, strong.pk]
    assert Challenge.objects.get(pk=made["id"]).winner_id == weak.pk
    changes = {change.player_id: change for change in RatingChange.objects.filter(match=match)}
    assert changes[weak.pk].won and changes[weak.pk].delta > 0
    assert not changes[strong.pk].won and changes[strong.pk].delta < 0
