"""Ladders in the database. The models only store; ``ladders.rules`` decides and
``ladders.services`` writes (positions are rewritten as a whole, in one transaction)."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from games.choices import Variant
from games.models import Match
from ladders import rules
from ladders.choices import Act, ChallengeStatus, MoveReason, Placement

MAX_MATCH_LENGTH = 25


# The bounds of each number setting (the services, the API and the forms check them).
BOUNDS: dict[str, tuple[int, int]] = {
    "length": (1, MAX_MATCH_LENGTH),
    "reach": (1, rules.MAX_REACH),
    "answer_days": (1, rules.MAX_ANSWER_DAYS),
    "inactive_days": (0, rules.MAX_INACTIVE_DAYS),
    "max_open": (1, rules.MAX_OPEN_CHALLENGES),
    "rematch_days": (0, rules.MAX_REMATCH_DAYS),
    "handicap_step": (0, rules.MAX_HANDICAP_STEP),
}


def _bounded(name: str) -> list:
    low, high = BOUNDS[name]
    return [MinValueValidator(low), MaxValueValidator(high)]


class Ladder(models.Model):
    """A club's challenge ladder and its settings (see ``rules.LadderRules``)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="ladders",
                             verbose_name=_("club"))
    name = models.CharField(_("name"), max_length=80)
    variant = models.CharField(_("variant"), max_length=12, choices=Variant.choices,
                               default=Variant.BACKGAMMON)
    length = models.PositiveSmallIntegerField(_("match length"), default=7,
                                              validators=_bounded("length"))
    is_public = models.BooleanField(_("public"), default=True)
    placement = models.CharField(_("newcomers join"), max_length=8, choices=Placement.choices,
                                 default=Placement.BOTTOM)
    reach = models.PositiveSmallIntegerField(
        _("places above one may challenge"), default=3, validators=_bounded("reach"))
    answer_days = models.PositiveSmallIntegerField(
        _("days to play a challenge"), default=7, validators=_bounded("answer_days"))
    inactive_days = models.PositiveSmallIntegerField(
        _("days without a challenge before a player is dropped"), default=30,
        validators=_bounded("inactive_days"),
        help_text=_("0: nobody is dropped."))
    max_open = models.PositiveSmallIntegerField(
        _("open challenges per player"), default=1,
        validators=_bounded("max_open"))
    rematch_days = models.PositiveSmallIntegerField(
        _("days before the same two players meet again"), default=14,
        validators=_bounded("rematch_days"))
    handicap_step = models.PositiveSmallIntegerField(
        _("rating points per handicap point"), default=0,
        validators=_bounded("handicap_step"),
        help_text=_("0: no handicap. The club's usual setting is 150."))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["club", "name", "pk"]
        verbose_name = _("ladder")
        verbose_name_plural = _("ladders")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="ladder_unique_name_per_club"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("ladders:ladder", kwargs={"pk": self.pk})

    def get_club(self) -> Club:
        return self.club

    def rules(self) -> rules.LadderRules:
        return rules.LadderRules(
            reach=self.reach, answer_days=self.answer_days, inactive_days=self.inactive_days,
            max_open=self.max_open, rematch_days=self.rematch_days,
            handicap_step=self.handicap_step,
        )


class Rung(models.Model):
    """A player's place on a ladder (1 is the top)."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="rungs",
                               verbose_name=_("ladder"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ladder_rungs",
                               verbose_name=_("player"))
    position = models.IntegerField(_("position"))
    joined_at = models.DateTimeField(_("joined at"))
    last_active_at = models.DateTimeField(_("last active at"))
    paused = models.BooleanField(_("on a break"), default=False)

    class Meta:
        ordering = ["ladder", "position"]
        verbose_name = _("ladder place")
        verbose_name_plural = _("ladder places")
        constraints = [
            models.UniqueConstraint(fields=["ladder", "player"], name="rung_one_per_player"),
            models.UniqueConstraint(fields=["ladder", "position"], name="rung_one_per_position"),
        ]

    def __str__(self) -> str:
        return f"{self.position}. {self.player.display_name}"


class Challenge(models.Model):
    """A challenge up the ladder, played as a ``games.Match``."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="challenges",
                               verbose_name=_("ladder"))
    challenger = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                                   verbose_name=_("challenger"))
    challenged = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                                   verbose_name=_("challenged player"))
    match = models.OneToOneField(Match, on_delete=models.SET_NULL, null=True, blank=True,
                                 related_name="ladder_challenge", verbose_name=_("match"))
    status = models.CharField(_("status"), max_length=10, choices=ChallengeStatus.choices,
                              default=ChallengeStatus.OPEN)
    created_at = models.DateTimeField(_("created at"))
    deadline = models.DateTimeField(_("play by"))
    reminded = models.BooleanField(_("reminded of the deadline"), default=False)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    winner = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True,
                               related_name="+", verbose_name=_("winner"))
    handicap_to = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True,
                                    related_name="+", verbose_name=_("handicap to"))
    handicap_points = models.PositiveSmallIntegerField(_("handicap points"), default=0)
    note = models.CharField(_("note"), max_length=200, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("challenge")
        verbose_name_plural = _("challenges")
        constraints = [
            models.CheckConstraint(condition=~Q(challenger=F("challenged")),
                                   name="challenge_two_different_players"),
            models.CheckConstraint(
                condition=Q(handicap_points=0, handicap_to__isnull=True)
                | Q(handicap_points__gt=0, handicap_to__isnull=False),
                name="challenge_handicap_has_a_player"),
        ]
        indexes = [models.Index(fields=["status", "deadline"])]

    def __str__(self) -> str:
        return f"{self.challenger.display_name} → {self.challenged.display_name}"

    def get_absolute_url(self) -> str:
        return reverse("ladders:ladder", kwargs={"pk": self.ladder_id}) + f"#challenge-{self.pk}"

    def get_club(self) -> Club:
        return self.ladder.club

    @property
    def is_open(self) -> bool:
        return self.status == ChallengeStatus.OPEN


class Move(models.Model):
    """A change of a player's position (None: off the ladder): the history the charts draw."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="moves",
                               verbose_name=_("ladder"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+",
                               verbose_name=_("player"))
    position = models.IntegerField(_("position"), null=True, blank=True)
    previous = models.IntegerField(_("previous position"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=10, choices=MoveReason.choices)
    challenge = models.ForeignKey(Challenge, on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="+", verbose_name=_("challenge"))
    at = models.DateTimeField(_("at"))

    class Meta:
        ordering = ["at", "pk"]
        verbose_name = _("ladder move")
        verbose_name_plural = _("ladder moves")


class LadderAct(models.Model):
    """The audit trail: who did what to the ladder, and when (None: the sweep)."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="acts",
                               verbose_name=_("ladder"))
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                              blank=True, related_name="+", verbose_name=_("by"))
    act = models.CharField(_("act"), max_length=10, choices=Act.choices)
    details = models.JSONField(_("details"), default=dict, blank=True)
    at = models.DateTimeField(_("at"))

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("ladder act")
        verbose_name_plural = _("ladder acts")
