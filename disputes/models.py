"""Disputes: a disputed move (a position, the dice and the play made) or a disputed match
result (two claims, with a transcript when one was uploaded).

A dispute is saved first (``submitted``), checked by the engine in a Celery worker
(``checking`` → ``checked``, the verdict stored once), and ruled on by a director
(``ruled``) unless the submitter withdraws it. Every step is a ``DisputeEvent``.
Writes go through ``disputes.services``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club
from games.models import BlockRule, Match, MatchResult, MatchTranscript, Variant


class DisputeKind(models.TextChoices):
    MOVE = "move", _("disputed move")
    RESULT = "result", _("disputed result")


class DisputeStatus(models.TextChoices):
    # "dispute" context: the same English words name a transcript's status too, and
    # other languages agree them with a different noun.
    SUBMITTED = "submitted", pgettext_lazy("dispute", "submitted")
    CHECKING = "checking", pgettext_lazy("dispute", "being checked")
    CHECKED = "checked", pgettext_lazy("dispute", "checked")
    RULED = "ruled", pgettext_lazy("dispute", "ruled")
    WITHDRAWN = "withdrawn", pgettext_lazy("dispute", "withdrawn")


OPEN_STATUSES = (DisputeStatus.SUBMITTED, DisputeStatus.CHECKING, DisputeStatus.CHECKED)
WAITING_STATUSES = (DisputeStatus.SUBMITTED, DisputeStatus.CHECKING)


class Ruling(models.TextChoices):
    UPHELD = "upheld", _("complaint upheld: the play or result is corrected")
    OVERTURNED = "overturned", _("complaint rejected: the play or result stands as entered")
    REPLAY = "replay", _("replay from a given position")


class Dispute(models.Model):
    """One dispute. ``position_id``, ``dice1``/``dice2`` and ``notation`` describe a
    disputed move; ``claims`` the two sides of a disputed result. ``verdict`` is the
    engine's answer as JSON (see ``disputes.verdicts``), written once."""

    kind = models.CharField(_("kind"), max_length=8, choices=DisputeKind.choices)
    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="disputes", verbose_name=_("club")
    )
    match = models.ForeignKey(
        Match,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="disputes",
        verbose_name=_("match"),
    )
    game_number = models.PositiveSmallIntegerField(_("game"), null=True, blank=True)
    variant = models.CharField(
        _("variant"), max_length=12, choices=Variant.choices, default=Variant.BACKGAMMON
    )
    # Long nardy's six-point block rule the dispute is judged under: the match's, or the
    # one chosen for a standalone dispute; "" in backgammon, which has none.
    block_rule = models.CharField(
        _("six-point block rule"), max_length=8, choices=BlockRule.choices, blank=True, default=""
    )
    position_id = models.CharField(_("Position ID"), max_length=14, blank=True)
    dice1 = models.PositiveSmallIntegerField(_("first die"), null=True, blank=True)
    dice2 = models.PositiveSmallIntegerField(_("second die"), null=True, blank=True)
    on_roll_seat = models.PositiveSmallIntegerField(
        _("side on roll"),
        choices=[(1, _("player 1 / White")), (2, _("player 2 / Black"))],
        default=1,
    )
    notation = models.CharField(_("play made"), max_length=120, blank=True)
    statement = models.TextField(_("statement"), max_length=1000, blank=True)
    result = models.ForeignKey(
        MatchResult,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="disputes",
        verbose_name=_("disputed result"),
    )
    transcript = models.ForeignKey(
        MatchTranscript,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="disputes",
        verbose_name=_("transcript"),
    )
    claims = models.JSONField(_("claims"), default=dict, blank=True)

    status = models.CharField(
        _("status"), max_length=10, choices=DisputeStatus.choices, default=DisputeStatus.SUBMITTED
    )
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("submitted by"),
    )
    submitted_at = models.DateTimeField(_("submitted at"), auto_now_add=True)
    queued_at = models.DateTimeField(_("queued at"), null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(_("check attempts"), default=0)
    checked_at = models.DateTimeField(_("checked at"), null=True, blank=True)
    verdict = models.JSONField(_("verdict"), null=True, blank=True)

    ruling = models.CharField(_("ruling"), max_length=12, choices=Ruling.choices, blank=True)
    ruling_note = models.TextField(_("director's note"), blank=True)
    replay_position_id = models.CharField(_("replay from Position ID"), max_length=14, blank=True)
    ruled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("ruled by"),
    )
    ruled_at = models.DateTimeField(_("ruled at"), null=True, blank=True)

    class Meta:
        ordering = ["-submitted_at", "-pk"]
        verbose_name = _("dispute")
        verbose_name_plural = _("disputes")
        indexes = [models.Index(fields=["status", "queued_at"], name="dispute_waiting")]
        constraints = [
            models.CheckConstraint(
                condition=Q(dice1__isnull=True) | Q(dice1__gte=1, dice1__lte=6),
                name="dispute_die1_1_to_6",
            ),
            models.CheckConstraint(
                condition=Q(dice2__isnull=True) | Q(dice2__gte=1, dice2__lte=6),
                name="dispute_die2_1_to_6",
            ),
            models.CheckConstraint(
                condition=~Q(kind="move")
                | (~Q(position_id="") & Q(dice1__isnull=False, dice2__isnull=False)),
                name="dispute_move_has_position_and_dice",
            ),
            models.CheckConstraint(
                condition=~Q(kind="result") | Q(match__isnull=False),
                name="dispute_result_has_match",
            ),
            models.CheckConstraint(
                condition=Q(variant=Variant.NARDY, block_rule__in=BlockRule.values)
                | (~Q(variant=Variant.NARDY) & Q(block_rule="")),
                name="dispute_block_rule_only_in_nardy",
            ),
            models.CheckConstraint(
                condition=~Q(status__in=["submitted", "checking"]) | Q(verdict__isnull=True),
                name="dispute_no_verdict_before_check",
            ),
            models.CheckConstraint(
                condition=~Q(status="ruled") | ~Q(ruling=""),
                name="dispute_ruled_has_ruling",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("disputes:detail", kwargs={"pk": self.pk})

    def get_club(self) -> Club:
        return self.club

    @property
    def dice(self) -> tuple[int, int] | None:
        if self.dice1 is None or self.dice2 is None:
            return None
        return (self.dice1, self.dice2)

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    @property
    def waiting_for_check(self) -> bool:
        return self.status in WAITING_STATUSES


class DisputeEvent(models.Model):
    """The audit trail of a dispute: who did what, when. One ``checked`` row at most."""

    class Action(models.TextChoices):
        SUBMITTED = "submitted", _("submitted")
        CHECKING = "checking", _("check started")
        CHECKED = "checked", _("verdict stored")
        REQUEUED = "requeued", _("check queued again")
        RULED = "ruled", _("ruled")
        WITHDRAWN = "withdrawn", _("withdrawn")

    dispute = models.ForeignKey(
        Dispute, on_delete=models.CASCADE, related_name="events", verbose_name=_("dispute")
    )
    action = models.CharField(_("action"), max_length=10, choices=Action.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)
    note = models.TextField(_("note"), blank=True)

    class Meta:
        ordering = ["dispute", "at", "pk"]
        verbose_name = _("dispute event")
        verbose_name_plural = _("dispute events")
        constraints = [
            models.UniqueConstraint(
                fields=["dispute"], condition=Q(action="checked"), name="one_verdict_per_dispute"
            ),
            models.UniqueConstraint(
                fields=["dispute"], condition=Q(action="ruled"), name="one_ruling_per_dispute"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.dispute}: {self.get_action_display()}"
