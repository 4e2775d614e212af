"""Forms of the dispute pages. They check at once what can be checked (a valid, complete
position for the variant, dice 1–6, readable notation) and say which field is wrong."""

from __future__ import annotations

from typing import Any

import numpy as np
from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club
from common.widgets import DateInput
from disputes.models import Dispute, DisputeKind, Ruling
from disputes.selectors import disputed_day
from disputes.services import input_errors
from engine.ids import encode_position_id
from engine.transcript.model import MOVE
from games.models import (
    MAX_GAME_NUMBER,
    BlockRule,
    Match,
    MatchTranscript,
    TranscriptStatus,
    Variant,
)
from games.services import played_dates
from games.transcript_view import ReplayStep, safe_replay_of


def transcript_moves(match: Match) -> dict[str, tuple[MatchTranscript, ReplayStep, ReplayStep]]:
    """Every move of the match's readable transcripts: key → (transcript, step before, step)."""
    moves: dict[str, tuple[MatchTranscript, ReplayStep, ReplayStep]] = {}
    transcripts = match.transcripts.exclude(status=TranscriptStatus.FAILED).order_by("-pk")[:3]
    for transcript in transcripts:
        replay = safe_replay_of(transcript.text, match.engine_block_rule)
        if replay is None:
            continue
        _record, steps = replay
        for index, step in enumerate(steps):
            if step.kind == MOVE and step.dice is not None and index > 0:
                moves[f"{transcript.pk}:{index}"] = (transcript, steps[index - 1], step)
    return moves


def position_before(step_before: ReplayStep, mover: int) -> str:
    """The Position ID before a transcript move, the mover on roll (``board[1]``)."""
    rows = step_before.checkers
    board = np.array([rows[1 - mover], rows[mover]], dtype=np.int8)
    return encode_position_id(board)


class DisputeForm(forms.Form):
    club = forms.ModelChoiceField(queryset=Club.objects.none(), label=_("Club"))
    variant = forms.ChoiceField(choices=Variant.choices, label=pgettext_lazy("game type", "Game"), initial="backgammon")
    block_rule = forms.ChoiceField(
        label=_("Six-point block rule (long nardy)"),
        choices=[("", _("main rule for long nardy; none for backgammon")), *BlockRule.choices],
        required=False,
    )
    game_number = forms.IntegerField(
        label=_("Game number"), min_value=1, max_value=MAX_GAME_NUMBER, required=False
    )
    transcript_move = forms.ChoiceField(
        label=_("Or pick the move from the uploaded transcript"), required=False
    )
    position_id = forms.CharField(
        label=_("Position ID"),
        max_length=20,
        required=False,
        help_text=_("Click the position in on the board, or paste its GNU Backgammon Position ID."),
    )
    on_roll_seat = forms.TypedChoiceField(
        label=_("Side on roll"), coerce=int, choices=[(1, _("White")), (2, _("Black"))]
    )
    dice1 = forms.IntegerField(label=_("First die"), min_value=1, max_value=6, required=False)
    dice2 = forms.IntegerField(label=_("Second die"), min_value=1, max_value=6, required=False)
    notation = forms.CharField(
        label=_("Play made"),
        max_length=120,
        required=False,
        help_text=_(
            "As written on a score sheet: 13/8 6/5*, bar/22, 6/off, 8/5(2). Empty: no move."
        ),
    )
    statement = forms.CharField(
        label=_("Statement"),
        max_length=1000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def __init__(self, *args: Any, clubs: Any = None, match: Match | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.match = match
        self.moves = transcript_moves(match) if match is not None else {}
        if match is not None:
            del self.fields["club"], self.fields["variant"], self.fields["block_rule"]
            names = [
                (1, str(match.player1 or _("player 1"))),
                (2, str(match.player2 or _("player 2"))),
            ]
            self.fields["on_roll_seat"].choices = names
        else:
            del self.fields["game_number"]
            self.fields["club"].queryset = clubs if clubs is not None else Club.objects.none()
        if self.moves:
            self.fields["transcript_move"].choices = [("", "—")] + [
                (key, f"{_('game')} {step.game}, {step.turn}) {step.text}")
                for key, (_t, _before, step) in self.moves.items()
            ]
        else:
            del self.fields["transcript_move"]

    @property
    def game_variant(self) -> str:
        if self.match is not None:
            return self.match.variant
        return self.cleaned_data.get("variant") or "backgammon"

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        picked = self.moves.get(data.get("transcript_move") or "")
        if picked is not None:
            transcript, before, step = picked
            mover = step.player or 0
            data.update(
                transcript=transcript,
                position_id=position_before(before, mover),
                dice1=step.dice[0] if step.dice else None,
                dice2=step.dice[1] if step.dice else None,
                notation=step.text.split(":", 1)[-1].strip(),
                on_roll_seat=mover + 1,
                game_number=step.game,
            )
        if self.errors:
            return data
        for name in ("dice1", "dice2"):
            if data.get(name) is None:
                self.add_error(name, _("Give both dice (1 to 6)."))
        if self.errors:
            return data
        problems = input_errors(
            self.game_variant,
            data.get("position_id") or "",
            (data["dice1"], data["dice2"]),
            data.get("notation") or "",
        )
        for field, messages in problems.items():
            for message in messages:
                self.add_error("dice1" if field == "dice" else field, message)
        return data


# What each ruling does, in the words of its choice (shown as the ruling's help text).
RULING_HELP = {
    Ruling.UPHELD: _("“Complaint upheld”: the play or result was wrong and is corrected; a "
                     "disputed result needs the ruled score."),
    Ruling.OVERTURNED: _("“Complaint rejected”: the play or result stands as entered."),
    Ruling.REPLAY: _("“Replay from a given position”: the game goes on from the Position ID "
                     "given."),
}


class RulingForm(forms.Form):
    """A director's ruling. ``kind`` keeps the choices and fields that fit a disputed
    result or a disputed move; the help text says what each choice does. A disputed
    result's ruling gives the date played: the ``dispute``'s day by default, within the
    days its match can have been played (its ``event``'s, when the page has it)."""

    ruling = forms.ChoiceField(label=_("Ruling"), choices=Ruling.choices)
    note = forms.CharField(
        label=_("Note to the players"), required=False, widget=forms.Textarea(attrs={"rows": 2})
    )
    replay_position_id = forms.CharField(
        label=_("Replay from Position ID"), max_length=20, required=False
    )
    score1 = forms.DecimalField(
        label=_("Ruled score of player 1"), required=False, min_value=0, max_digits=5,
        decimal_places=1,
        help_text=_("With “complaint upheld”, the score that becomes the official result (an "
                    "override, with your name); left empty with “complaint rejected”, the "
                    "entered result stands."),
    )
    score2 = forms.DecimalField(
        label=_("Ruled score of player 2"), required=False, min_value=0, max_digits=5,
        decimal_places=1,
    )
    # the service checks the day against the match's club and event (games.played_dates)
    played_on = forms.DateField(
        label=_("Date played"), required=False, widget=DateInput(),
        help_text=_("The day the match was played, in the club's time zone: the ratings "
                    "count the ruled result on that day. Left empty: the day of the result "
                    "in dispute."),
    )

    def __init__(self, *args: Any, kind: str | None = None, dispute: Dispute | None = None,
                 event: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        kind = dispute.kind if dispute is not None else kind
        if kind == DisputeKind.RESULT:
            self.fields["ruling"].choices = [(value, label) for value, label in Ruling.choices
                                             if value != Ruling.REPLAY]
            del self.fields["replay_position_id"]
        elif kind == DisputeKind.MOVE:
            del self.fields["score1"], self.fields["score2"], self.fields["played_on"]
        if "played_on" in self.fields and dispute is not None and dispute.match is not None:
            self._bound_days(dispute, event)
        self.fields["ruling"].help_text = " ".join(
            str(RULING_HELP[value]) for value, _label in self.fields["ruling"].choices)

    def _bound_days(self, dispute: Dispute, event: Any) -> None:
        """The disputed day as the default, and the browser's bounds of the field."""
        today, latest, earliest = (
            played_dates.day_bounds(event.club, event.starts_on) if event is not None
            else played_dates.match_day_bounds(dispute.match))
        self.fields["played_on"].initial = disputed_day(dispute) or today
        self.fields["played_on"].widget.attrs.update(
            {"min": earliest.isoformat(), "max": latest.isoformat()})
