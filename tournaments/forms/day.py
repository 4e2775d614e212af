"""Forms of registration, the entry desk and the event day. They parse; services decide."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from common.widgets import DATETIME_INPUT_FORMATS, DateTimeInput
from tournaments import event_rules as rules
from tournaments.choices import ClockRuleChoice
from tournaments.errors import DrawError
from tournaments.event_rules import (
    DEFAULT_DELAY_SECONDS,
    DEFAULT_MINUTES_PER_POINT,
    RegistrationError,
)
from tournaments.event_settings import bounds_of
from tournaments.messages import error_text
from tournaments.models import LateEntryRule, Tournament, Withdrawal

DATETIME = DateTimeInput()
INPUT_FORMATS = DATETIME_INPUT_FORMATS


class EventSettingsForm(forms.Form):
    """Registration, check-in, forfeits and time controls of an event (the service checks
    the values against each other and answers with a clear code)."""

    registration_deadline = forms.DateTimeField(label=_("Registration deadline"), required=False,
                                                widget=DATETIME, input_formats=INPUT_FORMATS)
    approval_required = forms.BooleanField(label=_("Directors approve registrations"),
                                           required=False)
    capacity = forms.IntegerField(label=_("Places"), required=False, min_value=1,  # bad_capacity
                                  max_value=bounds_of("capacity")[1], help_text=_("Empty: no limit."))
    entry_fee = forms.DecimalField(label=_("Entry fee"), required=False, max_digits=8,
                                   decimal_places=2)
    divisions_text = forms.CharField(
        label=_("Divisions"), required=False, max_length=500,
        help_text=_("For example: open: Open; inter: Intermediate <1650; nov: Novice * "
                    "(<N: rating limit, *: players choose themselves)."),
    )
    late_entry_rule = forms.ChoiceField(
        label=_("Late entries"), choices=LateEntryRule.choices,
        help_text=_("How a player entered after the draw joins. Knockout: seeded last (the open "
                    "place of the lowest seed with a bye) or into the consolation (that place, "
                    "the main match given as a walkover; needs a consolation flight). Double "
                    "elimination: seeded last. Round robin and groups: seeded last (the bye of a "
                    "group with an odd number of players, from the current round on; earlier "
                    "rounds are missed) or with penalty points. Swiss: seeded last (the next "
                    "round, no wins) or with penalty points. Penalty points are taken off the "
                    "late player's match wins in the standings."),
    )
    late_entry_penalty = forms.IntegerField(
        label=_("Penalty points of a late entry"), min_value=bounds_of("late_entry_penalty")[0],
        max_value=bounds_of("late_entry_penalty")[1], initial=0,
        help_text=_("Match wins taken off a late entrant's score under the penalty rule."))
    check_in_opens_at = forms.DateTimeField(label=_("Check-in opens"), required=False,
                                            widget=DATETIME, input_formats=INPUT_FORMATS,
                                            help_text=_("Empty: no check-in."))
    check_in_closes_at = forms.DateTimeField(label=_("Check-in closes"), required=False,
                                             widget=DATETIME, input_formats=INPUT_FORMATS)
    forfeit_minutes = forms.IntegerField(
        label=_("Minutes before an absent player forfeits"), required=False, min_value=1,
        max_value=240, help_text=_("Empty: absent players never forfeit automatically."),
    )
    time_controls_text = forms.CharField(
        label=_("Time controls by round"), required=False, max_length=800,
        help_text=_("For example: 1: 2 min per point + 12 s delay; 4: same, clocks required +10 "
                    "(ROUND: text; “clocks” marks clocks required; +N: minutes before "
                    "an absent player forfeits in those rounds)."),
    )
    clock_rule = forms.ChoiceField(label=_("Clock rule"), choices=ClockRuleChoice.choices,
                                   initial=ClockRuleChoice.NONE, required=False,
                                   help_text=_("The clock each match gets when its round is "
                                               "announced: it shows on the score sheet, the "
                                               "match page, the desk and the TV view."))
    clock_minutes_per_point = forms.IntegerField(
        label=_("Minutes per point of the match length"),
        min_value=bounds_of("clock_minutes_per_point")[0],
        max_value=bounds_of("clock_minutes_per_point")[1],
        initial=DEFAULT_MINUTES_PER_POINT, required=False,
        help_text=_("2 gives each player 14 minutes in a 7-point match."))
    clock_delay_seconds = forms.IntegerField(
        label=_("Delay per move (seconds)"), min_value=bounds_of("clock_delay_seconds")[0],
        max_value=bounds_of("clock_delay_seconds")[1], initial=DEFAULT_DELAY_SECONDS,
        required=False)
    clock_bank_minutes = forms.IntegerField(
        label=_("Fixed bank per player (minutes)"), required=False,
        min_value=bounds_of("clock_bank_minutes")[0], max_value=bounds_of("clock_bank_minutes")[1],
        help_text=_("For the fixed-bank rule: the same time for every match."))

    avoid_same_club = forms.BooleanField(
        label=_("Keep players of the same club apart in round 1"), required=False,
        help_text=_("Membership of the club running the event does not count."),
    )

    FIELDS = ("registration_deadline", "approval_required", "capacity", "entry_fee",
              "late_entry_rule", "late_entry_penalty", "check_in_opens_at", "check_in_closes_at",
              "forfeit_minutes", "clock_rule", "clock_minutes_per_point", "clock_delay_seconds",
              "clock_bank_minutes", "avoid_same_club")

    tournament: Tournament | None = None

    @classmethod
    def for_tournament(cls, tournament: Tournament, data: Any = None) -> EventSettingsForm:
        initial = {name: getattr(tournament, name) for name in cls.FIELDS}
        initial["divisions_text"] = rules.divisions_to_text(tournament.divisions)
        initial["time_controls_text"] = rules.time_controls_to_text(tournament.time_controls)
        form = cls(data, initial=initial)
        form.tournament = tournament
        return form

    def clean_late_entry_rule(self) -> str:
        """A rule the event's format cannot apply is refused on this field (the format's
        ``check_late_entry_rule``, which the service applies again)."""
        rule = self.cleaned_data["late_entry_rule"]
        if self.tournament is not None:
            probe = Tournament(format=self.tournament.format, tiebreaks=self.tournament.tiebreaks,
                               consolation=self.tournament.consolation, late_entry_rule=rule)
            try:
                self.tournament.event_format.check_late_entry_rule(probe)
            except DrawError as error:
                raise forms.ValidationError(error_text(error)) from error
        return rule

    def _kept(self, field: str) -> Any:
        """A clock setting left out keeps the event's value."""
        value = self.cleaned_data.get(field)
        if value in (None, "") and self.tournament is not None:
            return getattr(self.tournament, field)
        return value

    def clean_clock_rule(self) -> str:
        return self._kept("clock_rule") or ClockRuleChoice.NONE

    def clean_clock_minutes_per_point(self) -> int:
        return self._kept("clock_minutes_per_point") or DEFAULT_MINUTES_PER_POINT

    def clean_clock_delay_seconds(self) -> int:
        kept = self._kept("clock_delay_seconds")
        return DEFAULT_DELAY_SECONDS if kept is None else kept

    def _parsed(self, field: str, parse: Any) -> list[dict[str, Any]]:
        try:
            return parse(self.cleaned_data[field])
        except RegistrationError as error:
            raise forms.ValidationError(error_text(error)) from error

    def clean_divisions_text(self) -> list[dict[str, Any]]:
        return self._parsed("divisions_text", rules.divisions_from_text)

    def clean_time_controls_text(self) -> list[dict[str, Any]]:
        # "clocks" marks clocks required; the word in today's language does too.
        keyword = pgettext("time control keyword", "clocks")
        return self._parsed("time_controls_text",
                            lambda text: rules.time_controls_from_text(text, (keyword,)))

    def service_fields(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        data["divisions"] = data.pop("divisions_text")
        data["time_controls"] = data.pop("time_controls_text")
        return data


class RegisterForm(forms.Form):
    division = forms.CharField(label=_("Division"), required=False, max_length=20)
    note = forms.CharField(label=_("Note for the directors"), required=False, max_length=200)


class WithdrawForm(forms.Form):
    reason = forms.ChoiceField(choices=Withdrawal.choices, initial=Withdrawal.WITHDREW)


class LateEntryForm(forms.Form):
    player = forms.IntegerField(required=False, min_value=1)
    new_name = forms.CharField(label=_("New player's full name"), required=False, max_length=120)
    new_display_name = forms.CharField(label=_("Display name"), required=False, max_length=60)
    division = forms.CharField(label=_("Division"), required=False, max_length=20)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("player") and not (data.get("new_name") or "").strip():
            raise forms.ValidationError(_("Pick a player or give a new player's name."))
        return data


class MinutesForm(forms.Form):
    minutes = forms.IntegerField(required=False, min_value=1, max_value=240)


class TableForm(forms.Form):
    table = forms.CharField(required=False, max_length=20)


LATE_RULE_HELP = {
    LateEntryRule.NONE: _("Nobody is entered after the draw."),
    LateEntryRule.SEEDED_LAST: _("A late player takes the open place of the lowest seed with a "
                                 "bye (knockout, double elimination), the bye of a group with an "
                                 "odd number of players from the current round on (round "
                                 "robin), or joins the next Swiss round ranked last."),
    LateEntryRule.CONSOLATION: _("A late player gives the main-flight match as a walkover and "
                                 "plays on in the consolation flight."),
    LateEntryRule.PENALTY: _("A late player joins as under seeded last (round robin, Swiss); the "
                             "penalty points are taken off their match wins in the standings."),
}
