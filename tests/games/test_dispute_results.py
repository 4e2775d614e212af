"""Disputed results: the result_disputed signal opens a Dispute holding both claims; the
worker replays an attached transcript and says which result it supports or where the first
illegal move is; the sweep opens disputes for contradicting transcripts; a check that
never finishes is given up with a failure verdict."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from disputes.models import Dispute, DisputeEvent
from disputes.receivers import open_for_disagreeing_transcripts
from disputes.services import submit_move_dispute
from games.services import dispute_result, enter_final_score, upload_transcript
from games.services.transcripts import check_transcript
from outbox.models import Message
from outbox.services import sweep as outbox_sweep
from tests.games.match_factories import MatchFactory, player_with_login

pytestmark = [pytest.mark.django_db]


def checks_queued() -> int:
    """How many dispute checks were asked for (the outbox's rows; notifications of the
    same action are background work too)."""
    return Message.objects.filter(task="disputes.tasks.check_dispute").count()

FIXTURE = Path(__file__).resolve().parents[2] / "games" / "fixtures" / "demo-3pt.mat"


def aram_and_bella():  # type: ignore[no-untyped-def]
    aram_user, aram = player_with_login(name="Aram Petrosyan", display_name="Aram P.")
    bella_user, bella = player_with_login(name="Bella Ivanova", display_name="Bella I.")
    match = MatchFactory(player1=aram, player2=bella, length=3)
    return match, aram_user, bella_user


def attach(match, by, text: str | None = None):  # type: ignore[no-untyped-def]
    data = text if text is not None else FIXTURE.read_text()
    transcript = upload_transcript(match=match, by=by, data=data, file_name="m.mat", queue=False)
    check_transcript(transcript.pk)
    return transcript


def test_a_disputed_result_with_a_transcript_is_replayed_and_the_right_claim_named(
    django_capture_on_commit_callbacks,
) -> None:
    match, aram, bella = aram_and_bella()
    transcript = attach(match, bella)
    result = enter_final_score(match=match, by=aram, score1=Decimal(3), score2=Decimal(0))
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        dispute_result(result=result, by=bella, reason="I won 3-0, not Aram.")
    assert callbacks and checks_queued() == 1
    dispute = Dispute.objects.get()
    assert (dispute.kind, dispute.status) == ("result", "checked")
    assert dispute.transcript_id == transcript.pk and dispute.result_id == result.pk
    assert dispute.claims == {
        "entered": ["3", "0"],
        "entered_by_seat": 1,
        "disputed_by_seat": 2,
        "reason": "I won 3-0, not Aram.",
    }
    verdict = dispute.verdict
    assert verdict["supports"] == "disputer" and verdict["code"] == "supports_disputer"
    assert verdict["score_by_seat"] == [0.0, 3.0]  # capped at the match length
    assert dispute.events.filter(action="checked").count() == 1


def test_the_transcript_supports_the_entered_result(django_capture_on_commit_callbacks) -> None:
    match, aram, bella = aram_and_bella()
    attach(match, aram)
    result = enter_final_score(match=match, by=bella, score1=Decimal(0), score2=Decimal(3))
    with django_capture_on_commit_callbacks(execute=True):
        dispute_result(result=result, by=aram, reason="No.")
    verdict = Dispute.objects.get().verdict
    assert (verdict["supports"], verdict["code"]) == ("entered", "supports_entered")


def test_the_first_illegal_move_of_the_transcript_is_pointed_at(
    django_capture_on_commit_callbacks,
) -> None:
    match, aram, bella = aram_and_bella()
    text = FIXTURE.read_text().replace("21: 13/11 24/23", "21: 13/10 24/23", 1)
    attach(match, aram, text)
    result = enter_final_score(match=match, by=bella, score1=Decimal(0), score2=Decimal(3))
    with django_capture_on_commit_callbacks(execute=True):
        dispute_result(result=result, by=aram, reason="Game 3 was mine.")
    verdict = Dispute.objects.get().verdict
    assert verdict["valid"] is False and verdict["supports"] is None
    assert verdict["first_error"]["game"] == 1 and verdict["first_error"]["turn"] == 1
    assert "13/10" in verdict["first_error"]["text"]


def test_without_a_transcript_the_director_decides(django_capture_on_commit_callbacks) -> None:
    match, aram, bella = aram_and_bella()
    result = enter_final_score(match=match, by=aram, score1=Decimal(3), score2=Decimal(1))
    with django_capture_on_commit_callbacks(execute=True):
        dispute_result(result=result, by=bella, reason="Game 3 was mine.")
    dispute = Dispute.objects.get()
    assert dispute.transcript is None and dispute.verdict["code"] == "no_transcript"


def test_the_sweep_opens_a_dispute_when_a_transcript_contradicts_the_result(
    django_capture_on_commit_callbacks,
) -> None:
    match, aram, _bella = aram_and_bella()
    enter_final_score(match=match, by=aram, score1=Decimal(3), score2=Decimal(0))
    transcript = attach(match, aram)
    transcript.refresh_from_db()
    assert transcript.agrees_with_result is False
    with django_capture_on_commit_callbacks(execute=True):
        opened = open_for_disagreeing_transcripts()
    assert len(opened) == 1
    dispute = Dispute.objects.get(pk=opened[0])
    assert dispute.verdict["supports"] == "disputer" and dispute.submitted_by is None
    assert open_for_disagreeing_transcripts() == []  # once per result


def test_a_check_the_outbox_gives_up_on_gets_a_failure_verdict_for_the_director() -> None:
    match, aram, _ = aram_and_bella()
    fields = {"position_id": "eO8DABj/P4AAAA", "dice": (6, 2), "notation": "10/8"}
    dispute = submit_move_dispute(by=aram, match=match, **fields)  # published on a commit never seen
    message = Message.objects.get(key=f"dispute-check:{dispute.pk}")
    Message.objects.filter(pk=message.pk).update(attempts=99)
    assert outbox_sweep()["given_up"] == 1
    dispute.refresh_from_db()
    assert dispute.status == "checked" and dispute.verdict["code"] == "check_failed"
    assert DisputeEvent.objects.filter(dispute=dispute, action="checked").count() == 1
    assert Message.objects.get(pk=message.pk).state == "failed"
