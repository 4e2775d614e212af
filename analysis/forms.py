from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from analysis.milestones import MilestoneError, parse_thresholds
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
    pr_milestones = forms.CharField(
        label=_("PR milestones"), required=False, max_length=200,
        help_text=_("PR thresholds separated by commas, e.g. 8, 5, 3.5. A player earns a "
                    "milestone the first time an analysed match of theirs in the club has a "
                    "PR under one; empty: no milestones."),
    )

    def clean_pr_milestones(self):  # type: ignore[no-untyped-def]
        try:
            return parse_thresholds(self.cleaned_data.get("pr_milestones") or "")
        except MilestoneError as error:
            raise forms.ValidationError(str(error.message), code=error.code) from None

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
