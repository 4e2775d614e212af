"""Analyses of match transcripts, their games, and who asked for which depth.

The depth settings of a club and of an event live here (keyed to them) so that the
events' own models stay as they are; a player's choice of who sees their PR too.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from games.models import Match, MatchTranscript

MAX_PLIES = 2  # 2-ply takes ~35 times as long as 0-ply; deeper is for rollouts at home


class Depth(models.IntegerChoices):
    PLY_0 = 0, _("0-ply (fast)")
    PLY_1 = 1, _("1-ply")
    PLY_2 = 2, _("2-ply (slow, stronger)")


class ClubAnalysisSettings(models.Model):
    """A club's default analysis depth (0-ply unless its directors ask for more)."""

    club = models.OneToOneField(
        Club, on_delete=models.CASCADE, related_name="analysis_settings", verbose_name=_("club")
    )
    plies = models.PositiveSmallIntegerField(
        _("analysis depth"), choices=Depth.choices, default=Depth.PLY_0
    )
    # PR thresholds (as decimal strings, highest first): a player whose analysed match in
    # the club has a PR under one earns that milestone (analysis.milestones).
    pr_milestones = models.JSONField(_("PR milestones"), default=list, blank=True)

    class Meta:
        verbose_name = _("club analysis settings")
        verbose_name_plural = _("club analysis settings")


class EventAnalysisSettings(models.Model):
    """An event's analysis depth; without one, its club's."""

    tournament = models.OneToOneField(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="analysis_settings",
        verbose_name=_("event"),
    )
    plies = models.PositiveSmallIntegerField(_("analysis depth"), choices=Depth.choices)

    class Meta:
        verbose_name = _("event analysis settings")
        verbose_name_plural = _("event analysis settings")


class PrVisibility(models.TextChoices):
    PUBLIC = "public", _("everyone")
    CLUB = "club", _("my clubs only")


class PlayerAnalysisPrivacy(models.Model):
    """Who sees a player's PR and luck: everyone (the default) or their clubs only."""

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, related_name="analysis_privacy", verbose_name=_("player")
    )
    pr_visibility = models.CharField(
        _("who sees my PR"), max_length=8, choices=PrVisibility.choices,
        default=PrVisibility.PUBLIC,
    )  # fmt: skip

    class Meta:
        verbose_name = _("PR privacy")
        verbose_name_plural = _("PR privacy")


class AnalysisStatus(models.TextChoices):
    QUEUED = "queued", _("waiting for the analysis worker")
    RUNNING = "running", _("being analysed")
    DONE = "done", _("analysed")
    FAILED = "failed", _("not analysed")


class AnalysisKind(models.TextChoices):
    GNUBG = "gnubg", _("GNU Backgammon")
    NARDY = "nardy", _("long nardy statistics")


class MatchAnalysis(models.Model):
    """One analysis of one transcript at one depth.

    A new depth is a new row: the match page shows the latest finished one until the
    new one is done, so re-analysis replaces nothing before it has finished.
    """

    transcript = models.ForeignKey(
        MatchTranscript, on_delete=models.CASCADE, related_name="analyses",
        verbose_name=_("transcript"),
    )  # fmt: skip
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="analyses", verbose_name=_("match")
    )
    kind = models.CharField(
        _("kind"), max_length=8, choices=AnalysisKind.choices, default=AnalysisKind.GNUBG
    )
    plies = models.PositiveSmallIntegerField(_("depth"), choices=Depth.choices, default=0)
    status = models.CharField(
        _("status"), max_length=8, choices=AnalysisStatus.choices, default=AnalysisStatus.QUEUED
    )
    games_total = models.PositiveSmallIntegerField(_("games"), null=True, blank=True)
    games_done = models.PositiveSmallIntegerField(_("games analysed"), default=0)
    # The file's players as GNU Backgammon read them (left column first) and the match
    # seat (1 or 2) of each, when the names are those of the match's players.
    file_players = models.JSONField(_("players in the file"), default=list, blank=True)
    seats = models.JSONField(_("seats"), null=True, blank=True)
    # ``show statistics match`` as GNU Backgammon printed it (see analysis.gnubg_text),
    # or the figures added up from the games after a resumed analysis ("combined").
    figures = models.JSONField(_("figures"), null=True, blank=True)
    pr1 = models.DecimalField(_("PR of player 1"), max_digits=6, decimal_places=2, null=True)
    pr2 = models.DecimalField(_("PR of player 2"), max_digits=6, decimal_places=2, null=True)
    error_code = models.CharField(_("error"), max_length=40, blank=True)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    # Who is analysing now: a worker process takes the row until ``locked_until``.
    locked_by = models.CharField(max_length=200, blank=True)
    locked_until = models.DateTimeField(null=True, blank=True)
    cpu_seconds = models.FloatField(_("worker time (s)"), default=0)
    created_at = models.DateTimeField(_("asked for at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("match analysis")
        verbose_name_plural = _("match analyses")
        constraints = [
            models.UniqueConstraint(
                fields=["transcript", "kind", "plies"], name="analysis_one_per_transcript_depth"
            ),
            models.CheckConstraint(
                condition=Q(plies__lte=MAX_PLIES), name="analysis_depth_in_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} ({self.get_kind_display()}, {self.plies}-ply)"

    def get_club(self) -> Club:
        return self.match.club

    @property
    def progress_percent(self) -> int:
        if not self.games_total:
            return 0
        return round(100 * self.games_done / self.games_total)


class GameAnalysis(models.Model):
    """One analysed game: stored as soon as it is done, so a restart resumes after it."""

    analysis = models.ForeignKey(
        MatchAnalysis, on_delete=models.CASCADE, related_name="games", verbose_name=_("analysis")
    )
    index = models.PositiveSmallIntegerField(_("game"))  # 0-based, in file order
    statistics = models.JSONField(_("statistics"))
    raw = models.TextField(_("saved statistics"), blank=True)
    decisions = models.JSONField(_("decisions"), default=list)
    cpu_seconds = models.FloatField(_("worker time (s)"), default=0)
    analysed_at = models.DateTimeField(_("analysed at"), auto_now_add=True)

    class Meta:
        ordering = ["analysis", "index"]
        verbose_name = _("game analysis")
        verbose_name_plural = _("game analyses")
        constraints = [
            models.UniqueConstraint(fields=["analysis", "index"], name="analysis_game_once"),
        ]

    @property
    def number(self) -> int:
        return self.index + 1


class PrMilestone(models.Model):
    """A player's first analysed match in a club with a PR under one of the club's
    thresholds: earned once (a re-analysis at another depth finds it there)."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="pr_milestones", verbose_name=_("player")
    )
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="pr_milestones", verbose_name=_("club")
    )
    threshold = models.DecimalField(_("PR under"), max_digits=5, decimal_places=2)
    match = models.ForeignKey(
        Match, on_delete=models.SET_NULL, null=True, related_name="pr_milestones",
        verbose_name=_("match"),
    )  # fmt: skip
    pr = models.DecimalField(_("PR"), max_digits=6, decimal_places=2)
    reached_at = models.DateTimeField(_("reached at"))

    class Meta:
        ordering = ["-reached_at", "threshold"]
        verbose_name = _("PR milestone")
        verbose_name_plural = _("PR milestones")
        constraints = [
            models.UniqueConstraint(
                fields=["player", "club", "threshold"], name="pr_milestone_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: PR under {self.threshold}"
