"""Forms: the rankings filters and the director's external-event entry."""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club, Player
from common.widgets import DateInput
from games.models import Variant
from leaderboard.messages import error_message
from leaderboard.selectors import RankingQuery, season_for
from tournaments.errors import RankingError

MAX_ENTRANTS = 64


class RankingFilterForm(forms.Form):
    """Club (or all), game (or both), and a calendar year or any date range."""

    club = forms.ModelChoiceField(
        queryset=Club.objects.order_by("name"), required=False, to_field_name="slug",
        empty_label=_("All clubs (overall)"), label=_("Club"),
    )
    variant = forms.ChoiceField(
        choices=[("", _("Both games"))] + list(Variant.choices), required=False,
        label=pgettext_lazy("game type", "Game"),
    )
    year = forms.IntegerField(min_value=2000, max_value=2100, required=False, label=_("Season"))
    start = forms.DateField(required=False, label=_("From"),
                            widget=DateInput())
    end = forms.DateField(required=False, label=pgettext_lazy("date range", "To"),
                          widget=DateInput())

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["year"].widget.attrs["placeholder"] = str(timezone.localdate().year)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        try:
            data["season"] = season_for(
                data.get("year"), data.get("start"), data.get("end"), timezone.localdate()
            )
        except RankingError as error:
            raise ValidationError(error_message(error), code=error.code) from error
        return data

    def query(self) -> RankingQuery:
        """The ranking asked for (call after ``is_valid``)."""
        data = self.cleaned_data
        return RankingQuery(data["season"], data.get("club"), data.get("variant") or None)


class ExternalEventForm(forms.Form):
    name = forms.CharField(max_length=120, label=_("Event name"))
    date = forms.DateField(label=_("Date"), widget=DateInput())
    variant = forms.ChoiceField(choices=Variant.choices, label=pgettext_lazy("game type", "Game"))

    def clean_date(self) -> datetime.date:
        day = self.cleaned_data["date"]
        if day > timezone.localdate():
            raise ValidationError(_("An event is entered once it has been played."))
        return day


class PlaceRowForm(forms.Form):
    """One entrant; tied players get the same place (the first of their group)."""

    player = forms.ModelChoiceField(queryset=Player.objects.none(), required=False,
                                    label=_("Player"))
    place = forms.IntegerField(min_value=1, max_value=MAX_ENTRANTS, required=False,
                               label=_("Place"),
                               help_text=_("Blank for players who finished outside the places."))

    def __init__(self, *args: Any, players: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if players is not None:
            field = self.fields["player"]
            field.queryset = players  # type: ignore[attr-defined]
            field.label_from_instance = lambda player: player.display_name  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("place") and not data.get("player"):
            raise ValidationError(_("A place needs a player."))
        return data


class BasePlaceFormSet(forms.BaseFormSet):
    def __init__(self, *args: Any, players: Any = None, **kwargs: Any) -> None:
        self.players = players
        super().__init__(*args, **kwargs)

    def get_form_kwargs(self, index: int | None) -> dict[str, Any]:
        return {**super().get_form_kwargs(index), "players": self.players}

    def entrants(self) -> list[tuple[Player, int | None]]:
        return [
            (form.cleaned_data["player"], form.cleaned_data.get("place"))
            for form in self.forms
            if form.cleaned_data.get("player") is not None
        ]


PlaceFormSet = forms.formset_factory(
    PlaceRowForm, formset=BasePlaceFormSet, extra=16, max_num=MAX_ENTRANTS, absolute_max=MAX_ENTRANTS
)


class HeadToHeadForm(forms.Form):
    """Two different players with a rating, to compare."""

    first = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Player"),
                                   empty_label=_("Choose a player"))
    second = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Opponent"),
                                    empty_label=_("Choose a player"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from leaderboard.selectors import rated_players

        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            self.fields[name].queryset = rated_players()
            self.fields[name].label_from_instance = lambda player: player.display_name

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("first") and data.get("first") == data.get("second"):
            raise ValidationError(_("Choose two different players."), code="same_player")
        return data
