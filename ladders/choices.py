"""The codes of ladders, one spelling each across the database, the API and the pages."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class Placement(models.TextChoices):
    BOTTOM = "bottom", _("At the bottom")
    RATING = "rating", _("By rating")


class ChallengeStatus(models.TextChoices):
    OPEN = "open", pgettext_lazy("ladder challenge status", "Open")
    PLAYED = "played", pgettext_lazy("ladder challenge status", "Played")
    FORFEITED = "forfeited", pgettext_lazy("ladder challenge status", "Forfeited")
    VOIDED = "voided", pgettext_lazy("ladder challenge status", "Voided")


class MoveReason(models.TextChoices):
    JOINED = "joined", _("joined the ladder")
    CLIMBED = "climbed", _("won a challenge")
    PUSHED = "pushed", _("moved down after a challenge")
    LIFTED = "lifted", _("moved up when a player left")
    REORDERED = "reordered", _("moved by the director")
    LEFT = "left", _("left the ladder")
    DROPPED = "dropped", _("dropped for inactivity")


class Act(models.TextChoices):
    """What the audit trail records."""

    CREATED = "created", _("Ladder created")
    JOINED = "joined", _("Player joined")
    LEFT = "left", _("Player left")
    CHALLENGED = "challenged", _("Challenge made")
    PLAYED = "played", _("Challenge played")
    FORFEITED = "forfeited", _("Challenge forfeited")
    VOIDED = "voided", _("Challenge voided")
    EXTENDED = "extended", _("Deadline extended")
    REORDERED = "reordered", _("Player moved by the director")
    PAUSED = "paused", _("Player on a break")
    RESUMED = "resumed", _("Player back from a break")
    DROPPED = "dropped", _("Player dropped for inactivity")
    CORRECTED = "corrected", _("Result corrected after the ladder moved")
