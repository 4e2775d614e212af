from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from money.models import PayoutPreset, SidePool


class PurseForm(forms.Form):
    currency = forms.CharField(label=_("Currency"), max_length=3, initial="EUR")
    house_share = forms.CharField(label=_("House share (%)"), max_length=12, initial="10")
    payout_preset = forms.ChoiceField(label=_("Payout table"), choices=PayoutPreset.choices)
    payout_custom = forms.CharField(
        label=_("Custom payout table (%)"), max_length=400, required=False,
        help_text=_("Percentages by place, first place first, e.g. 45, 30, 25."))
    calcutta = forms.BooleanField(label=_("Calcutta auction"), required=False)
    calcutta_house_share = forms.CharField(label=_("Calcutta house share (%)"), max_length=12,
                                           initial="0")


class SidePoolForm(forms.Form):
    name = forms.CharField(label=pgettext_lazy("of a thing", "Name"), max_length=60)
    kind = forms.ChoiceField(label=_("Kind"), choices=SidePool.Kind.choices)
    entry_fee = forms.CharField(label=_("Entry fee"), max_length=14)
    house_share = forms.CharField(label=_("House share (%)"), max_length=12, initial="0")
    payout_preset = forms.ChoiceField(label=_("Payout table"), choices=PayoutPreset.choices,
                                      initial=PayoutPreset.WINNER)
    payout_custom = forms.CharField(label=_("Custom payout table (%)"), max_length=400,
                                    required=False)


class SaleForm(forms.Form):
    entry = forms.IntegerField(label=_("Player"), min_value=1)
    buyer = forms.CharField(label=_("Buyer"), max_length=80)
    price = forms.CharField(label=_("Price"), max_length=14)
