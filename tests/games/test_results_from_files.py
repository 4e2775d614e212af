"""A result from a file: an uploaded transcript that fits its match (variant, length,
players, played to the end, legal) proposes the result game by game, marked as checked
by the engine; the opponent confirms it with one tap. A file that does not fit says
which of length, variant, players or score is off, and proposes nothing."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.authtoken.models import Token

from games.models import MatchResult, MatchStatus, MatchTranscript, ResultStatus, TranscriptStatus
from games.services import ServiceError, confirm_result, enter_final_score, upload_transcript
from games.services.results import propose_from_transcript
from games.services.transcripts import describe
from tests.factories import UserFactory
from tests.games.match_factories import MatchFactory, player_with_login

pytestmark = [pytest.mark.django_db]

FIXTURE = Path(__file__).resolve().parents[2] / "games" / "fixtures" / "demo-3pt.mat"
TEXT = FIXTURE.read_text()  # Aram P. (left) – Bella I. (right); Bella wins 4–0 in 2 games
FIRST_GAME_ONLY = TEXT[: TEXT.index(" Game 2")]


def demo_match(**kwargs: object):  # type: ignore[no-untyped-def]
    user1, aram = player_with_login(name="Aram Petrosyan", display_name="Aram P.")
    user2, bella = player_with_login(name="Bella Ivanova", display_name="Bella I.")
    fields = {"length": 3, **kwargs}
    return MatchFactory(player1=aram, player2=bella, **fields), user1, user2


def upload(match, user, text: str, capture, column: int | None = None) -> MatchTranscript:  # type: ignore[no-untyped-def]
    with capture(execute=True):
        transcript = upload_transcript(
            match=match, by=user, data=text.encode(), file_name="m.mat", column=column
        )
    transcript.refresh_from_db()
    assert transcript.status == TranscriptStatus.CHECKED
    return transcript


def test_a_fitting_file_proposes_its_result_game_by_game(
    django_capture_on_commit_callbacks,
) -> None:
    match, user1, user2 = demo_match()
    transcript = upload(match, user1, TEXT, django_capture_on_commit_callbacks)
    result = match.results.get()
    assert result.status == ResultStatus.PROPOSED and result.transcript == transcript
    assert (result.score1, result.score2) == (Decimal(0), Decimal(4))
    assert result.entered_by == user1
    games = list(match.games.order_by("number"))
    # game 1: Bella doubled, Aram took (and owns the cube), Aram gave up a single game on
    # the 2-cube; game 2 is the Crawford game, given up as a gammon (2 points): 0–4, as
    # the games entered one by one would make it
    assert [(g.winner, g.result, g.cube, g.cube_owner, g.points) for g in games] == [
        (2, "resign", 2, 1, Decimal(2)),
        (2, "resign", 1, 0, Decimal(2)),
    ]
    assert [g.crawford for g in games] == [False, True]
    assert [g["points"] for g in result.games] == ["2.0", "2.0"]
    # the opponent confirms with one tap
    confirm_result(result=result, by=user2)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.winner == match.player2
    transcript.refresh_from_db()
    assert transcript.agrees_with_result is True


def test_the_proposal_is_made_once(django_capture_on_commit_callbacks) -> None:
    match, user1, _ = demo_match()
    transcript = upload(match, user1, TEXT, django_capture_on_commit_callbacks)
    assert propose_from_transcript(transcript.pk) is None  # the task ran again
    assert match.results.count() == 1 and match.games.count() == 2


def test_players_are_found_by_their_online_names(django_capture_on_commit_callbacks) -> None:
    match, user1, _ = demo_match()
    match.player1.galaxy = "aram_on_galaxy"
    match.player1.save()
    match.player2.studio = "BellaStudio"
    match.player2.save()
    text = TEXT.replace("Aram P.", "aram_on_galaxy").replace("Bella I.", "bellastudio")
    upload(match, user1, text, django_capture_on_commit_callbacks)
    result = match.results.get()
    assert (result.score1, result.score2) == (Decimal(0), Decimal(4))


def test_the_uploader_says_which_column_is_theirs(django_capture_on_commit_callbacks) -> None:
    match, _, user2 = demo_match()
    text = TEXT.replace("Aram P.", "Guest17").replace("Bella I.", "Guest42")
    transcript = upload(match, user2, text, django_capture_on_commit_callbacks, column=2)
    assert transcript.uploader_column == 2 and transcript.disagreements == []
    result = match.results.get()
    assert (result.score1, result.score2) == (Decimal(0), Decimal(4))
    # the same file from Aram, who says he is the right column: seats swap
    match2, user1, _ = demo_match()
    upload(match2, user1, text, django_capture_on_commit_callbacks, column=2)
    result2 = match2.results.get()
    assert (result2.score1, result2.score2) == (Decimal(4), Decimal(0))


def test_unknown_names_without_a_column_propose_nothing(
    django_capture_on_commit_callbacks,
) -> None:
    match, user1, _ = demo_match()
    text = TEXT.replace("Aram P.", "Guest17").replace("Bella I.", "Guest42")
    transcript = upload(match, user1, text, django_capture_on_commit_callbacks)
    assert [item["code"] for item in transcript.disagreements] == ["players"]
    assert not match.results.exists() and not match.games.exists()


def test_only_a_player_gives_a_column() -> None:
    match, user1, _ = demo_match()
    director = UserFactory()
    match.club.directors.add(director)
    with pytest.raises(ServiceError) as error:
        upload_transcript(match=match, by=director, data=TEXT, column=1)
    assert error.value.code == "column_not_a_player" and error.value.field == "column"
    with pytest.raises(ServiceError) as error:
        upload_transcript(match=match, by=user1, data=TEXT, column=3)
    assert error.value.code == "bad_column"
    assert not MatchTranscript.objects.filter(match=match).exists()  # nothing half-saved
    # without a column, the director's upload is taken
    assert upload_transcript(match=match, by=director, data=TEXT, queue=False).pk


@pytest.mark.parametrize(
    ("fields", "text", "code", "sentence"),
    [
        ({"length": 5}, TEXT, "length", "The file is a 3-point match; this match is to 5."),
        ({"variant": "nardy"}, TEXT, "variant", "The file is a game of backgammon"),
        ({}, FIRST_GAME_ONLY, "unfinished", "The file stops at 0–2, before the end of this 3"),
    ],
)
def test_a_file_that_does_not_fit_says_what_is_off(
    django_capture_on_commit_callbacks, fields, text, code, sentence
) -> None:
    match, user1, _ = demo_match(**fields)
    transcript = upload(match, user1, text, django_capture_on_commit_callbacks)
    codes = [item["code"] for item in transcript.disagreements]
    assert code in codes
    assert any(sentence in describe(item) for item in transcript.disagreements)
    assert not match.results.exists() and not match.games.exists()


def test_a_result_entered_by_hand_is_only_compared(django_capture_on_commit_callbacks) -> None:
    match, user1, _ = demo_match()
    entered = enter_final_score(match=match, by=user1, score1=Decimal(0), score2=Decimal(3))
    entered.refresh_from_db()
    transcript = upload(match, user1, TEXT, django_capture_on_commit_callbacks)
    assert list(match.results.all()) == [entered] and entered.transcript is None
    assert transcript.agrees_with_result is True


def test_an_illegal_file_proposes_nothing(django_capture_on_commit_callbacks) -> None:
    match, user1, _ = demo_match()
    illegal = TEXT.replace("1) 21: 13/11 24/23", "1) 21: 13/10 24/23")
    transcript = upload(match, user1, illegal, django_capture_on_commit_callbacks)
    assert transcript.verdict["valid"] is False
    assert not match.results.exists()


def test_through_the_api_and_the_match_page(client, django_capture_on_commit_callbacks) -> None:
    match, user1, user2 = demo_match()
    text = TEXT.replace("Aram P.", "Guest17").replace("Bella I.", "Guest42")
    token = Token.objects.create(user=user1)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            f"/api/matches/{match.pk}/transcripts/",
            {"text": text, "column": 1},
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Token {token.key}",
        )
    assert answer.status_code == 202, answer.content
    assert answer.json()["uploader_column"] == 1
    results = client.get(
        f"/api/results/?match={match.pk}", HTTP_AUTHORIZATION=f"Token {token.key}"
    ).json()
    rows = results["results"] if isinstance(results, dict) else results
    assert rows[0]["transcript"] == answer.json()["id"]
    # a bad column is a 400 naming the field
    bad = client.post(
        f"/api/matches/{match.pk}/transcripts/",
        {"text": text, "column": 7},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token.key}",
    )
    assert bad.status_code == 400 and "column" in bad.content.decode()
    # the opponent sees the mark and confirms with one tap
    client.force_login(user2)
    page = client.get(reverse("games:match_detail", args=[match.pk])).content.decode()
    assert 'data-testid="checked-by-engine"' in page
    result = MatchResult.objects.get(match=match)
    client.post(reverse("games:confirm_result", args=[match.pk, result.pk]))
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED


def test_the_page_form_takes_a_column_in_russian(client, django_capture_on_commit_callbacks) -> None:
    match, user1, _ = demo_match()
    client.force_login(user1)
    page = client.get(
        reverse("games:match_detail", args=[match.pk]), HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    assert "Ваш столбец в файле" in page
    text = TEXT.replace("Aram P.", "Guest17").replace("Bella I.", "Guest42")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("games:upload_transcript", args=[match.pk]),
            {"file": SimpleUploadedFile("m.mat", text.encode()), "column": "1"},
        )
    result = match.results.get()
    assert (result.score1, result.score2) == (Decimal(0), Decimal(4))
