"""A federation, its admins and its affiliated clubs.

An affiliation is asked for by one side and accepted by the other: a club's director
asks and a federation admin accepts, or an admin invites and the club's director
accepts. Either side may end it later; the row keeps its dates (a club's history of
belonging), and at most one affiliation of a club to a federation is open (waiting or
active) at a time.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club


class Federation(models.Model):
    name = models.CharField(pgettext_lazy("of a thing", "name"), max_length=120)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    country = models.CharField(_("country"), max_length=80, blank=True)
    description = models.TextField(_("about"), blank=True, max_length=5000)
    is_public = models.BooleanField(
        _("listed publicly"), default=True,
        help_text=_("Unlisted federations are seen only by their admins."),
    )
    admins = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="administered_federations", blank=True,
        verbose_name=_("admins"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("federation")
        verbose_name_plural = _("federations")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("federations:detail", kwargs={"slug": self.slug})


class Affiliation(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for an answer")
        ACTIVE = "active", pgettext_lazy("affiliation status", "Member club")
        DECLINED = "declined", _("Declined")
        ENDED = "ended", _("Ended")

    class Side(models.TextChoices):
        CLUB = "club", _("The club asked")
        FEDERATION = "federation", _("The federation invited")

    OPEN = (Status.PENDING, Status.ACTIVE)

    federation = models.ForeignKey(
        Federation, on_delete=models.CASCADE, related_name="affiliations",
        verbose_name=_("federation"),
    )
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="affiliations", verbose_name=_("club")
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.PENDING)
    asked_by_side = models.CharField(_("asked by"), max_length=10, choices=Side.choices)
    asked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("asked by (person)"),
    )
    asked_at = models.DateTimeField(_("asked at"), auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("answered by"),
    )
    decided_at = models.DateTimeField(_("answered at"), null=True, blank=True)
    joined_on = models.DateField(_("member since"), null=True, blank=True)
    left_on = models.DateField(_("member until"), null=True, blank=True)

    class Meta:
        ordering = ["-asked_at", "-pk"]
        verbose_name = _("affiliation")
        verbose_name_plural = _("affiliations")
        constraints = [
            models.UniqueConstraint(
                fields=["federation", "club"], condition=Q(status__in=["pending", "active"]),
                name="one_open_affiliation",
            ),
        ]
        indexes = [models.Index(fields=["federation", "status"], name="affiliation_by_status")]

    def __str__(self) -> str:
        return f"{self.club} → {self.federation} ({self.status})"

    def get_club(self) -> Club:
        return self.club

    @property
    def answering_side(self) -> str:
        """Who answers a waiting affiliation: the side that did not ask."""
        return self.Side.FEDERATION if self.asked_by_side == self.Side.CLUB else self.Side.CLUB
