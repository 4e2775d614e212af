"""What the event standings read of the analyses (registered in tournaments.match_pr):
each match's PR and which players keep theirs to their clubs. One query each."""

from __future__ import annotations

from collections.abc import Collection

from analysis.models import (
    AnalysisKind,
    AnalysisStatus,
    MatchAnalysis,
    PlayerAnalysisPrivacy,
    PrVisibility,
)


def match_prs(match_ids: Collection[int]) -> dict[int, tuple[float | None, float | None]]:
    """{match id: (PR of player 1, PR of player 2)} from each match's latest finished
    GNU Backgammon analysis (a new depth counts once it is done)."""
    rows = (
        MatchAnalysis.objects.filter(
            match_id__in=list(match_ids), kind=AnalysisKind.GNUBG, status=AnalysisStatus.DONE
        )
        .order_by("match_id", "-finished_at", "-pk")
        .values_list("match_id", "pr1", "pr2")
    )
    found: dict[int, tuple[float | None, float | None]] = {}
    for match_id, pr1, pr2 in rows:
        if match_id not in found:
            found[match_id] = (None if pr1 is None else float(pr1), None if pr2 is None else float(pr2))
    return found


def private_players(player_ids: Collection[int]) -> set[int]:
    """The players who show their PR to their clubs only."""
    return set(
        PlayerAnalysisPrivacy.objects.filter(
            player_id__in=list(player_ids), pr_visibility=PrVisibility.CLUB
        ).values_list("player_id", flat=True)
    )
