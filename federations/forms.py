"""Forms of the federation pages: the calendar and ranking filters, starting and editing
a federation, the actions of both sides of an affiliation and a membership's dates."""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club
from common.widgets import DateInput
from federations.models import Federation
from federations.selectors import CalendarQuery
from games.models import Variant
from leaderboard.forms import RankingFilterForm
from leaderboard.selectors import RankingQuery

MONTH = "%Y-%m"


class MonthInput(forms.DateInput):
    input_type = "month"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__({"placeholder": "2026-05", "pattern": r"\d{4}-\d{2}", **(attrs or {})},
                         format=MONTH)


class CalendarFilterForm(forms.Form):
    month = forms.DateField(
        required=False, input_formats=[MONTH], widget=MonthInput(), label=_("Month"),
        error_messages={"invalid": _("Give a month as year and month, e.g. 2026-05.")},
    )
    variant = forms.ChoiceField(
        choices=[("", _("Both games"))] + list(Variant.choices), required=False,
        label=pgettext_lazy("game type", "Game"),
    )

    def clean_month(self) -> datetime.date | None:
        month = self.cleaned_data.get("month")
        if month is not None and not 2000 <= month.year <= 2100:
            raise ValidationError(_("Give a month between the years 2000 and 2100."))
        return month

    def query(self) -> CalendarQuery:
        data = self.cleaned_data
        return CalendarQuery(data.get("month"), data.get("variant") or None)


class NationalRankingForm(RankingFilterForm):
    """The rankings' filters without the club: the federation's clubs are the field."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["club"]

    def query(self) -> RankingQuery:
        data = self.cleaned_data
        return RankingQuery(data["season"], None, data.get("variant") or None)


class ClubChoiceForm(forms.Form):
    """A club: one the director manages (asking), or any club (an admin's invitation)."""

    club = forms.ModelChoiceField(queryset=Club.objects.none(), to_field_name="slug",
                                  label=_("Club"),
                                  error_messages={"invalid_choice": _("Choose a club from the list.")})

    def __init__(self, *args: Any, clubs: QuerySet[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs


class AdminForm(forms.Form):
    username = forms.CharField(max_length=150, label=_("Account name"),
                               help_text=_("The name the person signs in with."))


class FederationForm(forms.ModelForm):
    """Starting a federation, and its admins' "About the federation" (the service checks
    and saves; the address stays the one made from the first name)."""

    class Meta:
        model = Federation
        fields = ["name", "country", "description", "is_public"]
        widgets = {"description": forms.Textarea(attrs={"rows": 4})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].error_messages["required"] = _("A federation needs a name.")


class MembershipDatesForm(forms.Form):
    """A federation admin's correction of when a club joined and, once it has left, when."""

    joined_on = forms.DateField(label=_("Member since"), widget=DateInput(),
                                error_messages={"required": _("Give the day the club joined.")})
    left_on = forms.DateField(label=_("Member until"), widget=DateInput(), required=False,
                              help_text=_("Empty while the club is a member."))

    def __init__(self, *args: Any, affiliation: Any, **kwargs: Any) -> None:
        super().__init__(*args, prefix=f"dates-{affiliation.pk}", initial={
            "joined_on": affiliation.joined_on, "left_on": affiliation.left_on}, **kwargs)
        self.affiliation = affiliation
        today = timezone.localdate().isoformat()
        for field in self.fields.values():
            field.widget.attrs["max"] = today
        if affiliation.status != affiliation.Status.ENDED:
            del self.fields["left_on"]
