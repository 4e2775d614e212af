"""Forms of the ladder pages: they parse input; the services decide."""

from __future__ import annotations

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from ladders import rules
from ladders.models import BOUNDS, Ladder
from ladders.services import SETTINGS


class LadderForm(forms.ModelForm):
    class Meta:
        model = Ladder
        fields = list(SETTINGS)

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        for name, (low, high) in BOUNDS.items():
            self.fields[name].widget.attrs.update({"min": low, "max": high})
        self.fields["handicap_step"].initial = 0


class PlayerForm(forms.Form):
    player = forms.ModelChoiceField(Player.objects.none(), label=_("Player"))

    def __init__(self, *args: object, players: QuerySet[Player], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["player"].queryset = players  # type: ignore[attr-defined]


class ChallengeForm(forms.Form):
    challenged = forms.ModelChoiceField(Player.objects.none(), label=_("Player to challenge"))

    def __init__(self, *args: object, players: QuerySet[Player], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["challenged"].queryset = players  # type: ignore[attr-defined]


class ReorderForm(PlayerForm):
    position = forms.IntegerField(label=_("New position"), min_value=1, max_value=10_000)
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)


class PauseForm(PlayerForm):
    paused = forms.BooleanField(label=_("On a break"), required=False)


class ExtendForm(forms.Form):
    days = forms.IntegerField(label=_("Days"), min_value=1, max_value=rules.MAX_EXTENSION_DAYS,
                              initial=3)


class VoidForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)
