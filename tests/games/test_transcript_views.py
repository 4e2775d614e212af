"""The transcripts section and the replay viewer pages."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games.models import MatchTranscript
from games.services import upload_transcript
from games.services.transcripts import check_transcript
from tests.games.match_factories import MatchFactory, player_with_login

pytestmark = [pytest.mark.django_db]

TEXT = (Path(__file__).resolve().parents[2] / "games" / "fixtures" / "demo-3pt.mat").read_text()


@pytest.fixture
def checked():  # type: ignore[no-untyped-def]
    user, aram = player_with_login(display_name="Aram P.")
    _, bella = player_with_login(display_name="Bella I.")
    match = MatchFactory(player1=aram, player2=bella, length=3)
    transcript = upload_transcript(match=match, by=user, data=TEXT, queue=False)
    check_transcript(transcript.pk)
    return match, transcript, user


def replay_url(match, transcript, **query: object) -> str:  # type: ignore[no-untyped-def]
    url = reverse("games:transcript_replay", args=[match.pk, transcript.pk])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def test_the_match_page_shows_the_verdict(checked) -> None:  # type: ignore[no-untyped-def]
    match, _, _ = checked
    html = Client().get(match.get_absolute_url()).content.decode()
    assert "Every move is legal: 2 games checked." in html
    assert "No result has been entered to compare it with." in html


def test_steps_work_without_javascript(checked) -> None:  # type: ignore[no-untyped-def]
    match, transcript, _ = checked
    page = Client().get(replay_url(match, transcript, step=1))
    html = page.content.decode()
    assert page.status_code == 200 and "<html" in html
    assert "21: 13/11 24/23" in html
    assert 'href="?step=2&side=0"' in html and 'href="?step=0&side=0"' in html


def test_htmx_gets_the_viewer_alone_with_a_valid_board(checked) -> None:  # type: ignore[no-untyped-def]
    match, transcript, _ = checked
    page = Client().get(replay_url(match, transcript, step=2, side=1), HTTP_HX_REQUEST="true")
    html = page.content.decode()
    assert "<html" not in html and 'data-step="2"' in html
    svg = html[html.index("<svg") : html.index("</svg>") + len("</svg>")]
    root = ET.fromstring(svg)
    counts = sum(
        int(g.get("data-count"))
        for g in root.iter("{http://www.w3.org/2000/svg}g")
        if g.get("class") in ("point", "bar-checkers")
    )
    assert counts == 30


def test_out_of_range_steps_are_clamped(checked) -> None:  # type: ignore[no-untyped-def]
    match, transcript, _ = checked
    html = Client().get(replay_url(match, transcript, step=99999)).content.decode()
    assert "Wins" in html  # the last step: the end of game 2
    assert Client().get(replay_url(match, transcript, step="x")).status_code == 200


def test_upload_through_the_page_queues_after_commit(
    checked, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    match, _, user = checked
    client = Client()
    client.force_login(user)
    upload = SimpleUploadedFile("again.mat", TEXT.encode())
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = client.post(
            reverse("games:upload_transcript", args=[match.pk]),
            {"file": upload},
            HTTP_HX_REQUEST="true",
        )
    # the check is queued after the commit (and, as the file fits the match and nothing
    # was entered, the result it proposes is announced to the opponent)
    assert response.status_code == 200 and len(callbacks) >= 1
    assert "again.mat" in response.content.decode()
    assert MatchTranscript.objects.get(file_name="again.mat").status == "checked"


def test_strangers_cannot_upload(checked) -> None:  # type: ignore[no-untyped-def]
    match, _, _ = checked
    outsider, _ = player_with_login()
    client = Client()
    client.force_login(outsider)
    upload = SimpleUploadedFile("x.mat", TEXT.encode())
    response = client.post(reverse("games:upload_transcript", args=[match.pk]), {"file": upload})
    assert response.status_code == 403
    assert MatchTranscript.objects.count() == 1
