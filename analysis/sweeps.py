"""The periodic sweep (nardy_site.tasks.sweep): analyse every valid transcript.

Transcripts checked while no worker queued their analysis (checked in-process, or
before this app existed) are found here and queued, a batch at a time.
"""

from __future__ import annotations

from analysis.services import request_analysis
from games.models import MatchTranscript, TranscriptStatus

BATCH = 100


def sweep() -> int:
    waiting = MatchTranscript.objects.filter(
        status=TranscriptStatus.CHECKED, verdict__valid=True, analyses__isnull=True
    ).order_by("pk")[:BATCH]
    return sum(request_analysis(transcript) is not None for transcript in waiting)
