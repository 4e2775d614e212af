"""The match as a `.mat` file: the download link on the match page and the API's
``GET /api/matches/{id}/mat/``, written from the transcript the site holds. The round
trip: GNU Backgammon imports the download without a warning and holds every play, cube
action, result and score that the site's record of the match holds."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from engine.replay import replay
from engine.transcript import read_transcript
from games.services import upload_transcript
from games.services.transcripts import check_transcript
from tests.engine.transcript.gnubg_oracle import gnubg_available, gnubg_import, same_as_gnubg
from tests.engine.transcript.shared import SHARED
from tests.games.match_factories import MatchFactory, player_with_login

pytestmark = [pytest.mark.django_db]

DEMO = (Path(__file__).resolve().parents[2] / "games" / "fixtures" / "demo-3pt.mat").read_text()
STUDIO = next(iter(sorted((SHARED / "data" / "real-matches" / "files").glob("*7pt_Backgammon_Studio*"))),
              None)
# A Backgammon Studio export: bar/off words, (2) repeats, Cannot Move, numbered Wins lines
STUDIO_TEXT = STUDIO.read_text() if STUDIO is not None else None


def _match_with(text: str, length: int, checked: bool = True):  # type: ignore[no-untyped-def]
    user, aram = player_with_login(display_name="Aram P.")
    _, bella = player_with_login(display_name="Bella I.")
    match = MatchFactory(player1=aram, player2=bella, length=length)
    transcript = upload_transcript(match=match, by=user, data=text, queue=False)
    if checked:
        check_transcript(transcript.pk)
    return match, user


def test_match_page_links_the_download_and_the_file_is_the_match() -> None:
    match, _ = _match_with(DEMO, 3)
    url = reverse("games:export_mat", args=[match.pk])
    html = Client().get(match.get_absolute_url()).content.decode()
    assert f'href="{url}"' in html
    response = Client().get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert f'filename="match-{match.pk}.mat"' in response["Content-Disposition"]
    exported = read_transcript(response.content)
    assert replay(exported).to_json()["games"] == replay(read_transcript(DEMO)).to_json()["games"]


def test_api_gives_the_mat_text() -> None:
    match, _ = _match_with(DEMO, 3, checked=False)  # an uploaded, not yet checked file too
    answer = Client().get(f"/api/matches/{match.pk}/mat/")
    assert answer.status_code == 200, answer.content
    data = answer.json()
    assert data["file_name"] == f"match-{match.pk}.mat"
    assert data["transcript"] == match.transcripts.get().pk
    assert replay(read_transcript(data["text"])).valid


def test_no_readable_transcript_is_a_404_not_a_500() -> None:
    match = MatchFactory(length=3)
    assert Client().get(reverse("games:export_mat", args=[match.pk])).status_code == 404
    answer = Client().get(f"/api/matches/{match.pk}/mat/")
    assert answer.status_code == 404 and "error" in answer.json()
    html = Client().get(match.get_absolute_url()).content.decode()
    assert reverse("games:export_mat", args=[match.pk]) not in html
    unreadable, _ = _match_with("hello, this is not a match\n", 3)
    assert Client().get(reverse("games:export_mat", args=[unreadable.pk])).status_code == 404


def test_the_download_is_seen_by_whom_sees_the_match() -> None:
    match, _ = _match_with(DEMO, 3)
    match.is_public = False
    match.save(update_fields=["is_public"])
    page = Client().get(match.get_absolute_url()).status_code
    download = Client().get(reverse("games:export_mat", args=[match.pk])).status_code
    assert (page, download) in ((200, 200), (404, 404))


@pytest.mark.skipif(not gnubg_available(), reason="the gnubg package is absent")
@pytest.mark.parametrize("source", ["demo", "studio"])
def test_the_download_round_trips_through_gnubg(source: str, tmp_path: Path) -> None:
    if source == "studio" and STUDIO_TEXT is None:
        pytest.skip("no shared Backgammon Studio file")
    text, length = (DEMO, 3) if source == "demo" else (STUDIO_TEXT, 7)
    match, _ = _match_with(text, length)
    downloaded = Client().get(reverse("games:export_mat", args=[match.pk])).content
    path = tmp_path / "download.mat"
    path.write_bytes(downloaded)
    imported = gnubg_import(path)
    assert imported["warnings"] == [], imported["warnings"][:3]
    site_record = read_transcript(match.transcripts.get().text)
    assert same_as_gnubg(site_record, imported) == []
