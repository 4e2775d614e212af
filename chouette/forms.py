"""Forms of the chouette pages. They parse input into the pure core's values; rules are
checked by the core when the services replay the session."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.db.models import QuerySet
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from chouette import core
from chouette.models import ChouetteSession
from chouette.services import MAX_AUTOMATIC_DOUBLES, MAX_PLAYERS, TableRules
from clubs.models import Player
from common.widgets import DateInput
from games.choices import BlockRule, GameResult

# Cube turns offered on the phone form; more than three in one game is rare (the API takes
# any). A stored game with more turns is corrected on a form with as many, up to the maximum.
CUBE_TURNS = 3
MAX_CUBE_TURNS = 12
SEATS = 8
NO_RESULT = "none"

ANSWER_LABELS = {
    core.Answer.TAKE: _("Take"),
    core.Answer.DROP: _("Drop"),
    core.Answer.BEAVER: _("Beaver"),
    core.Answer.BEAVER_PASSED: _("Beaver passed"),
}
SIDE_LABELS = {core.Side.BOX: _("The box doubled"), core.Side.TEAM: _("Team members doubled")}
# Named as in a match (games.choices.GameResult), capitalised for the radio buttons.
KIND_LABELS = {kind: capfirst(GameResult(kind.value).label) for kind in core.ResultKind}
PRESET_BOX_DOUBLED_ALL_TOOK = "box_doubled_all_took"


@dataclass(frozen=True)
class CubeTurnFields:
    number: int
    by: forms.BoundField
    answers: list[forms.BoundField]
    used: bool  # some cube was answered in this turn (keep it open on the page)


class GameForm(forms.Form):
    """The game just played, on one screen: the cube turns, who won and how.

    Each cube turn has the side that doubled and, per team member, the answer on that
    member's cube (left at "—" when the cube was not turned): one tap per cube. The
    line-up shown on the phone and the game's number travel in hidden fields, so a game
    entered on a stale page is refused by the core (``lineup_mismatch``,
    ``wrong_game_number``) instead of being booked twice or against the wrong players.
    """

    box = forms.IntegerField(widget=forms.HiddenInput)
    team = forms.CharField(widget=forms.HiddenInput)
    partner = forms.IntegerField(widget=forms.HiddenInput, required=False)
    number = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1)
    winner = forms.ChoiceField(
        label=_("Who won the board?"),
        choices=[
            (core.Side.BOX.value, _("Box")),
            (core.Side.TEAM.value, _("Team")),
            (NO_RESULT, _("Nobody: every bet was dropped")),
        ],
        widget=forms.RadioSelect,
    )
    kind = forms.ChoiceField(  # choices: the session's variant's results (__init__)
        label=pgettext_lazy("chouette game", "Result"), choices=(), widget=forms.RadioSelect
    )

    def __init__(
        self,
        *args: Any,
        lineup: core.LineUp,
        names: dict[int, str],
        settings: core.ChouetteSettings,
        preset: str = "",
        number: int | None = None,
        turns: int = CUBE_TURNS,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.lineup = lineup
        self.turn_count = min(max(turns, CUBE_TURNS), MAX_CUBE_TURNS)
        self.fields["box"].initial = lineup.box
        self.fields["team"].initial = ",".join(str(pk) for pk in lineup.team)
        self.fields["partner"].initial = lineup.partner
        self.fields["number"].initial = number
        # single/gammon/backgammon, or oin/mars (and koks when the table counts it).
        kinds = core.results_of(settings.variant, settings.koks)
        kind = self.fields["kind"]
        assert isinstance(kind, forms.ChoiceField)
        kind.choices = [(k.value, KIND_LABELS[k]) for k in kinds]
        kind.initial = kinds[0].value
        answers = [core.Answer.TAKE, core.Answer.DROP]
        if settings.beavers:
            answers += [core.Answer.BEAVER, core.Answer.BEAVER_PASSED]
        answer_choices = [("", "—")] + [(a.value, ANSWER_LABELS[a]) for a in answers]
        for turn in range(1, self.turn_count + 1):
            self.fields[f"turn{turn}_by"] = forms.ChoiceField(
                label=_("Cube turn %(number)d") % {"number": turn},
                choices=[(side.value, label) for side, label in SIDE_LABELS.items()],
                initial=core.Side.BOX.value,
                widget=forms.RadioSelect,
            )
            for member in lineup.team:
                self.fields[f"turn{turn}_{member}"] = forms.ChoiceField(
                    label=names.get(member, str(member)),
                    choices=answer_choices,
                    required=False,
                    initial="",
                    widget=forms.RadioSelect,
                )
        if settings.max_automatic_doubles:
            self.fields["automatic_doubles"] = forms.TypedChoiceField(
                label=_("Automatic doubles (opening ties)"),
                choices=[(n, str(n)) for n in range(settings.max_automatic_doubles + 1)],
                coerce=int,
                initial=0,
            )
        if preset == PRESET_BOX_DOUBLED_ALL_TOOK:
            for member in lineup.team:
                self.fields[f"turn1_{member}"].initial = core.Answer.TAKE.value

    @classmethod
    def initial_from(cls, record: core.GameRecord) -> dict[str, Any]:
        """The form's initial data for a stored game (to correct it)."""
        initial: dict[str, Any] = {"automatic_doubles": record.automatic_doubles}
        if record.result is None:
            initial["winner"] = NO_RESULT
        else:
            initial["winner"] = record.result.winner.value
            initial["kind"] = record.result.kind.value
        for turn, double in enumerate(record.doubles, start=1):
            initial[f"turn{turn}_by"] = double.by.value
            for member, answer in double.answers:
                initial[f"turn{turn}_{member}"] = answer.value
        return initial

    def turns(self) -> list[CubeTurnFields]:
        """For the template: each turn's side field and its members' answer fields."""
        turns = []
        for turn in range(1, self.turn_count + 1):
            answers = [self[f"turn{turn}_{member}"] for member in self.lineup.team]
            used = any(field.value() for field in answers)
            turns.append(CubeTurnFields(turn, self[f"turn{turn}_by"], answers, used))
        return turns

    def clean_team(self) -> tuple[int, ...]:
        try:
            return tuple(int(pk) for pk in self.cleaned_data["team"].split(","))
        except ValueError:
            raise forms.ValidationError(_("The line-up on this page is damaged.")) from None

    def to_record(self) -> core.GameRecord:
        """The core's GameRecord; call after is_valid(). Raises ChouetteError on bad seats."""
        data = self.cleaned_data
        doubles = []
        for turn in range(1, self.turn_count + 1):
            answers = tuple(
                (member, core.Answer(data[f"turn{turn}_{member}"]))
                for member in self.lineup.team
                if data.get(f"turn{turn}_{member}")
            )
            if answers:
                doubles.append(core.Double(core.Side(data[f"turn{turn}_by"]), answers))
        result = None
        if data["winner"] != NO_RESULT:
            result = core.BoardResult(core.Side(data["winner"]), core.ResultKind(data["kind"]))
        return core.GameRecord(
            lineup=core.LineUp(data["box"], data["team"], data.get("partner")),
            doubles=tuple(doubles),
            result=result,
            automatic_doubles=data.get("automatic_doubles", 0),
        )


class StartSessionForm(forms.Form):
    """Open a table: the rules in force and the opening line, box first."""

    date = forms.DateField(label=_("Date"), widget=DateInput())
    variant = forms.ChoiceField(
        label=_("Variant"),
        choices=ChouetteSession.Variant.choices,
        initial=ChouetteSession.Variant.BACKGAMMON,
    )
    koks = forms.BooleanField(
        label=_("Koks counted (long nardy: 3 points)"),
        required=False,
        help_text=_("Only in long nardy; off, a koks is recorded as a mars."),
    )
    block_rule = forms.ChoiceField(
        label=_("Six-point block rule (long nardy)"),
        choices=[("", _("main rule for long nardy; none for backgammon")), *BlockRule.choices],
        required=False,
    )
    stake_per_point = forms.DecimalField(
        label=_("Stake per point"), min_value=0, max_digits=10, decimal_places=2, initial=1
    )
    cube_mode = forms.ChoiceField(
        label=_("Cubes"),
        choices=ChouetteSession.CubeMode.choices,
        initial=ChouetteSession.CubeMode.MULTIPLE,
    )
    jacoby = forms.BooleanField(label=_("Jacoby rule"), required=False, initial=True)
    beavers = forms.BooleanField(label=_("Beavers allowed"), required=False)
    consulting = forms.ChoiceField(
        label=_("Consulting"),
        choices=ChouetteSession.Consulting.choices,
        initial=ChouetteSession.Consulting.LIVE_CUBE,
    )
    max_players = forms.IntegerField(
        label=_("Maximum players"), min_value=3, max_value=MAX_PLAYERS, initial=6
    )
    max_automatic_doubles = forms.IntegerField(
        label=_("Automatic doubles per game at most"),
        min_value=0,
        max_value=MAX_AUTOMATIC_DOUBLES,
        initial=1,
        required=False,
        help_text=_("An opening tie doubles every centred cube; 0 turns them off."),
    )
    initial_cubes_rule = forms.BooleanField(
        label=_("Initial-cubes rule"),
        required=False,
        help_text=_(
            "When every team cube is turned from the centre at once, the box takes at least "
            "half or drops them all (with three players: both or neither)."
        ),
    )
    box_must_take_captain = forms.BooleanField(
        label=_("The box must take the captain"),
        required=False,
        help_text=_("When the box takes any cube, it must take the captain's."),
    )
    box_partner = forms.BooleanField(
        label=_("Box partner from six players"),
        required=False,
        help_text=_(
            "With six or more at the table, the next player after the captain joins the box; "
            "the box keeps the cube decisions."
        ),
    )
    partner_share = forms.IntegerField(
        label=_("Partner's share of the box's result (per cent)"),
        min_value=1,
        max_value=99,
        initial=50,
        required=False,
        help_text=_("Rounded toward zero: an odd point stays with the box."),
    )
    split_when_full = forms.BooleanField(
        label=_("Split the table when one more joins a full table"),
        required=False,
        help_text=_(
            "The newcomer opens a second table with the last players in line; the tables "
            "can be merged back later."
        ),
    )

    def __init__(self, *args: Any, members: QuerySet[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for seat in range(SEATS):
            if seat == 0:
                label = _("Box")
            elif seat == 1:
                label = _("Captain")
            else:
                label = _("Crew %(number)d") % {"number": seat - 1}
            self.fields[f"seat_{seat}"] = forms.ModelChoiceField(
                label=label, queryset=members, required=seat < 3
            )

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"seat_{seat}"] for seat in range(SEATS)]

    def opening_line(self) -> list[Player]:
        seats = (self.cleaned_data.get(f"seat_{seat}") for seat in range(SEATS))
        return [player for player in seats if player is not None]

    def table_rules(self) -> TableRules:
        """The rules chosen; a number left empty keeps its default."""
        chosen = {name: value for name, value in self.cleaned_data.items() if value is not None}
        return TableRules.from_data(chosen)


class SeatForm(forms.Form):
    """Join or leave: one player (a newcomer may have arrived during the game)."""

    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    during_game = forms.BooleanField(
        label=_("Arrived during the game in progress (sits down after it)"), required=False
    )

    def __init__(
        self, *args: Any, players: Sequence[Player] | QuerySet[Player], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        if isinstance(players, QuerySet):
            self.fields["player"].queryset = players
        else:
            self.fields["player"].queryset = Player.objects.filter(
                pk__in=[player.pk for player in players]
            )


class MergeForm(forms.Form):
    """Bring everybody from another running table of the club to this one."""

    other = forms.ModelChoiceField(label=_("Table"), queryset=ChouetteSession.objects.none())

    def __init__(self, *args: Any, tables: QuerySet[ChouetteSession], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["other"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = tables
        field.label_from_instance = table_label  # type: ignore[method-assign]


def table_label(table: ChouetteSession) -> str:
    return str(_("Table %(number)d of %(date)s") % {"number": table.pk, "date": table.date})


class UndoForm(forms.Form):
    number = forms.IntegerField(min_value=1, required=False, widget=forms.HiddenInput)


class SeasonForm(forms.Form):
    """Which season of the club's chouette table (the one starting in ``year``)."""

    year = forms.IntegerField(label=_("Season"), min_value=1900, max_value=2200, required=False)
