from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from analysis.models import Depth, PrVisibility


class PrivacyForm(forms.Form):
    visibility = forms.ChoiceField(
        label=_("Who sees my PR and luck"), choices=PrVisibility.choices, widget=forms.RadioSelect
    )


class DepthsForm(forms.Form):
    """The club's depth and one field per event (blank: the club's)."""

    club_plies = forms.TypedChoiceField(
        label=_("The club's analysis depth"), choices=Depth.choices, coerce=int
    )

    def __init__(self, *args, events=(), **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.events = list(events)
        for event in self.events:
            self.fields[f"event_{event.pk}"] = forms.TypedChoiceField(
                label=str(event),
                choices=[("", _("the club's depth")), *Depth.choices],
                coerce=int,
                empty_value=None,
                required=False,
            )

    def event_plies(self) -> dict[int, int | None]:
        return {event.pk: self.cleaned_data.get(f"event_{event.pk}") for event in self.events}
