"""Matches of the shared GNU Backgammon files, uploaded and checked, ready to analyse."""

from __future__ import annotations

from pathlib import Path

import pytest

from analysis.models import MatchAnalysis
from analysis.services import request_analysis
from engine.transcript import read_transcript
from games.models import MatchTranscript
from games.services import upload_transcript
from games.services.transcripts import check_transcript
from tests.factories import PlayerFactory, UserFactory
from tests.games.match_factories import MatchFactory


@pytest.fixture
def gnubg_matches(shared_dir: Path) -> Path:
    folder = shared_dir / "data" / "gnubg-matches"
    if not folder.is_dir():
        pytest.skip(f"no shared matches in {folder}")
    return folder


def checked_transcript(path: Path, *, variant: str = "backgammon", **match_options) -> MatchTranscript:  # type: ignore[no-untyped-def]
    """A match between the file's players (by name), its transcript uploaded and checked."""
    text = path.read_text()
    record = read_transcript(text)
    left, right = (PlayerFactory(name=name, display_name=name) for name in record.players)
    director = UserFactory()
    match = MatchFactory(
        player1=left, player2=right, length=record.match_length, variant=variant,
        **match_options,
    )  # fmt: skip
    match.club.directors.add(director)
    transcript = upload_transcript(match=match, by=director, data=text, file_name=path.name, queue=False)
    check_transcript(transcript.pk)
    transcript.refresh_from_db()
    return transcript


def analyse(transcript: MatchTranscript, capture, plies: int | None = None) -> MatchAnalysis:  # type: ignore[no-untyped-def]
    """Ask for the analysis and let the outbox run it (eagerly, in this process)."""
    with capture(execute=True):
        analysis = request_analysis(transcript, plies)
    assert analysis is not None
    analysis.refresh_from_db()
    return analysis
