"""Ratings (tournaments.md §6) and GP-style ranking points (§7) as stored by the app.

Everything here is derived data except ``ExternalEvent`` and its places: ratings and
rating changes are rebuilt from the confirmed matches (``manage.py recompute_ratings``),
and ``RankedEvent`` rows from the tournaments and external events. Writes go through
``leaderboard.services``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club, Player
from games.models import Variant

POINTS_FIELD = {"max_digits": 9, "decimal_places": 2}


class RatingList(models.Model):
    """One rating list per game type. Its row is locked while the list is written, so
    two confirmations never update the same list from the same starting ratings."""

    variant = models.CharField(pgettext_lazy("game type", "game"), max_length=12, choices=Variant.choices, unique=True)
    rebuilt_at = models.DateTimeField(_("last rebuilt at"), null=True, blank=True)

    class Meta:
        verbose_name = _("rating list")
        verbose_name_plural = _("rating lists")

    def __str__(self) -> str:
        return str(self.get_variant_display())


class PlayerRating(models.Model):
    """A player's current FIBS rating for one game type (the last change's ``after``)."""

    # no index of its own: the unique (player, variant) serves every lookup by player
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("player"),
        db_index=False,
    )
    variant = models.CharField(pgettext_lazy("game type", "game"), max_length=12, choices=Variant.choices)
    rating = models.FloatField(_("rating"))
    experience = models.PositiveIntegerField(_("experience"))
    matches = models.PositiveIntegerField(_("rated matches"))
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["variant", "-rating", "pk"]
        verbose_name = _("player rating")
        verbose_name_plural = _("player ratings")
        constraints = [
            models.UniqueConstraint(fields=["player", "variant"], name="one_rating_per_game"),
        ]
        indexes = [models.Index(fields=["variant", "-rating"], name="rating_by_game")]

    def __str__(self) -> str:
        return f"{self.player} {self.variant} {self.rating:.2f}"


class RatingChange(models.Model):
    """One player's side of one rated match: the rating history.

    Rated matches are taken in the order of ``at`` (when the match was played,
    ``Match.played_at``; a later correction keeps the match's place) and then the match id.
    ``experience`` is the player's experience after this match.
    """

    # The rows are worked out from the matches (rebuild_ratings writes them all again), so
    # the database checks none of their links: a rebuild writes millions of rows, and a
    # check of three links a row cost as much as writing them. Deleting a player or a match
    # deletes its rows all the same (Django's CASCADE).
    # no index of its own: (player, match) and (player, variant, at) begin with it
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_changes", verbose_name=_("player"),
        db_index=False, db_constraint=False,
    )
    opponent = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("opponent"),
        db_constraint=False,
    )
    variant = models.CharField(pgettext_lazy("game type", "game"), max_length=12, choices=Variant.choices)
    match = models.ForeignKey(
        "games.Match", on_delete=models.CASCADE, related_name="rating_changes",
        verbose_name=_("match"), db_constraint=False,
    )
    won = models.BooleanField(_("won"))
    length = models.PositiveSmallIntegerField(_("match length"))
    before = models.FloatField(_("rating before"))
    after = models.FloatField(_("rating after"))
    delta = models.FloatField(_("change"))
    experience = models.PositiveIntegerField(_("experience after"))
    at = models.DateTimeField(_("played at"))

    class Meta:
        ordering = ["at", "match_id", "pk"]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [
            models.UniqueConstraint(fields=["player", "match"], name="one_change_per_player_match"),
        ]
        indexes = [
            models.Index(fields=["variant", "at", "match", "player"], name="rating_change_order"),
            models.Index(fields=["player", "variant", "at"], name="rating_change_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.before:.2f} → {self.after:.2f}"


class ExternalEvent(models.Model):
    """An event run elsewhere, entered by a director as entrants and finishing places."""

    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="external_events", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"))
    variant = models.CharField(pgettext_lazy("game type", "game"), max_length=12, choices=Variant.choices)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("entered by"),
    )
    created_at = models.DateTimeField(_("entered at"), auto_now_add=True)

    class Meta:
        ordering = ["-date", "name", "pk"]
        verbose_name = _("external event")
        verbose_name_plural = _("external events")

    def __str__(self) -> str:
        return self.name

    def get_club(self) -> Club:
        return self.club


class ExternalPlace(models.Model):
    """An entrant of an external event and the first place of their group (tied players
    share the number: two players placed 3 are tied for 3rd–4th). Blank: not placed."""

    event = models.ForeignKey(
        ExternalEvent, on_delete=models.CASCADE, related_name="places", verbose_name=_("event")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name=_("player")
    )
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)

    class Meta:
        ordering = ["event", "place", "pk"]
        verbose_name = _("external place")
        verbose_name_plural = _("external places")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_external_place_per_player"),
        ]


class RankedEvent(models.Model):
    """An event's GP-style points as last worked out: from a tournament or an external event."""

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, null=True, blank=True,
        related_name="ranked_event", verbose_name=_("tournament"),
    )
    external_event = models.OneToOneField(
        ExternalEvent, on_delete=models.CASCADE, null=True, blank=True,
        related_name="ranked_event", verbose_name=_("external event"),
    )
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="ranked_events", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=120)
    variant = models.CharField(pgettext_lazy("game type", "game"), max_length=12, choices=Variant.choices)
    date = models.DateField(_("date"))
    entrants = models.PositiveIntegerField(_("entrants"))
    strength_of_field = models.DecimalField(_("strength of field"), **POINTS_FIELD)
    paid_places = models.PositiveSmallIntegerField(_("places earning points"))
    no_points_reason = models.CharField(_("why no points"), max_length=40, blank=True)
    computed_at = models.DateTimeField(_("worked out at"), auto_now=True)

    class Meta:
        ordering = ["-date", "name", "pk"]
        verbose_name = _("ranked event")
        verbose_name_plural = _("ranked events")
        constraints = [
            models.CheckConstraint(
                condition=Q(tournament__isnull=True, external_event__isnull=False)
                | Q(tournament__isnull=False, external_event__isnull=True),
                name="ranked_event_one_source",
            ),
        ]
        indexes = [models.Index(fields=["variant", "date"], name="ranked_event_season")]

    def __str__(self) -> str:
        return self.name


class EventPlacing(models.Model):
    """An entrant's place range, rating at the start and GP-style points in a ranked event."""

    event = models.ForeignKey(
        RankedEvent, on_delete=models.CASCADE, related_name="placings", verbose_name=_("event")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="event_placings", verbose_name=_("player")
    )
    place_first = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    place_last = models.PositiveSmallIntegerField(_("place (to)"), null=True, blank=True)
    rating = models.FloatField(_("rating at the start"), null=True, blank=True)
    points = models.DecimalField(_("GP-style points"), **POINTS_FIELD)

    class Meta:
        ordering = ["event", "place_first", "pk"]
        verbose_name = _("event placing")
        verbose_name_plural = _("event placings")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_placing_per_player"),
        ]
        indexes = [
            models.Index(fields=["player", "event"], name="placing_by_player"),
            # a ranking's placings, event by event: only those that earned points, with
            # what the ranking sums (read from the index alone on PostgreSQL)
            models.Index(fields=["event"], include=["player", "points"],
                         condition=Q(points__gt=0), name="placing_with_points"),
        ]
