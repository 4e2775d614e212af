"""Dispute pages: the form (with and without a transcript), field errors, the dispute page
with its board and verdict, the polling status partial, the director's ruling, the queue."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from disputes.models import Dispute, DisputeEvent
from games.services import upload_transcript
from games.services.transcripts import check_transcript
from outbox.models import Message
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tests.games.match_factories import match_with_logins, player_with_login

pytestmark = [pytest.mark.django_db]


def checks_queued() -> int:
    """How many dispute checks were asked for (the outbox's rows; notifications of the
    same action are background work too)."""
    return Message.objects.filter(task="disputes.tasks.check_dispute").count()


FIXTURE = Path(__file__).resolve().parents[2] / "games" / "fixtures" / "demo-3pt.mat"
LARGER_DIE = {
    "position_id": "eO8DABj/P4AAAA", "dice1": "6", "dice2": "2", "notation": "10/8",
    "on_roll_seat": "1", "statement": "He played the 2.",
}  # fmt: skip


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_anonymous_visitors_see_the_list_page_and_are_asked_to_log_in(client: Client) -> None:
    response = client.get("/disputes/")
    assert response.status_code == 200 and "Log in to see your disputes" in response.text
    assert client.get("/disputes/new/").status_code == 302


def test_the_form_has_the_board_editor_and_works_without_javascript(
    django_capture_on_commit_callbacks,
) -> None:
    match, alice, _ = match_with_logins()
    client = logged_in(alice)
    page = client.get(f"/matches/{match.pk}/disputes/new/?game=2")
    assert page.status_code == 200
    assert 'id="board-editor"' in page.text and 'data-target="point"' in page.text
    assert 'name="position_id"' in page.text and 'value="2"' in page.text
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = client.post(
            f"/matches/{match.pk}/disputes/new/", {**LARGER_DIE, "game_number": 2}
        )
    assert response.status_code == 302 and callbacks and checks_queued() == 1
    dispute = Dispute.objects.get()
    assert response["Location"] == dispute.get_absolute_url()
    assert (dispute.game_number, dispute.status) == (2, "checked")

    detail = client.get(dispute.get_absolute_url())
    assert detail.status_code == 200
    assert 'data-code="larger_die"' in detail.text
    assert "only one die can be played, and then it must be the larger one" in detail.text
    assert detail.text.count('class="arrow"') >= 1 + 1  # the claim and the one alternative
    assert "eO8DABj/PwIAAA" in detail.text  # the legal play's result
    assert 'hx-trigger="every 1s"' not in detail.text  # checked: no more polling


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"position_id": "4HPwATDgc/AB"}, "position_id"),
        ({"position_id": "AAAAAAAAAAAAAA"}, "position_id"),
        ({"position_id": ""}, "position_id"),
        ({"dice1": "0"}, "dice1"),
        ({"dice2": "7"}, "dice2"),
        ({"notation": "13-8 six"}, "notation"),
    ],
)
def test_bad_input_shows_field_errors_and_saves_nothing(
    change: dict[str, str], field: str, django_capture_on_commit_callbacks
) -> None:
    match, alice, _ = match_with_logins()
    with django_capture_on_commit_callbacks() as callbacks:
        response = logged_in(alice).post(
            f"/matches/{match.pk}/disputes/new/", {**LARGER_DIE, **change}
        )
    assert response.status_code == 400
    assert f'data-testid="error-{field}"' in response.text
    assert Dispute.objects.count() == 0 and DisputeEvent.objects.count() == 0 and not callbacks


def test_a_move_picked_from_the_transcript_fills_position_dice_and_play(
    django_capture_on_commit_callbacks,
) -> None:
    match, alice, _ = match_with_logins(length=3)
    transcript = upload_transcript(
        match=match, by=alice, data=FIXTURE.read_bytes(), file_name="demo.mat", queue=False
    )
    check_transcript(transcript.pk)
    client = logged_in(alice)
    page = client.get(f"/matches/{match.pk}/disputes/new/")
    assert "21: 13/11 24/23" in page.text
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/matches/{match.pk}/disputes/new/",
            {"transcript_move": f"{transcript.pk}:1", "on_roll_seat": "1"},
        )
    assert response.status_code == 302, response.content.decode()[:3000]
    dispute = Dispute.objects.get()
    assert dispute.position_id == "4HPwATDgc/ABMA"  # the starting position
    assert (dispute.dice, dispute.notation, dispute.game_number) == ((2, 1), "13/11 24/23", 1)
    assert dispute.transcript_id == transcript.pk
    assert dispute.verdict["legal"] is True


def test_status_partial_polls_until_checked() -> None:
    match, alice, _ = match_with_logins()
    from disputes.services import submit_move_dispute

    dispute = submit_move_dispute(
        by=alice, match=match, position_id="eO8DABj/P4AAAA", dice=(6, 2), notation="10/8",
        queue=False,
    )  # fmt: skip
    partial = logged_in(alice).get(f"/disputes/{dispute.pk}/status/", HTTP_HX_REQUEST="true")
    assert 'hx-trigger="every 1s"' in partial.text and "<html" not in partial.text
    assert 'data-status="submitted"' in partial.text


def test_only_directors_rule_on_the_page_and_both_players_see_it(
    django_capture_on_commit_callbacks,
) -> None:
    match, alice, bob = match_with_logins()
    director, stranger = UserFactory(), UserFactory()
    match.club.directors.add(director)
    with django_capture_on_commit_callbacks(execute=True):
        logged_in(alice).post(f"/matches/{match.pk}/disputes/new/", LARGER_DIE)
    dispute = Dispute.objects.get()
    url = f"/disputes/{dispute.pk}/rule/"
    assert "Record the ruling" not in logged_in(alice).get(dispute.get_absolute_url()).text
    assert logged_in(alice).post(url, {"ruling": "upheld"}).status_code == 403
    assert logged_in(stranger).get(dispute.get_absolute_url()).status_code == 404
    assert logged_in(stranger).get(f"/matches/{match.pk}/disputes/new/").status_code == 403

    queue = logged_in(director).get("/disputes/")
    assert f'href="/disputes/{dispute.pk}/"' in queue.text and 'data-testid="queue"' in queue.text
    response = logged_in(director).post(url, {"ruling": "upheld", "note": "Play the 6: 10/4."})
    assert response.status_code == 302
    for player in (alice, bob):
        page = logged_in(player).get(dispute.get_absolute_url())
        assert 'data-testid="ruling"' in page.text and "Play the 6: 10/4." in page.text
    assert "Open disputes in your clubs" not in logged_in(director).get("/disputes/").text


def test_standalone_form_lists_only_the_users_clubs(django_capture_on_commit_callbacks) -> None:
    user, player = player_with_login()
    mine, other = ClubFactory(name="Mine"), ClubFactory(name="Other")
    MembershipFactory(club=mine, player=player)
    client = logged_in(user)
    page = client.get("/disputes/new/")
    assert "Mine" in page.text and "Other" not in page.text
    with django_capture_on_commit_callbacks(execute=True):
        refused = client.post(
            "/disputes/new/", {**LARGER_DIE, "club": other.pk, "variant": "backgammon"}
        )
        assert refused.status_code == 400 and Dispute.objects.count() == 0
        response = client.post(
            "/disputes/new/",
            {**LARGER_DIE, "club": mine.pk, "variant": "nardy", "position_id": "AACA/z8AAID/Pw",
             "dice1": "6", "dice2": "5", "notation": "24/18 24/19"},
        )  # fmt: skip
    assert response.status_code == 302
    assert Dispute.objects.get().verdict["code"] == "head_limit"


def test_editor_board_endpoint_draws_click_targets(client: Client) -> None:
    response = client.get("/disputes/editor-board/?variant=nardy&position_id=AACA/z8AAID/Pw")
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    assert response.content.decode().count('data-target="point"') == 24


def test_the_match_page_links_players_to_the_dispute_form() -> None:
    match, alice, _ = match_with_logins()
    stranger = UserFactory()
    link = f'href="/matches/{match.pk}/disputes/new/"'
    assert link in logged_in(alice).get(match.get_absolute_url()).text
    assert link not in logged_in(stranger).get(match.get_absolute_url()).text
