"""The event's money as records: one purse per tournament, side pools, calcutta sales.

Nothing here moves money; the ledger (money.selectors) computes pools and payouts from
these records and the tournament's entries (fee paid, division, places).
"""

from __future__ import annotations

from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from tournaments.models import Entry, Tournament

PERCENT = [MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(100))]


class PayoutPreset(models.TextChoices):
    WINNER = "winner", _("Winner takes all")
    P60_40 = "60-40", _("60 / 40")
    P50_30_20 = "50-30-20", _("50 / 30 / 20")
    P40_25_15_10_5_5 = "40-25-15-10-5-5", _("40 / 25 / 15 / 10 / 5 / 5")
    CUSTOM = "custom", _("Custom")


class EventPurse(models.Model):
    """The money settings of one event: currency, house share, payout table, calcutta."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="purse",
                                      verbose_name=_("tournament"))
    currency = models.CharField(_("currency"), max_length=3, default="EUR")
    house_share = models.DecimalField(_("house share (%)"), max_digits=5, decimal_places=2,
                                      default=Decimal(10), validators=PERCENT)
    payout_preset = models.CharField(_("payout table"), max_length=20,
                                     choices=PayoutPreset.choices, default=PayoutPreset.P50_30_20)
    payout_custom = models.JSONField(_("custom payout table (%)"), default=list, blank=True)
    division_fees = models.JSONField(_("entry fee by division"), default=dict, blank=True)
    calcutta = models.BooleanField(_("calcutta auction"), default=False)
    calcutta_house_share = models.DecimalField(_("calcutta house share (%)"), max_digits=5,
                                               decimal_places=2, default=Decimal(0),
                                               validators=PERCENT)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("event purse")
        verbose_name_plural = _("event purses")

    def __str__(self) -> str:
        return str(self.tournament)

    def get_club(self) -> Club:
        return self.tournament.club


class SidePool(models.Model):
    """A side pool or jackpot with optional entry: its own fee, entrants and payout table."""

    class Kind(models.TextChoices):
        SIDE = "side", _("Side pool")
        JACKPOT = "jackpot", _("Jackpot")

    purse = models.ForeignKey(EventPurse, on_delete=models.CASCADE, related_name="side_pools",
                              verbose_name=_("purse"))
    name = models.CharField(_("name"), max_length=60)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.SIDE)
    entry_fee = models.DecimalField(_("entry fee"), max_digits=8, decimal_places=2,
                                    validators=[MinValueValidator(Decimal(0))])
    house_share = models.DecimalField(_("house share (%)"), max_digits=5, decimal_places=2,
                                      default=Decimal(0), validators=PERCENT)
    payout_preset = models.CharField(_("payout table"), max_length=20,
                                     choices=PayoutPreset.choices, default=PayoutPreset.WINNER)
    payout_custom = models.JSONField(_("custom payout table (%)"), default=list, blank=True)

    class Meta:
        ordering = ["purse", "pk"]
        verbose_name = _("side pool")
        verbose_name_plural = _("side pools")

    def __str__(self) -> str:
        return self.name

    def get_club(self) -> Club:
        return self.purse.tournament.club


class SidePoolEntry(models.Model):
    """An event entrant who joined a side pool."""

    side_pool = models.ForeignKey(SidePool, on_delete=models.CASCADE, related_name="entrants",
                                  verbose_name=_("side pool"))
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+",
                              verbose_name=_("entry"))
    paid = models.BooleanField(_("paid"), default=False)

    class Meta:
        ordering = ["side_pool", "pk"]
        verbose_name = _("side pool entrant")
        verbose_name_plural = _("side pool entrants")
        constraints = [models.UniqueConstraint(fields=["side_pool", "entry"],
                                               name="unique_side_pool_entry")]

    def get_club(self) -> Club:
        return self.side_pool.purse.tournament.club


class CalcuttaSale(models.Model):
    """A calcutta sale: a buyer bought an entrant for a price."""

    purse = models.ForeignKey(EventPurse, on_delete=models.CASCADE, related_name="sales",
                              verbose_name=_("purse"))
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+",
                              verbose_name=_("player sold"))
    buyer = models.CharField(_("buyer"), max_length=80)
    price = models.DecimalField(_("price"), max_digits=10, decimal_places=2,
                                validators=[MinValueValidator(Decimal(0))])

    class Meta:
        ordering = ["purse", "pk"]
        verbose_name = _("calcutta sale")
        verbose_name_plural = _("calcutta sales")
        constraints = [models.UniqueConstraint(fields=["purse", "entry"],
                                               name="unique_calcutta_sale")]

    def get_club(self) -> Club:
        return self.purse.tournament.club
