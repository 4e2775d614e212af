"""Signal receivers: ratings follow confirmed results, points follow finished tournaments.

Connected in ``LeaderboardConfig.ready``; this app comes after ``tournaments`` and
``games`` in INSTALLED_APPS, so these receivers run after the tournaments app's own
``result_confirmed`` receiver (which moves the bracket and the places first).
``result_confirmed`` is sent inside the transaction that changed the result, and
``post_save`` inside the tournament service's, so ratings and points commit or roll
back with the change that caused them; except when the result's action is its own
transaction (``after_commit``): then the ratings follow in a short transaction of their
own right after it commits (``services.due``), so confirmations do not queue behind
each other on the rating list's row.

The tournaments app has no "tournament finished" signal: a saved tournament whose
status is finished is scored by ``on_tournament_saved`` (see
``services.tournament_points`` for every way points get worked out).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction
from django.db.models.signals import post_save

from games.models import Match
from games.signals import result_confirmed
from tournaments import rating_lookup
from tournaments.models import Pairing, Tournament


def on_result_confirmed(sender: type[Match], match: Match, after_commit: bool = False,
                        **kwargs: Any) -> None:
    from leaderboard.services import due, ratings, tournament_points

    if after_commit:  # the match was saved ratings_due: done after the commit, or by the sweep
        transaction.on_commit(partial(due.rate_due_match, match.pk), robust=True)
        return
    ratings.record_match(match=match)
    pairing = Pairing.objects.select_related("tournament").filter(match_id=match.pk).first()
    if pairing is not None and pairing.tournament.status == Tournament.Status.FINISHED:
        tournament_points.score_tournament(tournament=pairing.tournament)


def on_tournament_saved(sender: type[Tournament], instance: Tournament, **kwargs: Any) -> None:
    if kwargs.get("raw"):  # a row loaded as it was (a club's archive): its points came with it
        return
    from leaderboard.models import RankedEvent
    from leaderboard.services import tournament_points

    finished = instance.status == Tournament.Status.FINISHED
    if finished or RankedEvent.objects.filter(tournament=instance).exists():
        tournament_points.score_tournament(tournament=instance)


def club_section(club: Any, request: Any) -> Any:
    """The club page's links to the club's rankings and its players' ratings."""
    from django.utils.translation import gettext as _

    from clubs.club_page import Section

    return Section(_("Ratings and rankings"), "leaderboard/_club_links.html", {}, order=30)


def connect() -> None:
    from clubs import club_page
    from leaderboard.services.points import ratings_at

    club_page.register(club_section)
    rating_lookup.register(ratings_at)  # the draws seed by these ratings
    result_confirmed.connect(
        on_result_confirmed, sender=Match, dispatch_uid="leaderboard_ratings_on_result"
    )
    post_save.connect(
        on_tournament_saved, sender=Tournament, dispatch_uid="leaderboard_points_on_finish"
    )
