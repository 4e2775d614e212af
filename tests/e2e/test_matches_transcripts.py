"""Transcript uploads through the real pieces: the page, Redis, a Celery worker, a browser."""

from __future__ import annotations

import time
from decimal import Decimal
from pathlib import Path

import pytest

from games.models import MatchTranscript, TranscriptStatus
from games.services import enter_final_score, upload_transcript
from tests.factories import UserFactory
from tests.games.match_factories import MatchFactory, player_with_login

pytestmark = [pytest.mark.e2e]


def gnubg_match(shared_dir: Path) -> str:
    path = shared_dir / "data" / "gnubg-matches" / "m07-5pt.mat"
    if not path.exists():
        pytest.skip(f"{path} is missing")
    return path.read_text()


def alice_and_bob():  # type: ignore[no-untyped-def]
    alice_user, alice = player_with_login(name="Alice Liddell", display_name="Alice")
    _bob_user, bob = player_with_login(name="Bob Builder", display_name="Bob")
    return MatchFactory(player1=alice, player2=bob, length=5), alice_user


def log_in(page, live_server, username: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("password")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(live_server.url + "/")


def test_an_uploaded_mat_is_checked_by_the_worker_and_shown(
    celery_worker, live_server, page, shared_dir, tmp_path
) -> None:
    text = gnubg_match(shared_dir)
    match, alice_user = alice_and_bob()
    enter_final_score(match=match, by=alice_user, score1=Decimal(4), score2=Decimal(5))
    upload = tmp_path / "m07-5pt.mat"
    upload.write_text(text)

    log_in(page, live_server, alice_user.username)
    page.goto(live_server.url + match.get_absolute_url())
    page.get_by_label("Transcript (.mat or JSON)").set_input_files(str(upload))
    page.get_by_role("button", name="Upload and check").click()
    # The page polls with htmx until the worker has stored the verdict.
    verdict = page.get_by_test_id("verdict")
    verdict.wait_for(timeout=60_000)
    assert "Every move is legal: 4 games checked." in verdict.inner_text()
    assert "agrees with the result" in page.get_by_test_id("agreement").inner_text()
    transcript = MatchTranscript.objects.get(match=match)
    assert transcript.status == TranscriptStatus.CHECKED and transcript.attempts == 1
    assert transcript.verdict["score"] == [4, 7]
    assert [game["crawford"] for game in transcript.verdict["games"]] == [False, True, False, False]

    page.get_by_role("link", name="Replay move by move").click()
    page.get_by_role("button", name="Next").click()
    page.wait_for_function("document.querySelector('.replay').dataset.step === '1'")
    assert "31: 8/5 6/5" in page.get_by_test_id("step-text").inner_text()
    assert page.locator("svg.board line.arrow").count() == 2


@pytest.mark.postgres
def test_an_illegal_transcript_shows_its_game_and_turn(celery_worker, shared_dir) -> None:
    text = gnubg_match(shared_dir).replace("  4) 43: 8/5 9/5", "  4) 43: 8/4 9/5")
    match, _ = alice_and_bob()
    director = UserFactory()
    match.club.directors.add(director)
    # Saved and committed first; the worker picks it up from Redis after the commit.
    transcript = upload_transcript(match=match, by=director, data=text, file_name="bad.mat")
    result = None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        transcript.refresh_from_db()
        if transcript.status in (TranscriptStatus.CHECKED, TranscriptStatus.FAILED):
            result = transcript
            break
        time.sleep(0.3)
    assert result is not None, celery_worker.log()[-2000:]
    assert result.verdict["valid"] is False
    error = result.verdict["errors"][0]
    assert (error["game"], error["turn"], error["player"], error["text"]) == (
        1,
        4,
        "Alice",
        "43: 8/4 9/5",
    )
