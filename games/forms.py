"""Forms of the match pages. They parse input; the services decide what is allowed."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from engine.match import RESULTS_BY_VARIANT
from games.models import GameResult, Match
from games.services.scoring import CUBE_VALUES


def seat_choices(match: Match) -> list[tuple[str, str]]:
    return [
        ("1", str(match.player1 or _("Player 1"))),
        ("2", str(match.player2 or _("Player 2"))),
    ]


class GameForm(forms.Form):
    """One game: who won, how, and the cube at the end."""

    winner = forms.TypedChoiceField(label=_("Winner"), coerce=int, empty_value=None)
    result = forms.ChoiceField(label=_("How"))
    cube = forms.TypedChoiceField(
        label=_("Cube"),
        coerce=int,
        choices=[(value, str(value)) for value in CUBE_VALUES[:8]],
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


class FinalScoreForm(forms.Form):
    """The quick form: just the final score."""

    score1 = forms.DecimalField(label=_("Score of player 1"), min_value=0, decimal_places=1)
    score2 = forms.DecimalField(label=_("Score of player 2"), min_value=0, decimal_places=1)

    def __init__(self, *args: Any, match: Match, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["score1"].label = str(match.player1 or _("Player 1"))
        self.fields["score2"].label = str(match.player2 or _("Player 2"))


class DisputeForm(forms.Form):
    reason = forms.CharField(
        label=_("What is wrong?"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
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
