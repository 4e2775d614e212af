"""The ratings of a result that became official in a transaction of its own.

A result action that is its own transaction (``games.services.results.result_action``)
saves its match ``ratings_due`` and does not touch the rating lists: it would hold the
list's row (one per game type, so site-wide) and the event's row locked while the
ratings are worked out, and every other confirmation would queue behind it. Right after
it commits, ``rate_due_match`` brings the lists up to date in a short transaction of its
own, in the same request (so its next request reads the new ratings), and clears the
mark with the ratings it wrote. If the process dies in between, the mark stays and the
periodic sweep (``leaderboard.sweeps``) catches up: ``catch_up`` rates every match left
due, and a match is never rated twice (its row is locked and the mark checked first).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Exists, OuterRef

from games.models import Match, MatchResult, ResultStatus
from leaderboard.services import ratings, tournament_points
from tournaments.models import Pairing, Tournament

CATCH_UP_BATCH = 200


def rate_due_match(match_id: int) -> bool:
    """Bring the rating lists (and a finished event's points) up to date for a match
    marked ``ratings_due``, in a transaction of their own; False when it was not due
    (done already, by the request or the sweep)."""
    confirmed = MatchResult.objects.filter(match=OuterRef("pk"), status=ResultStatus.CONFIRMED)
    finished = Pairing.objects.filter(match=OuterRef("pk"), tournament__status=Tournament.Status.FINISHED)
    with transaction.atomic():
        match = next(iter(
            Match.objects.select_for_update(of=("self",)).filter(pk=match_id, ratings_due=True)
            .annotate(has_confirmed=Exists(confirmed), in_finished_event=Exists(finished))[:1]
        ), None)
        if match is None:
            return False
        ratings.record(match, as_read=True)
        if match.in_finished_event:  # a correction after the event ended: its points too
            tournament_points.score_tournament(tournament=Tournament.objects.get(pairings__match=match))
        Match.objects.filter(pk=match_id).update(ratings_due=False)
    return True


def catch_up(limit: int = CATCH_UP_BATCH) -> int:
    """Rate the matches left due (a crash between a result's commit and its ratings'), in
    the lists' order; returns how many were rated. Safe beside the requests' own runs."""
    due = Match.objects.filter(ratings_due=True).order_by("played_at", "pk")
    return sum(rate_due_match(pk) for pk in list(due.values_list("pk", flat=True)[:limit]))
