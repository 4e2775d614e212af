"""Forms of the match pages. They parse input; the services decide what is allowed."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from common.bounds import parse_id
from common.widgets import DateInput
from engine.match import (
    MAX_MATCH_LENGTH,
    RESULTS_BY_VARIANT,
    highest_winning_score,
    largest_game_points,
)
from games.models import BlockRule, GameResult, Match, Variant
from games.services import played_dates
from games.services.results import MAX_REASON, REASON_REQUIRED
from games.services.scoring import (
    CUBE_VALUES,
    SCORE_CAPACITY,
    SCORE_MESSAGES,
    format_score,
    score_problem,
)


def seat_choices(match: Match) -> list[tuple[str, str]]:
    return [
        ("1", str(match.player1 or _("Player 1"))),
        ("2", str(match.player2 or _("Player 2"))),
    ]


class GameForm(forms.Form):
    """One game: who won, how, and the cube at the end."""

    winner = forms.TypedChoiceField(label=_("Winner"), coerce=int, empty_value=None)
    result = forms.ChoiceField(
        label=_("How"),
        help_text=_("A resigned gammon or backgammon counts as that result."),
    )
    cube = forms.TypedChoiceField(
        label=_("Cube"),
        coerce=int,
        choices=[(value, str(value)) for value in CUBE_VALUES],
        initial=1,
        help_text=_("For a dropped double: the cube before that double."),
    )
    cube_owner = forms.TypedChoiceField(label=_("Cube owner"), coerce=int, initial=0)

    def __init__(self, *args: Any, match: Match, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        allowed = RESULTS_BY_VARIANT[match.variant] | ({"draw"} if match.equalisation else set())
        if match.variant == "nardy" and not match.koks:
            allowed = allowed - {"koks"}
        if not match.equalisation:
            allowed = allowed - {"draw"}
        self.fields["result"].choices = [
            (value, label) for value, label in GameResult.choices if value in allowed
        ]
        winners = seat_choices(match)
        if "draw" in allowed:
            winners = [("", _("nobody (draw)")), *winners]
            self.fields["winner"].required = False
        self.fields["winner"].choices = winners
        self.fields["cube_owner"].choices = [("0", _("centred")), *seat_choices(match)]
        if not match.cube_in_use:
            del self.fields["cube"]
            del self.fields["cube_owner"]


def score_field(
    highest: Decimal = SCORE_CAPACITY, label: Any = None, too_high: Any = None
) -> forms.DecimalField:
    """A final score: a finite number of (half) points, at most ``highest``."""
    return forms.DecimalField(
        label=label,
        min_value=0,
        max_value=highest,
        max_digits=7,
        decimal_places=1,
        error_messages={
            "invalid": SCORE_MESSAGES["score_not_a_number"],
            "max_value": too_high or SCORE_MESSAGES["session_score_too_high"],
            "min_value": SCORE_MESSAGES["negative_score"],
        },
    )


class FinalScoreForm(forms.Form):
    """The quick form: just the final score, bounded by what the match allows.

    The service checks the whole score (``check_final_score``); the form already refuses
    what no player can have: a negative score, or more than the match's winner can reach.
    """

    score1 = score_field()
    score2 = score_field()
    played_on = forms.DateField(
        label=_("Date played"), required=False, widget=DateInput(),
        help_text=_("The day the match was played, in the club's time zone; today if left "
                    "as it is."),
    )

    def __init__(self, *args: Any, match: Match, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        today, latest, earliest = played_dates.match_day_bounds(match)
        self.fields["played_on"].initial = today
        self.fields["played_on"].widget.attrs.update({"max": latest.isoformat(),
                                                      "min": earliest.isoformat()})
        rules = match.rules()
        highest, too_high = SCORE_CAPACITY, None
        if rules.is_match:
            highest = Decimal(str(highest_winning_score(rules)))
            too_high = score_problem(
                "score_too_high",
                length=rules.length,
                highest=format_score(highest),
                largest=format_score(largest_game_points(rules)),
            ).message
        for name, player, fallback in (
            ("score1", match.player1, _("Player 1")),
            ("score2", match.player2, _("Player 2")),
        ):
            self.fields[name] = score_field(highest, str(player or fallback), too_high)


class DisputeForm(forms.Form):
    reason = forms.CharField(
        label=_("What is wrong?"),
        max_length=MAX_REASON,
        widget=forms.Textarea(attrs={"rows": 2}),
        error_messages={"required": REASON_REQUIRED},
    )


class OverrideForm(FinalScoreForm):
    reason = forms.CharField(
        label=_("Reason"), max_length=2000, widget=forms.Textarea(attrs={"rows": 2})
    )


class TranscriptForm(forms.Form):
    file = forms.FileField(
        label=_("Transcript (.mat or JSON)"),
        help_text=_("A match file exported by GNU Backgammon, eXtreme Gammon or this site."),
    )
    column = forms.TypedChoiceField(
        label=_("Your column in the file"),
        choices=[
            ("", _("Find me by my name")),
            ("1", _("The left column")),
            ("2", _("The right column")),
        ],
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_(
            "The file's names are compared with your name and the FIBS, Galaxy and Studio "
            "names in your profile. If you played under another name, say which column is yours."
        ),
    )


class MatchForm(forms.Form):
    """A director creates a match in one of their clubs."""

    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.none())
    variant = forms.ChoiceField(label=_("Variant"), choices=Variant.choices)
    length = forms.IntegerField(
        label=_("Length"),
        min_value=0,
        max_value=MAX_MATCH_LENGTH,
        initial=7,
        help_text=_("0: unlimited session"),
    )
    player1 = forms.ModelChoiceField(
        label=_("Player 1"), queryset=Player.objects.all(), required=False
    )
    player2 = forms.ModelChoiceField(
        label=_("Player 2"), queryset=Player.objects.all(), required=False
    )
    cube_enabled = forms.TypedChoiceField(
        label=_("Cube"),
        choices=[("", _("as the variant plays it")), ("1", _("in use")), ("0", _("not used"))],
        coerce=lambda value: value == "1",
        empty_value=None,
        required=False,
    )
    crawford = forms.BooleanField(label=_("Crawford rule"), required=False, initial=True)
    holland = forms.BooleanField(label=_("Holland rule"), required=False)
    koks = forms.BooleanField(label=_("Koks (long nardy)"), required=False)
    equalisation = forms.BooleanField(label=_("Equalisation (long nardy)"), required=False)
    block_rule = forms.ChoiceField(
        label=_("Six-point block rule (long nardy)"),
        choices=[("", _("main rule for long nardy; none for backgammon")), *BlockRule.choices],
        required=False,
    )
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)

    def __init__(self, *args: Any, clubs: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs


def seen_result(data: Any) -> int | None:
    """The newest result of the match on the page a score form came from (its hidden
    ``seen_result`` field: an id, 0 for none), or None when the form did not say."""
    text = str(data.get("seen_result", "")).strip()
    return 0 if text == "0" else parse_id(text)
