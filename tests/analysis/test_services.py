"""Analyses through the service and the outbox (eager here), with real GNU Backgammon:
a file it cannot read, another depth, long nardy, privacy, the sweep."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone, translation
from rest_framework.authtoken.models import Token

from analysis.models import (
    AnalysisKind,
    AnalysisStatus,
    MatchAnalysis,
    PlayerAnalysisPrivacy,
    PrVisibility,
)
from analysis.services import ERRORS, run_analysis
from analysis.sweeps import sweep
from clubs.models import Membership
from games.models import MatchTranscript, TranscriptStatus
from tests.analysis.conftest import analyse, checked_transcript
from tests.factories import PlayerFactory, UserFactory
from tests.games.match_factories import MatchFactory

pytestmark = pytest.mark.django_db

NARDY = (
    Path(__file__).resolve().parents[1] / "engine" / "transcript" / "data" / "nardy-doc-example.mat"
)


def test_a_file_gnubg_cannot_import_says_so_in_the_readers_language(
    client, django_capture_on_commit_callbacks
) -> None:
    match = MatchFactory()
    # checked as valid by the engine, but not something GNU Backgammon reads as a match
    transcript = MatchTranscript.objects.create(
        match=match, text="this is not a match\n", status=TranscriptStatus.CHECKED,
        verdict={"valid": True, "variant": "backgammon"},
    )  # fmt: skip
    analysis = analyse(transcript, django_capture_on_commit_callbacks, 0)
    assert analysis.status == AnalysisStatus.FAILED and analysis.error_code == "import_failed"
    with translation.override("ru"):
        russian = str(ERRORS["import_failed"])
    assert russian != str(ERRORS["import_failed"])  # the catalogue has it
    page = client.get(
        reverse("analysis:match_analysis", args=[match.pk]), HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert page.status_code == 200 and russian in page.content.decode()


def test_another_depth_replaces_nothing_until_it_is_done(
    gnubg_matches, client, django_capture_on_commit_callbacks
) -> None:
    transcript = checked_transcript(gnubg_matches / "m02-1pt.mat")
    first = analyse(transcript, django_capture_on_commit_callbacks, 0)
    assert first.status == AnalysisStatus.DONE
    # a deeper analysis asked for, not yet run: the page still shows the 0-ply one
    second = MatchAnalysis.objects.create(
        transcript=transcript, match=transcript.match, kind=AnalysisKind.GNUBG, plies=1
    )
    url = reverse("analysis:match_analysis", args=[transcript.match.pk])
    page = client.get(url).content.decode()
    assert "at 0-ply" in page and 'data-testid="analysis-progress"' in page
    run_analysis(second.pk)
    second.refresh_from_db()
    assert second.status == AnalysisStatus.DONE
    page = client.get(url).content.decode()
    assert "at 1-ply" in page and 'data-testid="analysis-progress"' not in page
    first.refresh_from_db()
    assert first.status == AnalysisStatus.DONE  # kept, not overwritten


def test_running_twice_analyses_nothing_again(
    gnubg_matches, django_capture_on_commit_callbacks
) -> None:
    transcript = checked_transcript(gnubg_matches / "m05-3pt.mat")
    analysis = analyse(transcript, django_capture_on_commit_callbacks, 0)
    games = list(analysis.games.values_list("pk", "analysed_at"))
    assert run_analysis(analysis.pk) is None  # done: nothing to do
    assert list(analysis.games.values_list("pk", "analysed_at")) == games


def test_long_nardy_gets_figures_without_evaluation_and_says_why_there_is_no_pr(
    client, django_capture_on_commit_callbacks
) -> None:
    transcript = checked_transcript(NARDY, variant="nardy")
    assert transcript.verdict["valid"] is True
    analysis = analyse(transcript, django_capture_on_commit_callbacks)
    assert analysis.kind == AnalysisKind.NARDY and analysis.status == AnalysisStatus.DONE
    sides = analysis.figures["sides"]
    # the worked example: Alice bears off all 15 from her 24-point start (15 x 24 pips)
    assert sides[0]["pips"] == 15 * 24
    assert sides[0]["hits"] == sides[1]["hits"] == 0  # nothing is hit in long nardy
    assert sides[0]["turns_on_bar"] == 0
    assert sides[0]["doubles_rolled"] >= 1 and analysis.pr1 is None
    page = client.get(reverse("games:match_detail", args=[transcript.match.pk])).content.decode()
    assert 'data-testid="no-pr"' in page and "GNU Backgammon does not play long nardy" in page


def test_a_player_who_keeps_their_pr_to_their_clubs(
    gnubg_matches, client, django_capture_on_commit_callbacks
) -> None:
    transcript = checked_transcript(gnubg_matches / "m14-7pt.mat")
    analysis = analyse(transcript, django_capture_on_commit_callbacks, 0)
    match = transcript.match
    PlayerAnalysisPrivacy.objects.create(player=match.player1, pr_visibility=PrVisibility.CLUB)
    api = client.get(f"/api/match-analyses/{analysis.pk}/", HTTP_ACCEPT="application/json")
    players = {row["seat"]: row for row in api.json()["players"]}
    assert players[1]["visible"] is False and players[1]["pr"] is None
    assert players[1]["figures"] is None
    assert players[2]["visible"] is True and float(players[2]["pr"]) == float(analysis.pr2)
    assert players[2]["pr"] == f"{analysis.pr2:.2f}"  # a decimal string, as the schema says
    assert api.json()["computed_by"] == "GNU Backgammon"
    # the club's season table leaves the player out for outsiders
    table_url = reverse("analysis:club_pr_table", args=[match.club.slug])
    table = client.get(table_url).content.decode()
    assert str(match.player2) in table and str(match.player1) not in table
    table_heading = re.search(r"<h1>(.*?)</h1>", table, re.DOTALL).group(1)
    assert str(timezone.localdate().year) in table_heading
    for season in ("²", "1800", "99999999999999999999999"):  # not a season: this year's table
        odd = client.get(table_url, {"season": season})
        assert odd.status_code == 200 and str(match.player2) in odd.content.decode()
        assert f"<h1>{table_heading}</h1>" in odd.content.decode()
    # and so does the player's PR over time
    hidden = client.get(reverse("analysis:player_pr", args=[match.player1.pk])).content.decode()
    assert 'data-testid="pr-chart"' not in hidden and str(analysis.pr1) not in hidden
    shown = client.get(reverse("analysis:player_pr", args=[match.player2.pk])).content.decode()
    assert 'data-testid="pr-chart"' in shown and str(analysis.pr2) in shown
    # a member of the player's club sees it
    member = UserFactory()
    Membership.objects.create(club=match.club, player=PlayerFactory(user=member))
    Membership.objects.create(club=match.club, player=match.player1)
    client.force_login(member)  # the pages
    token = Token.objects.create(user=member)  # the API
    api = client.get(
        f"/api/match-analyses/{analysis.pk}/",
        HTTP_ACCEPT="application/json",
        HTTP_AUTHORIZATION=f"Token {token.key}",
    )
    seat1 = next(row for row in api.json()["players"] if row["seat"] == 1)
    assert seat1["visible"] is True and float(seat1["pr"]) == float(analysis.pr1)
    table = client.get(table_url).content.decode()
    assert str(match.player1) in table and str(analysis.pr1) in table


def test_a_private_events_analysis_stays_in_its_club(
    gnubg_matches, client, django_capture_on_commit_callbacks
) -> None:
    transcript = checked_transcript(gnubg_matches / "m02-1pt.mat", is_public=False)
    analysis = analyse(transcript, django_capture_on_commit_callbacks, 0)
    assert (
        client.get(reverse("analysis:match_analysis", args=[transcript.match.pk])).status_code
        == 404
    )
    listed = client.get("/api/match-analyses/", HTTP_ACCEPT="application/json").json()
    assert analysis.pk not in [row["id"] for row in listed["results"]]
    assert (
        client.get(
            f"/api/match-analyses/{analysis.pk}/", HTTP_ACCEPT="application/json"
        ).status_code
        == 404
    )


def test_the_sweep_queues_every_valid_transcript_not_analysed_yet(
    gnubg_matches, django_capture_on_commit_callbacks
) -> None:
    transcript = checked_transcript(gnubg_matches / "m01-1pt.mat")
    assert not transcript.analyses.exists()  # checked in-process: left to the sweep
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep() == 1
    assert transcript.analyses.get().status == AnalysisStatus.DONE
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep() == 0


def test_a_game_that_takes_too_long_is_stopped_and_said_so(
    gnubg_matches, settings, django_capture_on_commit_callbacks
) -> None:
    settings.ANALYSIS_GAME_SECONDS = 0.05  # less than GNU Backgammon needs to start
    transcript = checked_transcript(gnubg_matches / "m02-1pt.mat")
    analysis = analyse(transcript, django_capture_on_commit_callbacks, 0)
    assert analysis.status == AnalysisStatus.FAILED and analysis.error_code == "timeout"
    assert not analysis.games.exists()
