"""The stored figures are GNU Backgammon's own: ``show statistics match`` of the same
file at the same depth, from a separate GNU Backgammon run (real gnubg throughout)."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from analysis.gnubg_text import parse_statistics
from analysis.models import AnalysisStatus, GameAnalysis
from tests.analysis.conftest import analyse, checked_transcript
from tests.analysis.reference import show_statistics

pytestmark = pytest.mark.django_db

# Short matches with mistakes at 0-ply (noisy players), one without, one of one game.
FILES = ["m02-1pt.mat", "m05-3pt.mat", "m12-7pt.mat", "m14-7pt.mat", "m10-5pt.mat"]


@pytest.mark.parametrize("name", FILES)
def test_the_stored_figures_equal_gnubgs_show_statistics_match(
    name: str, gnubg_matches, django_capture_on_commit_callbacks
) -> None:
    path = gnubg_matches / name
    transcript = checked_transcript(path)
    analysis = analyse(transcript, django_capture_on_commit_callbacks, plies=0)
    assert analysis.status == AnalysisStatus.DONE, analysis.error_code
    expected = parse_statistics(show_statistics(path, 0))
    assert analysis.figures == expected
    assert analysis.games_done == analysis.games_total == analysis.games.count()
    # PR: GNU Backgammon's overall error rate (mEMG) halved, per seat
    for seat, pr in ((1, analysis.pr1), (2, analysis.pr2)):
        side = analysis.seats.index(seat)
        rate = expected["sides"][side]["overall"]["error_rate"][0]
        assert pr == (abs(Decimal(str(rate))) / 2).quantize(Decimal("0.01"))


def test_the_parser_reads_what_gnubg_printed(gnubg_matches) -> None:
    text = show_statistics(gnubg_matches / "m14-7pt.mat", 0)
    figures = parse_statistics(text)
    unforced = re.search(r"^Unforced moves\s+(\d+)\s+(\d+)", text, re.MULTILINE)
    assert [side["chequer"]["unforced_moves"] for side in figures["sides"]] == [
        int(unforced[1]), int(unforced[2])
    ]  # fmt: skip
    overall = text[text.index("Overall statistics") :]
    rates = re.search(r"Error rate mEMG \(MWC\)\s+(\S+)\s+\(\s*(\S+)%\)\s+(\S+)", overall)
    assert figures["sides"][0]["overall"]["error_rate"] == [float(rates[1]), float(rates[2])]
    assert figures["sides"][1]["overall"]["error_rate"][0] == float(rates[3])
    assert figures["players"] == ["Ann Lee", "Bob"]


def test_each_decision_has_the_equity_lost_and_the_best_play(
    gnubg_matches, django_capture_on_commit_callbacks
) -> None:
    analysis = analyse(
        checked_transcript(gnubg_matches / "m14-7pt.mat"), django_capture_on_commit_callbacks, 0
    )
    decisions = [d for game in GameAnalysis.objects.filter(analysis=analysis) for d in game.decisions]
    moves = [d for d in decisions if d["kind"] == "move" and d["best"]]
    assert moves and all(d["equity_lost"] >= 0 for d in moves)
    marked = [d for d in moves if any(a["text"].endswith(" move") for a in d["alerts"])]
    # as many marked moves as the statistics count doubtful, bad and very bad
    chequer = [side["chequer"] for side in analysis.figures["sides"]]
    assert len(marked) == sum(c["doubtful"] + c["bad"] + c["very_bad"] for c in chequer)
    for decision in marked:
        assert decision["played"] != decision["best"]
        assert decision["equity_lost"] == pytest.approx(
            decision["best_equity"] - decision["played_equity"], abs=0.0015
        )
    best_played = [d for d in moves if d["played"] == d["best"]]
    assert best_played and all(d["equity_lost"] == 0 for d in best_played)
