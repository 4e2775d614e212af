"""Demo data: the demo match's transcript analysed at 0-ply (in this process, about a
second), so that the match page and its analysis page have something to show."""

from __future__ import annotations

from typing import TextIO

from analysis.models import AnalysisStatus
from analysis.services import request_analysis, run_analysis
from games.models import MatchTranscript, TranscriptStatus


def populate(stdout: TextIO) -> None:
    checked = MatchTranscript.objects.filter(status=TranscriptStatus.CHECKED, verdict__valid=True)
    for transcript in checked.order_by("pk"):
        analysis = request_analysis(transcript, 0)
        if analysis is not None and analysis.status != AnalysisStatus.DONE:
            run_analysis(analysis.pk)
            stdout.write(f"Analysed {transcript.match} with GNU Backgammon.\n")
