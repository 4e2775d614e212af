"""Disputes through the API and the services, with the database (tasks run eagerly when
the on-commit callbacks are executed)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from disputes.checking import check_dispute
from disputes.models import Dispute, DisputeEvent, DisputeStatus
from outbox.models import Message
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tests.games.match_factories import (
    MatchFactory,
    match_with_logins,
    player_with_login,
)
from tests.support.clients import error_fields

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.postgres,
]


def checks_queued() -> int:
    """How many dispute checks were asked for (the outbox's rows; notifications of the
    same action are background work too)."""
    return Message.objects.filter(task="disputes.tasks.check_dispute").count()


LARGER_DIE = {"position_id": "eO8DABj/P4AAAA", "dice": [6, 2], "notation": "10/8"}


def client_for(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def post_dispute(client: APIClient, **fields: Any) -> Any:
    return client.post("/api/disputes/", {**LARGER_DIE, **fields}, format="json")


def test_a_player_raises_a_dispute_and_reads_the_verdict(
    django_capture_on_commit_callbacks,
) -> None:
    match, alice, _bob = match_with_logins()
    client = client_for(alice)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = post_dispute(client, match=match.pk, statement="He played the 2.")
    assert response.status_code == 201, response.content
    assert response.data["status"] == "submitted" and response.data["verdict"] is None
    assert checks_queued() == 1  # asked for once, published after the commit
    callbacks[0]()  # the check's publish (the first callback): the eager task runs here

    body = client.get(f"/api/disputes/{response.data['id']}/").data
    assert body["status"] == "checked"
    assert body["variant"] == "backgammon" and body["club"] == match.club.slug
    verdict = body["verdict"]
    assert (verdict["legal"], verdict["code"]) == (False, "larger_die")
    assert verdict["legal_plays"][0] == {
        "notation": "10/4", "position_id": "eO8DABj/PwIAAA", "steps": [[10, 4]],
    }  # fmt: skip
    assert [event["action"] for event in body["events"]] == ["submitted", "checking", "checked"]
    assert body["events"][0]["actor"] == match.player1.display_name  # never the login name


def test_running_the_check_twice_stores_one_verdict(django_capture_on_commit_callbacks) -> None:
    match, alice, _ = match_with_logins()
    with django_capture_on_commit_callbacks(execute=True):
        dispute_id = post_dispute(client_for(alice), match=match.pk).data["id"]
    first = Dispute.objects.get(pk=dispute_id)
    assert check_dispute(dispute_id) is None  # nothing left to do
    again = Dispute.objects.get(pk=dispute_id)
    assert again.verdict == first.verdict and again.attempts == 1
    assert again.checked_at == first.checked_at
    assert DisputeEvent.objects.filter(dispute_id=dispute_id, action="checked").count() == 1


def test_a_dispute_lost_mid_check_is_claimed_again_and_checked_once() -> None:
    match, alice, _ = match_with_logins()
    from disputes.services import submit_move_dispute

    dispute = submit_move_dispute(
        by=alice, match=match, position_id="eO8DABj/P4AAAA", dice=(6, 2), notation="10/8",
        queue=False,
    )  # fmt: skip
    Dispute.objects.filter(pk=dispute.pk).update(status=DisputeStatus.CHECKING, attempts=1)
    assert check_dispute(dispute.pk) is not None
    assert check_dispute(dispute.pk) is None
    checked = Dispute.objects.get(pk=dispute.pk)
    assert checked.status == "checked" and checked.attempts == 2
    assert dispute.events.filter(action="checked").count() == 1


@pytest.mark.parametrize(
    ("fields", "bad_field"),
    [
        ({"position_id": "4HPwATDgc/AB"}, "position_id"),
        ({"position_id": "AAAAAAAAAAAAAA"}, "position_id"),
        ({"position_id": ""}, "position_id"),
        ({"dice": [0, 3]}, "dice"),
        ({"dice": [3, 7]}, "dice"),
        ({"notation": "ten/eight"}, "notation"),
    ],
)
def test_bad_input_gets_a_field_error_and_nothing_is_saved_or_queued(
    fields: dict[str, Any], bad_field: str, django_capture_on_commit_callbacks
) -> None:
    match, alice, _ = match_with_logins()
    with django_capture_on_commit_callbacks() as callbacks:
        response = post_dispute(client_for(alice), match=match.pk, **fields)
    # 400 when the input does not fit the schema (a die of 7), 409 when the engine
    # refuses what fits it (a Position ID of no position, an unreadable play)
    assert response.status_code in (400, 409)
    assert bad_field in error_fields(response)
    assert Dispute.objects.count() == 0 and DisputeEvent.objects.count() == 0
    assert callbacks == []


def test_only_players_of_the_match_and_directors_raise_and_see_its_disputes(
    django_capture_on_commit_callbacks,
) -> None:
    match, alice, bob = match_with_logins()
    director, stranger = UserFactory(), UserFactory()
    match.club.directors.add(director)
    with django_capture_on_commit_callbacks(execute=True):
        assert post_dispute(client_for(stranger), match=match.pk).status_code == 403
        assert Dispute.objects.count() == 0
        dispute_id = post_dispute(client_for(director), match=match.pk).data["id"]
    for user in (alice, bob, director):
        assert client_for(user).get(f"/api/disputes/{dispute_id}/").status_code == 200
        assert [d["id"] for d in client_for(user).get("/api/disputes/").data["results"]] == [
            dispute_id
        ]
    assert client_for(stranger).get(f"/api/disputes/{dispute_id}/").status_code == 404
    assert client_for(stranger).get("/api/disputes/").data["results"] == []
    assert APIClient().get("/api/disputes/").status_code in (401, 403)


def test_only_directors_rule(django_capture_on_commit_callbacks) -> None:
    match, alice, _ = match_with_logins()
    director = UserFactory()
    match.club.directors.add(director)
    with django_capture_on_commit_callbacks(execute=True):
        dispute_id = post_dispute(client_for(alice), match=match.pk).data["id"]
    url = f"/api/disputes/{dispute_id}/rule/"
    ruling = {"ruling": "upheld", "note": "Play the 6."}
    assert client_for(alice).post(url, ruling, format="json").status_code == 403
    assert Dispute.objects.get(pk=dispute_id).status == "checked"
    response = client_for(director).post(url, ruling, format="json")
    assert response.status_code == 200
    assert (response.data["status"], response.data["ruling"]) == ("ruled", "upheld")
    assert response.data["events"][-1]["actor"] == "Club official"  # never the login name
    again = client_for(director).post(url, {"ruling": "overturned"}, format="json")
    assert again.status_code == 409  # ruled once


def test_replay_ruling_needs_a_valid_position(django_capture_on_commit_callbacks) -> None:
    match, alice, _ = match_with_logins()
    director = UserFactory()
    match.club.directors.add(director)
    with django_capture_on_commit_callbacks(execute=True):
        dispute_id = post_dispute(client_for(alice), match=match.pk).data["id"]
    url = f"/api/disputes/{dispute_id}/rule/"
    bad = client_for(director).post(url, {"ruling": "replay"}, format="json")
    assert bad.status_code == 409 and "replay_position_id" in error_fields(bad)
    good = client_for(director).post(
        url, {"ruling": "replay", "replay_position_id": "eO8DABj/P4AAAA"}, format="json"
    )
    assert good.status_code == 200 and good.data["replay_position_id"] == "eO8DABj/P4AAAA"


def test_standalone_disputes_are_seen_by_the_submitter_and_the_clubs_directors(
    django_capture_on_commit_callbacks,
) -> None:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    member_user, member = player_with_login()
    MembershipFactory(club=club, player=member)
    other_member_user, other_member = player_with_login()
    MembershipFactory(club=club, player=other_member)
    outsider = UserFactory()
    with django_capture_on_commit_callbacks(execute=True):
        refused = post_dispute(client_for(outsider), club=club.slug)
        assert refused.status_code == 403
        created = post_dispute(
            client_for(member_user), club=club.slug, variant="nardy",
            position_id="AACA/z8AAID/Pw", dice=[6, 5], notation="24/18 24/19",
        )  # fmt: skip
    assert created.status_code == 201, created.content
    dispute_id = created.data["id"]
    assert client_for(member_user).get(f"/api/disputes/{dispute_id}/").data["verdict"]["code"] == (
        "head_limit"
    )
    assert client_for(director).get(f"/api/disputes/{dispute_id}/").status_code == 200
    assert client_for(other_member_user).get(f"/api/disputes/{dispute_id}/").status_code == 404


def test_withdraw_only_by_the_submitter(django_capture_on_commit_callbacks) -> None:
    match, alice, bob = match_with_logins()
    with django_capture_on_commit_callbacks(execute=True):
        dispute_id = post_dispute(client_for(alice), match=match.pk).data["id"]
    url = f"/api/disputes/{dispute_id}/withdraw/"
    assert client_for(bob).post(url).status_code == 403
    response = client_for(alice).post(url)
    assert response.status_code == 200 and response.data["status"] == "withdrawn"
    assert response.data["verdict"]["code"] == "larger_die"  # the verdict is kept


def test_an_unknown_match_is_refused_naming_the_field() -> None:
    _match = MatchFactory()
    user = UserFactory()
    response = post_dispute(client_for(user), match=999999)
    assert response.status_code == 409 and "match" in error_fields(response)
