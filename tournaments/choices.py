"""The tournaments app's fixed lists: event formats, flights, late-entry rules, group formats.

Below the models and the format registry, which both name them (``Tournament.Format`` is
``Format``); Django's choices, no database.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class Format(models.TextChoices):
    """The event formats (a key of the format registry, ``tournaments.formats``)."""

    KNOCKOUT = "knockout", _("Knockout")
    ROUND_ROBIN = "round_robin", _("Round robin")
    GROUPS_KNOCKOUT = "groups_knockout", _("Groups, then a knockout")
    SWISS = "swiss", _("Swiss")
    DOUBLE_ELIMINATION = "double_elimination", _("Double elimination")
    SWISS_LOSSES = "swiss_losses", _("Swiss until N losses")
    MONRAD = "monrad", _("Monrad")


class Flight(models.TextChoices):
    """A bracket or table inside an event (tournaments.md §1)."""

    MAIN = "main", pgettext_lazy("bracket", "Main")
    CONSOLATION = "consolation", _("Consolation")
    LAST_CHANCE = "last_chance", _("Last chance")
    GROUP = "group", _("Round robin")
    SWISS = "swiss", _("Swiss")
    LOSERS = "losers", _("Losers' bracket")
    GRAND_FINAL = "grand_final", _("Grand final")
    PLAYOFF = "playoff", _("Play-off")


class LateEntryRule(models.TextChoices):
    """How a player entered after the draw joins the event (docs: registration)."""

    NONE = "none", _("No late entries")
    SEEDED_LAST = "seeded_last", _("Seeded last: takes the last open place of the draw")
    CONSOLATION = "consolation", _("Into the consolation flight only")
    PENALTY = "penalty", _("Joins the next round with penalty points")


class GroupFormat(models.TextChoices):
    """How the groups before a knockout are played (a format the registry runs per group)."""

    ROUND_ROBIN = "round_robin", _("Round robin")
    SWISS = "swiss", _("Swiss")


class ClockRuleChoice(models.TextChoices):
    """How each match's clock is worked out (``event_rules.ClockRule``)."""

    NONE = "none", _("No computed clock: the time controls as written")
    PER_POINT = "per_point", _("Minutes per point of the match length, plus a delay per move")
    BANK = "bank", _("A fixed bank per player, plus a delay per move")
