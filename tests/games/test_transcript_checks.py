"""Uploaded transcripts: saved, checked by the task (eagerly here), compared with the result."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from games.models import MatchTranscript, TranscriptStatus
from games.services import ServiceError, enter_final_score, override_result, upload_transcript
from games.services.transcripts import check_transcript
from games.transcript_view import replay_of
from outbox.models import Message
from outbox.services import sweep as outbox_sweep
from tests.factories import PlayerFactory, UserFactory
from tests.games.match_factories import MatchFactory, player_with_login

pytestmark = [pytest.mark.django_db]

FIXTURE = Path(__file__).resolve().parents[2] / "games" / "fixtures" / "demo-3pt.mat"
TEXT = FIXTURE.read_text()


def demo_match(**kwargs: object):  # type: ignore[no-untyped-def]
    user1, aram = player_with_login(name="Aram Petrosyan", display_name="Aram P.")
    user2, bella = player_with_login(name="Bella Ivanova", display_name="Bella I.")
    return MatchFactory(player1=aram, player2=bella, length=3, **kwargs), user1, user2


def upload(match, user, text: str, capture) -> MatchTranscript:  # type: ignore[no-untyped-def]
    with capture(execute=True) as callbacks:
        transcript = upload_transcript(match=match, by=user, data=text.encode(), file_name="m.mat")
    assert callbacks  # the check was queued after the commit
    transcript.refresh_from_db()
    return transcript


def test_a_legal_transcript_agrees_with_the_result(django_capture_on_commit_callbacks) -> None:
    match, user1, _ = demo_match()
    enter_final_score(match=match, by=user1, score1=Decimal(0), score2=Decimal(3))
    transcript = upload(match, user1, TEXT, django_capture_on_commit_callbacks)
    assert transcript.status == TranscriptStatus.CHECKED and transcript.attempts == 1
    assert transcript.verdict["valid"] is True
    assert transcript.verdict["winner"] == "Bella I."
    assert [g["crawford"] for g in transcript.verdict["games"]] == [False, True]
    assert transcript.agrees_with_result is True and transcript.disagreements == []


def test_a_different_result_is_reported(django_capture_on_commit_callbacks) -> None:
    match, user1, _ = demo_match()
    enter_final_score(match=match, by=user1, score1=Decimal(3), score2=Decimal(1))
    transcript = upload(match, user1, TEXT, django_capture_on_commit_callbacks)
    assert transcript.agrees_with_result is False
    assert transcript.disagreements == [{"code": "score", "file": ["0", "3"], "match": ["3", "1"]}]


def test_players_are_matched_by_full_name_and_either_seat(
    django_capture_on_commit_callbacks,
) -> None:
    match, user1, _ = demo_match()
    swapped = (
        TEXT.replace("Aram P.", "@@")
        .replace("Bella I.", "Aram Petrosyan")
        .replace("@@", "Bella Ivanova")
    )
    enter_final_score(match=match, by=user1, score1=Decimal(3), score2=Decimal(0))
    transcript = upload(match, user1, swapped, django_capture_on_commit_callbacks)
    assert transcript.agrees_with_result is True  # the file's left player is player 2 here


def test_unknown_players_are_a_clear_error(django_capture_on_commit_callbacks) -> None:
    user, player = player_with_login(display_name="Zed")
    match = MatchFactory(player1=player, player2=PlayerFactory(display_name="Yan"), length=3)
    transcript = upload(match, user, TEXT, django_capture_on_commit_callbacks)
    assert transcript.agrees_with_result is False
    assert transcript.disagreements[0]["code"] == "players"
    assert transcript.disagreements[0]["file"] == ["Aram P.", "Bella I."]


def test_an_illegal_move_is_found_at_its_game_and_turn(django_capture_on_commit_callbacks) -> None:
    match, user1, _ = demo_match()
    bad = TEXT.replace("  3) 32: 24/22 11/8", "  3) 32: 24/21 11/8")
    transcript = upload(match, user1, bad, django_capture_on_commit_callbacks)
    assert transcript.verdict["valid"] is False
    error = transcript.verdict["errors"][0]
    assert (error["game"], error["turn"], error["player"]) == (1, 3, "Aram P.")
    assert error["text"] == "32: 24/21 11/8"


def test_an_unreadable_file_fails_with_its_reason(django_capture_on_commit_callbacks) -> None:
    match, user1, _ = demo_match()
    transcript = upload(match, user1, "hello\n", django_capture_on_commit_callbacks)
    assert transcript.status == TranscriptStatus.FAILED and transcript.error


def test_binary_and_empty_uploads_are_refused() -> None:
    match, user1, _ = demo_match()
    for data, code in ((b"\x00\x01", "not_text"), (b"", "empty_file")):
        with pytest.raises(ServiceError) as caught:
            upload_transcript(match=match, by=user1, data=data)
        assert caught.value.code == code
    assert MatchTranscript.objects.count() == 0


def test_checking_twice_changes_nothing(django_capture_on_commit_callbacks) -> None:
    match, user1, _ = demo_match()
    transcript = upload(match, user1, TEXT, django_capture_on_commit_callbacks)
    checked_at = transcript.checked_at
    check_transcript(transcript.pk)
    transcript.refresh_from_db()
    assert transcript.attempts == 1 and transcript.checked_at == checked_at
    assert check_transcript(10**9) is None  # a deleted transcript is no error


def test_checks_left_waiting_are_published_by_the_outbox_sweep_or_given_up(
    django_capture_on_commit_callbacks,
) -> None:
    match, user1, _ = demo_match()
    with django_capture_on_commit_callbacks(execute=False):  # the commit's publish never ran
        stuck = upload_transcript(match=match, by=user1, data=TEXT)
        hopeless = upload_transcript(match=match, by=user1, data=TEXT)
    Message.objects.filter(key=f"transcript-check:{hopeless.pk}").update(attempts=99)
    assert outbox_sweep() == {"published": 1, "given_up": 1, "purged": 0}
    states = dict(MatchTranscript.objects.values_list("pk", "status"))
    assert states == {stuck.pk: TranscriptStatus.CHECKED, hopeless.pk: TranscriptStatus.FAILED}
    assert "several attempts" in MatchTranscript.objects.get(pk=hopeless.pk).error
    checks = Message.objects.filter(key__startswith="transcript-check:")
    before_attempts = dict(checks.values_list("key", "attempts"))
    assert dict(checks.values_list("key", "state")) == {
        f"transcript-check:{stuck.pk}": "done",
        f"transcript-check:{hopeless.pk}": "failed",
    }
    outbox_sweep()  # nothing twice
    assert dict(checks.values_list("key", "attempts")) == before_attempts

def test_replay_steps_follow_the_board() -> None:
    _record, steps = replay_of(TEXT)
    assert steps[0].kind == "start" and sum(steps[0].checkers[0]) == 15
    first = steps[1]
    assert (first.player, first.dice, first.steps) == (0, (2, 1), ((13, 11), (24, 23)))
    assert first.checkers[0][10] == 1 and first.checkers[0][22] == 1  # on 11 and 23
    taken = next(step for step in steps if step.kind == "take")
    assert (taken.cube, taken.cube_owner) == (2, 0)
    assert [step.game for step in steps if step.kind == "start"] == [1, 2]


def test_a_result_entered_later_is_compared_too(django_capture_on_commit_callbacks) -> None:
    match, user1, _ = demo_match()
    # checked alone (not through the task, which would propose the file's result)
    transcript = upload_transcript(match=match, by=user1, data=TEXT, queue=False)
    transcript = check_transcript(transcript.pk)
    assert transcript.agrees_with_result is None
    result = enter_final_score(match=match, by=user1, score1=Decimal(3), score2=Decimal(2))
    transcript.refresh_from_db()
    assert transcript.agrees_with_result is False
    assert transcript.disagreements[0]["code"] == "score"
    director = UserFactory()
    match.club.directors.add(director)
    override_result(match=match, by=director, score1=0, score2=3, reason="The transcript")
    transcript.refresh_from_db()
    assert transcript.agrees_with_result is True, transcript.disagreements
    assert result.pk


def test_a_json_match_record_is_checked_too(django_capture_on_commit_callbacks) -> None:
    from engine.transcript import dumps, read_transcript

    match, user1, _ = demo_match()
    record_json = dumps(read_transcript(TEXT))
    assert record_json.lstrip().startswith("{")
    transcript = upload(match, user1, record_json, django_capture_on_commit_callbacks)
    assert transcript.status == TranscriptStatus.CHECKED
    assert transcript.verdict["valid"] is True and transcript.verdict["score"] == [0, 4]
