"""Forms of the tournament pages. They parse input; the services do the work."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import MaxLengthValidator
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from common.time_zones import time_zone_choices
from common.widgets import DateInput
from games.choices import BlockRule
from games.services.results import REASON_REQUIRED
from tournaments.errors import DrawError
from tournaments.event_settings import FORMAT_SETTINGS, NUMBER_BOUNDS
from tournaments.format_registry import format_of
from tournaments.formats.base import EventFormat
from tournaments.limits import MAX_MATCH_LENGTH, MAX_RULES_TEXT
from tournaments.models import DEFAULT_TIEBREAKS, Flight, Tournament, default_match_lengths
from tournaments.selectors.tournaments import TIEBREAKS
from tournaments.standings import METRICS


def _lengths(text: str, count: int) -> list[int]:
    try:
        lengths = [int(part) for part in text.replace(";", ",").split(",") if part.strip()]
    except ValueError as error:
        raise forms.ValidationError(_("Write whole numbers separated by commas.")) from error
    if len(lengths) != count or any(n < 1 or n > MAX_MATCH_LENGTH for n in lengths):
        raise forms.ValidationError(
            _("Give %(count)s lengths from 1 to %(highest)s, separated by commas.")
            % {"count": count, "highest": MAX_MATCH_LENGTH}
        )
    return lengths


class TiebreakOrderWidget(forms.MultiWidget):
    """The tiebreak order as a row of selects (first, second, ...), each offering the
    tiebreaks by their names; the form still receives "wins, head_to_head, ..." (a plain
    ``tiebreak_order`` value, as the API and older clients send, is taken as it is)."""

    def __init__(self, slots: int = len(METRICS)) -> None:
        choices = [("", "—")] + [(key, name) for key, (_abbr, name, _text) in TIEBREAKS.items()]
        widgets = [
            forms.Select(choices=choices, attrs={"aria-label": _("Tiebreak %(number)s") % {
                "number": number}})
            for number in range(1, slots + 1)
        ]
        super().__init__(widgets)

    def decompress(self, value: Any) -> list[str]:
        keys = [key.strip() for key in str(value or "").split(",") if key.strip()]
        return (keys + [""] * len(self.widgets))[: len(self.widgets)]

    def value_from_datadict(self, data: Any, files: Any, name: str) -> str:
        if name in data:
            return data[name]
        parts = [data.get(f"{name}_{index}", "") for index in range(len(self.widgets))]
        return ", ".join(part for part in parts if part)

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        return name not in data and not any(f"{name}_{i}" in data for i in range(len(self.widgets)))

    def use_required_attribute(self, initial: Any) -> bool:
        # The later slots are meant to stay empty: a "required" on every select would stop
        # the browser from sending the form. The field itself is still checked on the server.
        return False


LENGTH_FIELDS = {  # form field -> (flights it sets, number of lengths)
    "main_lengths": ((Flight.MAIN, Flight.LOSERS), 3),
    "consolation_lengths": ((Flight.CONSOLATION,), 3),
    "last_chance_lengths": ((Flight.LAST_CHANCE,), 3),
}


def _lengths_shown(event_format: EventFormat) -> set[str]:
    shown = set()
    if event_format.bracket:
        shown.add("main_lengths")
    if "consolation" in event_format.settings:
        shown.add("consolation_lengths")
    if "last_chance" in event_format.settings:
        shown.add("last_chance_lengths")
    if event_format.table_flight:
        shown.add("table_length")
    return shown


class TournamentForm(forms.ModelForm):
    """The event's set-up: the general fields, then only the chosen format's settings.

    The format's settings come from the format registry (``tournaments.format_registry``); the
    page swaps them (htmx) when the format changes. Match lengths are written "early
    rounds, semi-finals, final". Tiebreaks are picked in order from named options, each
    explained on the form.
    """

    GENERAL = ("club", "name", "starts_on", "start_time", "ends_on", "time_zone", "variant",
               "format", "is_public", "rules_text", "crawford", "block_rule")

    club = forms.ModelChoiceField(queryset=Club.objects.none(), label=_("Club"))
    crawford = forms.BooleanField(label=_("Crawford rule"), required=False, initial=True)
    block_rule = forms.ChoiceField(
        label=_("Six-point block rule (long nardy)"),
        choices=[("", _("main rule for long nardy; none for backgammon")), *BlockRule.choices],
        required=False,
        help_text=_("Every match of the event is played and judged under it."),
    )
    main_lengths = forms.CharField(label=_("Main flight lengths (early, semi-finals, final)"),
                                   initial="7, 9, 11")
    consolation_lengths = forms.CharField(label=_("Consolation lengths"), initial="5, 7, 7")
    last_chance_lengths = forms.CharField(label=_("Last-chance lengths"), initial="3, 5, 5")
    table_length = forms.IntegerField(label=_("Round-robin and Swiss match length"),
                                      min_value=1, max_value=MAX_MATCH_LENGTH, initial=7)
    tiebreak_order = forms.CharField(
        label=_("Tiebreaks, in order"), initial="wins, head_to_head, points_difference, points_scored",
        help_text=_("Players still tied on the first are compared on the second, and so on. "
                    "Leave the rest empty."),
    )

    class Meta:
        model = Tournament
        fields = ["club", "name", "starts_on", "start_time", "ends_on", "time_zone", "variant",
                  "format", "is_public", "rules_text",
                  *(f for f in FORMAT_SETTINGS if f != "tiebreaks")]
        widgets = {
            "starts_on": DateInput(),
            "start_time": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "time_zone": forms.Select(),
            "ends_on": DateInput(),
            "rules_text": forms.Textarea(attrs={"rows": 3}),
        }

    def __init__(self, *args: Any, clubs: Any = None, format_key: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["tiebreak_order"].widget = TiebreakOrderWidget()  # labels in today's language
        self.event_format = _chosen_format(format_key or self.data.get("format")
                                           or self.initial.get("format") or self.instance.format)
        self.fields["format"].widget.attrs.update({
            "hx-get": reverse("tournaments:format_settings"),
            "hx-target": "#format-settings", "hx-swap": "innerHTML",
            "hx-include": "closest form",
        })
        self.tiebreak_help = [(name, explanation) for _a, name, explanation in TIEBREAKS.values()]
        for name, (lowest, highest) in NUMBER_BOUNDS.items():
            if name in self.fields:  # the bounds of the table of settings
                old = self.fields[name]
                self.fields[name] = forms.IntegerField(
                    label=old.label, help_text=old.help_text, min_value=lowest,
                    max_value=highest, required=old.required, initial=old.initial)
        if "playoff_places" in self.fields:  # left empty: no play-offs
            self.fields["playoff_places"].required = False
        for name, help_text in self.event_format.help_texts.items():  # the format's own words
            if name in self.fields:
                self.fields[name].help_text = help_text
        self.fields["time_zone"].widget.choices = [
            ("", _("The club's time zone")), *time_zone_choices()]
        self.fields["time_zone"].widget.attrs["translate"] = "no"  # IANA names, as they are
        self.fields["rules_text"].max_length = MAX_RULES_TEXT
        self.fields["rules_text"].validators.append(MaxLengthValidator(MAX_RULES_TEXT))
        self.fields["rules_text"].widget.attrs["maxlength"] = str(MAX_RULES_TEXT)
        if clubs is not None:
            self.fields["club"].queryset = clubs
        if self.instance.pk:
            del self.fields["club"]
            lengths = self.instance.match_lengths
            self.initial.update({
                "crawford": self.instance.rules.get("crawford", True),
                "block_rule": self.instance.rules.get("block_rule", ""),
                "main_lengths": ", ".join(map(str, lengths.get(Flight.MAIN, []))),
                "consolation_lengths": ", ".join(map(str, lengths.get(Flight.CONSOLATION, []))),
                "last_chance_lengths": ", ".join(map(str, lengths.get(Flight.LAST_CHANCE, []))),
                "table_length": (lengths.get(Flight.GROUP) or [7])[0],
            })
        order = list(self.instance.tiebreaks) if self.instance.pk else list(
            self.event_format.default_tiebreaks or DEFAULT_TIEBREAKS)
        self.initial.setdefault("tiebreak_order", ", ".join(order))
        self._keep_only_the_formats_settings()

    def _keep_only_the_formats_settings(self) -> None:
        used = set(self.event_format.settings)
        for name in FORMAT_SETTINGS:
            if name not in used and name in self.fields:
                del self.fields[name]
        if "tiebreaks" not in used:
            del self.fields["tiebreak_order"]
        shown = _lengths_shown(self.event_format)
        for name in (*LENGTH_FIELDS, "table_length"):
            if name not in shown:
                del self.fields[name]

    def general_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name in self.GENERAL]

    def format_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name not in self.GENERAL]

    def clean_playoff_places(self) -> int:
        return self.cleaned_data.get("playoff_places") or 0

    def clean_main_lengths(self) -> list[int]:
        return _lengths(self.cleaned_data["main_lengths"], 3)

    def clean_consolation_lengths(self) -> list[int]:
        return _lengths(self.cleaned_data["consolation_lengths"], 3)

    def clean_last_chance_lengths(self) -> list[int]:
        return _lengths(self.cleaned_data["last_chance_lengths"], 3)

    def clean_tiebreak_order(self) -> list[str]:
        keys = [key.strip() for key in self.cleaned_data["tiebreak_order"].split(",") if key.strip()]
        unknown = [key for key in keys if key not in METRICS]
        if unknown or not keys or len(set(keys)) != len(keys):
            raise forms.ValidationError(_("Choose each tiebreak at most once, at least one."))
        return keys

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        starts, ends = data.get("starts_on"), data.get("ends_on")
        if starts and ends and ends < starts:
            self.add_error("ends_on", _("A tournament cannot end before it starts."))
        return data

    def service_fields(self) -> dict[str, Any]:
        """The cleaned data as the services take it."""
        data = dict(self.cleaned_data)
        data.pop("club", None)
        if "tiebreak_order" in data:
            data["tiebreaks"] = data.pop("tiebreak_order")
        lengths = {str(flight): list(values) for flight, values in
                   (self.instance.match_lengths or default_match_lengths()).items()}
        for name, (flights, _count) in LENGTH_FIELDS.items():
            if name in data:
                value = data.pop(name)
                for flight in flights:
                    lengths[str(flight)] = value
                if name == "main_lengths":
                    lengths[str(Flight.GRAND_FINAL)] = [value[-1]]
        if "table_length" in data:
            table = data.pop("table_length")
            lengths[str(Flight.GROUP)] = [table]
            lengths[str(Flight.SWISS)] = [table]
        data["match_lengths"] = lengths
        rules = dict(self.instance.rules or {})
        rules["crawford"] = data.pop("crawford")
        block_rule = data.pop("block_rule", "")
        if block_rule:
            rules["block_rule"] = block_rule
        else:
            rules.pop("block_rule", None)  # the variant's default
        data["rules"] = rules
        return data


def _chosen_format(key: str | None) -> EventFormat:
    try:
        return format_of(key or Tournament.Format.KNOCKOUT)
    except DrawError:
        return format_of(Tournament.Format.KNOCKOUT)


class AddEntryForm(forms.Form):
    """An existing player (picked from the live search) or a new one by name."""

    player = forms.IntegerField(required=False, widget=forms.HiddenInput)
    new_name = forms.CharField(label=_("New player's full name"), required=False, max_length=120)
    new_display_name = forms.CharField(label=_("Display name"), required=False, max_length=60)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("player") and not (data.get("new_name") or "").strip():
            raise forms.ValidationError(_("Pick a player or give a new player's name."))
        return data


class ScoreForm(forms.Form):
    score1 = forms.DecimalField(label=_("Score of player 1"), min_value=0, max_digits=5,
                                decimal_places=1)
    score2 = forms.DecimalField(label=_("Score of player 2"), min_value=0, max_digits=5,
                                decimal_places=1)
    # the service checks the day against the match's club and event (games.played_dates)
    played_on = forms.DateField(label=_("Date played"), required=False, widget=DateInput())


class DirectorResultForm(ScoreForm):
    reason = forms.CharField(label=_("Reason"), max_length=500)


class DisputeForm(forms.Form):
    reason = forms.CharField(label=_("What is wrong?"), max_length=500,
                             error_messages={"required": REASON_REQUIRED})
