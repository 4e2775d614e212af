"""A real Redis, the real default worker and a real analysis worker, killed in the middle
of an analysis: the restarted worker resumes at the next game, analyses none twice, and
loses nothing."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.db import connections
from django.utils import timezone

from analysis.gnubg_text import parse_statistics
from analysis.models import AnalysisStatus, ClubAnalysisSettings, GameAnalysis, MatchAnalysis
from engine.transcript import read_transcript
from games.services import upload_transcript
from nardy_site.celery import app as celery_app
from outbox.services import sweep
from tests.analysis.reference import show_statistics
from tests.analysis.workers import kill, start_analysis_worker
from tests.factories import PlayerFactory, UserFactory
from tests.games.match_factories import MatchFactory
from tests.support.celery_worker import database_url_for

pytestmark = [pytest.mark.e2e]


def wait_for(condition, timeout: float, what: str):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_killed_analysis_worker_resumes_at_the_next_game(
    celery_worker, redis_server, gnubg_matches, tmp_path
) -> None:
    path = gnubg_matches / "m27-17pt.mat"  # 16 games
    text = path.read_text()
    record = read_transcript(text)
    left, right = (PlayerFactory(name=name, display_name=name) for name in record.players)
    director = UserFactory()
    match = MatchFactory(player1=left, player2=right, length=record.match_length)
    match.club.directors.add(director)
    ClubAnalysisSettings.objects.create(club=match.club, plies=1)  # the club's depth
    database_url = database_url_for(connections["default"].settings_dict)
    first = start_analysis_worker(
        celery_app, redis_server.url, database_url, tmp_path / "first.log", "analysis-first"
    )
    try:
        # the upload queues the check (default worker), which queues the analysis
        upload_transcript(match=match, by=director, data=text, file_name=path.name)
        analysis = wait_for(
            lambda: MatchAnalysis.objects.filter(match=match).first(), 120, "the analysis"
        )
        assert analysis.plies == 1
        wait_for(
            lambda: GameAnalysis.objects.filter(analysis=analysis).count() >= 3,
            180,
            f"three games analysed\n{first.log()}",
        )
    finally:
        kill(first)
    killed_at = timezone.now()
    before = {
        game.index: (game.pk, game.analysed_at)
        for game in GameAnalysis.objects.filter(analysis=analysis)
    }
    analysis.refresh_from_db()
    assert analysis.status == AnalysisStatus.RUNNING and len(before) < analysis.games_total

    second = start_analysis_worker(
        celery_app, redis_server.url, database_url, tmp_path / "second.log", "analysis-second"
    )
    try:
        # celery beat's outbox sweep, once the row's lease is over, publishes it again
        sweep(now=timezone.now() + timedelta(hours=1))
        wait_for(
            lambda: MatchAnalysis.objects.get(pk=analysis.pk).status == AnalysisStatus.DONE,
            300,
            f"the resumed analysis\n{second.log()}",
        )
    finally:
        second.stop()
    analysis.refresh_from_db()
    games = list(GameAnalysis.objects.filter(analysis=analysis).order_by("index"))
    assert [game.index for game in games] == list(range(analysis.games_total))
    assert analysis.games_done == analysis.games_total == len(record.games)
    for game in games:
        if game.index in before:  # kept as it was: not analysed again
            assert (game.pk, game.analysed_at) == before[game.index]
        else:  # analysed once, by the restarted worker
            assert game.analysed_at >= killed_at
    # the counts are GNU Backgammon's own for the whole match at the same depth
    expected = parse_statistics(show_statistics(path, 1))
    assert analysis.figures["combined"] is True
    for side in (0, 1):
        for section in ("chequer", "cube"):
            for key in ("total_moves", "unforced_moves", "doubtful", "bad", "very_bad"):
                if key in expected["sides"][side][section]:
                    assert (
                        analysis.figures["sides"][side][section][key]
                        == expected["sides"][side][section][key]
                    )
        for section in ("chequer", "overall"):
            got = analysis.figures["sides"][side][section]["error_rate"][0]
            assert got == pytest.approx(expected["sides"][side][section]["error_rate"][0], abs=0.1)
