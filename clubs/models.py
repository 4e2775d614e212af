"""People: clubs, players and their memberships.

The bottom of the Django apps: games and tournaments point at these models, they point
at nothing of theirs. The tables kept the names they had in the ``tournaments`` app.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    """A club: its directors run its events, its members play in them."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    description = models.TextField(_("description"), blank=True)
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        related_name="directed_clubs",
        blank=True,
        verbose_name=_("directors"),
    )
    members = models.ManyToManyField(
        "Player",
        through="Membership",
        related_name="clubs",
        blank=True,
        verbose_name=_("members"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        db_table = "tournaments_club"  # the table kept its name when the model moved here
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:club_detail", kwargs={"slug": self.slug})


class Player(models.Model):
    """A person who plays. May have a login (user) or not.

    `name` is the full name, seen by directors and admins; `display_name` is what
    public pages and the API show, so a player can stay private.
    """

    name = models.CharField(_("full name"), max_length=120)
    display_name = models.CharField(_("display name"), max_length=60)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="player",
        verbose_name=_("login"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        db_table = "tournaments_player"
        ordering = ["display_name", "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.display_name


class Membership(models.Model):
    """A player's membership of a club."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("club")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("player")
    )
    joined_on = models.DateField(_("joined on"), default=timezone.localdate)

    class Meta:
        db_table = "tournaments_membership"
        ordering = ["club", "player"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="unique_club_membership"),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.club}"
