"""Every valid transcript, once checked, is analysed: connected in AnalysisConfig.ready()."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save
from django.http import HttpRequest
from django.utils.translation import gettext

from analysis import standings_pr
from analysis.selectors import milestones as milestones_of
from analysis.services import analysable, request_analysis
from clubs import club_page, player_page
from clubs.club_page import Section
from clubs.models import Club, Player
from clubs.permissions import can_manage_club
from games.models import MatchTranscript
from nardy_site.celery import app as celery_app
from tournaments import match_pr


def analyse_checked_transcript(sender: Any, instance: MatchTranscript, **kwargs: Any) -> None:
    """Queue the analysis as soon as a worker has checked the transcript. A check run
    in-process (tasks run eagerly: NARDY_CELERY_EAGER, the tests) leaves it to the
    periodic sweep (analysis.sweeps), so that GNU Backgammon never runs in a request."""
    if celery_app.conf.task_always_eager or kwargs.get("raw"):  # raw: loaded from an archive
        return
    if analysable(instance) is not None:
        request_analysis(instance)


def club_section(club: Club, request: HttpRequest) -> Section:
    """The club's PR table, and for its directors the analysis depths."""
    manages = can_manage_club(request.user, club)
    return Section(
        gettext("Match analysis"), "analysis/_club_link.html", {"manages": manages}, order=60
    )


def player_section(player: Player, request: HttpRequest) -> Section | None:
    """The player's PR milestones, as far as this reader may see them."""
    rows = milestones_of(player, request.user)
    if not rows:
        return None
    return Section(gettext("PR milestones"), "analysis/_milestones.html", {"rows": rows}, order=10)


def connect() -> None:
    player_page.register(player_section)
    club_page.register(club_section)
    match_pr.register(prs=standings_pr.match_prs, private=standings_pr.private_players)
    post_save.connect(
        analyse_checked_transcript,
        sender=MatchTranscript,
        dispatch_uid="analysis.analyse_checked_transcript",
    )
