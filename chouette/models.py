"""Chouette sessions in the database: settings, seats, ordered events and a ledger cache.

The models only store. What a session means (line-ups, points, rotation) comes from
folding its events with the pure ``chouette.replay``; services.py keeps the
ledger cache in step with the events inside the same transaction.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from chouette import core
from clubs.models import Club, Player
from games.choices import BlockRule
from games.choices import Variant as MatchVariant


class ChouetteSession(models.Model):
    """One chouette night at a club: the table's rules and who sat down first."""

    class Variant(models.TextChoices):
        # Named and spelled as the match variants ("backgammon", "nardy"); until migration
        # 0006 long nardy was stored as "long_nardy".
        BACKGAMMON = core.Variant.BACKGAMMON.value, MatchVariant.BACKGAMMON.label
        NARDY = core.Variant.NARDY.value, MatchVariant.NARDY.label

    class CubeMode(models.TextChoices):
        MULTIPLE = core.CubeMode.MULTIPLE.value, _("A cube per team member")
        SINGLE = core.CubeMode.SINGLE.value, _("One cube for the whole team")

    class Consulting(models.TextChoices):
        LIVE_CUBE = core.Consulting.LIVE_CUBE.value, _("Live-cube consulting")
        FULL = core.Consulting.FULL.value, _("Full consulting")
        NONE = core.Consulting.NONE.value, _("No consulting")

    class Status(models.TextChoices):
        RUNNING = "running", pgettext_lazy("chouette table status", "Running")
        FINISHED = "finished", pgettext_lazy("chouette table status", "Finished")
        MERGED = "merged", _("Merged into another table")

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="chouette_sessions", verbose_name=_("club")
    )
    date = models.DateField(_("date"), default=timezone.localdate)
    variant = models.CharField(
        _("variant"), max_length=20, choices=Variant.choices, default=Variant.BACKGAMMON
    )
    stake_per_point = models.DecimalField(
        _("stake per point"), max_digits=10, decimal_places=2, default=Decimal(1)
    )
    cube_mode = models.CharField(
        _("cubes"), max_length=20, choices=CubeMode.choices, default=CubeMode.MULTIPLE
    )
    # Long nardy only: koks scores 3 instead of mars's 2 (rules-long-nardy §9, off by default).
    koks = models.BooleanField(_("koks counted"), default=False)
    # Long nardy only: the six-point block rule the table plays under (rules-long-nardy §7,
    # the main rule unless chosen); "" for backgammon, which has none.
    block_rule = models.CharField(
        _("six-point block rule"), max_length=8, choices=BlockRule.choices, blank=True, default=""
    )
    jacoby = models.BooleanField(_("Jacoby rule"), default=True)
    beavers = models.BooleanField(_("beavers allowed"), default=False)
    consulting = models.CharField(
        _("consulting"), max_length=20, choices=Consulting.choices, default=Consulting.LIVE_CUBE
    )
    max_players = models.PositiveSmallIntegerField(_("maximum players"), default=6)
    max_automatic_doubles = models.PositiveSmallIntegerField(
        _("automatic doubles per game"), default=1
    )
    # House rules of chouette.md §8 (see chouette.ChouetteSettings).
    initial_cubes_rule = models.BooleanField(_("initial-cubes rule"), default=False)
    box_must_take_captain = models.BooleanField(_("box must take the captain"), default=False)
    box_partner = models.BooleanField(_("box partner from six players"), default=False)
    partner_share = models.PositiveSmallIntegerField(_("partner's share (per cent)"), default=50)
    split_when_full = models.BooleanField(_("split the table when full"), default=False)
    split_from = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="split_tables",
        verbose_name=_("split from"),
    )
    merged_into = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="merged_tables",
        verbose_name=_("merged into"),
    )
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.RUNNING
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    # Counts the writes to the table (a game, an undo, a correction, a join...): the live
    # table's entity tag, so the other phones at the table learn of a change cheaply.
    version = models.PositiveIntegerField(_("version"), default=0, editable=False)
    players = models.ManyToManyField(
        Player, through="ChouetteParticipant", related_name="chouette_sessions", blank=True
    )

    class Meta:
        ordering = ["-date", "-pk"]
        verbose_name = _("chouette session")
        verbose_name_plural = _("chouette sessions")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(stake_per_point__gt=0), name="chouette_stake_positive"
            ),
            models.CheckConstraint(
                condition=models.Q(variant="nardy", block_rule__in=BlockRule.values)
                | (~models.Q(variant="nardy") & models.Q(block_rule="")),
                name="chouette_block_rule_only_in_nardy",
            ),
            models.CheckConstraint(
                condition=models.Q(max_players__gte=3), name="chouette_at_least_three"
            ),
            models.CheckConstraint(
                condition=models.Q(partner_share__gte=1, partner_share__lte=99),
                name="chouette_partner_share_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} · {self.date}"

    def get_absolute_url(self) -> str:
        return reverse("chouette:table", kwargs={"pk": self.pk})

    @property
    def is_running(self) -> bool:
        return self.status == self.Status.RUNNING

    def table_settings(self) -> core.ChouetteSettings:
        """The table's settings as the pure core takes them (raises ChouetteError).

        Cubes are on in both variants: a chouette's bets are its cubes, even though a
        long nardy match has no cube by default (see core.ChouetteSettings)."""
        return core.ChouetteSettings(
            variant=self.variant,  # the core refuses an unknown one (variant_not_supported)
            koks=self.koks,
            block_rule=self.block_rule,
            stake_per_point=self.stake_per_point,
            cube_mode=core.CubeMode(self.cube_mode),
            jacoby=self.jacoby,
            beavers=self.beavers,
            consulting=core.Consulting(self.consulting),
            max_automatic_doubles=self.max_automatic_doubles,
            max_players=self.max_players,
            initial_cubes_rule=self.initial_cubes_rule,
            box_must_take_captain=self.box_must_take_captain,
            box_partner=self.box_partner,
            partner_share=self.partner_share,
            split_when_full=self.split_when_full,
        )


class ChouetteParticipant(models.Model):
    """A player who sat at the table: in the opening line (with a seat) or joined later."""

    session = models.ForeignKey(
        ChouetteSession, on_delete=models.CASCADE, related_name="participants"
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="chouette_seats", verbose_name=_("player")
    )
    opening_seat = models.PositiveSmallIntegerField(
        _("opening seat"), null=True, blank=True, help_text=_("0 is the box, 1 the captain")
    )

    class Meta:
        ordering = ["session", "opening_seat", "pk"]
        verbose_name = _("chouette participant")
        verbose_name_plural = _("chouette participants")
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="chouette_player_once"),
            models.UniqueConstraint(fields=["session", "opening_seat"], name="chouette_seat_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.session}"


class ChouetteEvent(models.Model):
    """A game, a join or a leave, in order; ``data`` is ``core.event_to_data`` output."""

    class Kind(models.TextChoices):
        GAME = "game", _("Game")
        JOIN = "join", _("Join")
        LEAVE = "leave", _("Leave")
        SPLIT = "split", _("Split")
        MERGE = "merge", _("Merge")

    session = models.ForeignKey(ChouetteSession, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField(_("order"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    data = models.JSONField(_("data"))
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("recorded by"),
    )
    recorded_at = models.DateTimeField(_("recorded at"), auto_now_add=True)

    class Meta:
        ordering = ["session", "seq"]
        verbose_name = _("chouette event")
        verbose_name_plural = _("chouette events")
        constraints = [
            models.UniqueConstraint(fields=["session", "seq"], name="chouette_event_seq_once"),
        ]

    def __str__(self) -> str:
        return f"{self.session} #{self.seq} {self.kind}"

    def to_event(self) -> core.SessionEvent:
        return core.event_from_data(self.data)


class ChouetteLedgerEntry(models.Model):
    """Cache of the replayed ledger: one row per player per game, rebuilt on every write."""

    class Role(models.TextChoices):
        BOX = core.Role.BOX.value, _("Box")
        PARTNER = core.Role.PARTNER.value, _("Box partner")
        CAPTAIN = core.Role.CAPTAIN.value, _("Captain")
        CREW = core.Role.CREW.value, _("Crew")

    session = models.ForeignKey(
        ChouetteSession, on_delete=models.CASCADE, related_name="ledger_entries"
    )
    game_number = models.PositiveIntegerField(_("game"))
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="chouette_ledger", verbose_name=_("player")
    )
    role = models.CharField(_("role"), max_length=10, choices=Role.choices)
    points = models.IntegerField(_("points"))
    total = models.IntegerField(_("running total"))

    class Meta:
        ordering = ["session", "game_number", "pk"]
        verbose_name = _("chouette ledger entry")
        verbose_name_plural = _("chouette ledger entries")
        constraints = [
            models.UniqueConstraint(
                fields=["session", "game_number", "player"], name="chouette_ledger_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session} game {self.game_number}: {self.player} {self.points:+d}"
