"""API shapes of tournaments. Players are shown by id and display name only (privacy). Inputs
have their own serializers; the services do the writes.

Every format's settings are fields of the tournament; each field's description says which
formats use it (from the format registry), and ``GET /api/tournaments/formats/`` lists the
formats with their settings and the tiebreaks to choose from."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs.models import Club, Player
from clubs.serializers import PlayerSerializer, PublicNameField
from common.api import (
    StrictCharField,
    StrictDecimalField,
    StrictModelSerializer,
    StrictSlugRelatedField,
    id_field,
)
from common.bounds import parse_id
from games.choices import BlockRule
from games.serializers import played_on_field, seen_result_field
from games.services.results import REASON_REQUIRED
from tournaments.event_settings import EDITABLE, NUMBER_BOUNDS, SETTING, SETTINGS, bounds_of
from tournaments.format_registry import FORMATS, load_formats
from tournaments.limits import (
    MAX_ENTRANTS,
    MAX_LENGTHS_PER_FLIGHT,
    MAX_MATCH_LENGTH,
    MAX_RULES_TEXT,
)
from tournaments.models import (
    BracketConflict,
    Entry,
    LateEntryRule,
    Pairing,
    Tournament,
    with_flight_rounds,
)
from tournaments.standings import METRICS


def _used_by(name: str) -> str:
    if not FORMATS:
        load_formats()
    keys = [key for key, event_format in FORMATS.items() if name in event_format.settings]
    return f"Used by the formats: {', '.join(keys)}." if keys else ""


def _help(name: str) -> str:
    return " ".join(part for part in (SETTING[name].help, _used_by(name)) if part)


HELPED = [setting.name for setting in SETTINGS if setting.help]
# The read shape beside the settings: the event's state, each after the setting it goes with.
STATE_AFTER = {
    "format": ("status",),
    "rules": ("block_rule",),
    "random_seed": ("draw_size", "current_round"),
    "time_controls": ("parent", "division", "division_events"),
}
CLOSING_THE_FORMAT = ("tiebreaks", "playoff_places", "random_seed")


def _read_fields() -> list[str]:
    """The read shape: the settings the API shows in the table's order, except that the
    ranking (tiebreaks, play-offs) and the draw's seed close the format's settings, each
    setting followed by the state that goes with it."""
    names = [s.name for s in SETTINGS if s.shown and s.name not in CLOSING_THE_FORMAT]
    after_format = max(index for index, name in enumerate(names) if SETTING[name].of_format)
    names[after_format + 1:after_format + 1] = CLOSING_THE_FORMAT
    return ["id", "club", *(field for name in names for field in (name, *STATE_AFTER.get(name, ())))]


BLOCK_RULE_HELP = (
    "Long nardy's six-point block rule for every match of the event: ahead (the main "
    "rule, the default), home or off. Refused for backgammon, which has none."
)


class TournamentRulesSerializer(serializers.Serializer):
    """The rules in force for every match of the event (fields of a match); only these
    keys are accepted, each optional."""

    crawford = serializers.BooleanField(required=False)
    holland = serializers.BooleanField(required=False)
    cube_enabled = serializers.BooleanField(required=False, allow_null=True)
    koks = serializers.BooleanField(required=False)
    equalisation = serializers.BooleanField(required=False)
    draw_points = serializers.FloatField(required=False, help_text="0.5 or 1")
    block_rule = serializers.ChoiceField(
        choices=BlockRule.choices, required=False, help_text=BLOCK_RULE_HELP
    )


@extend_schema_field(TournamentRulesSerializer)
class RulesField(serializers.JSONField):
    """The rules as JSON, checked by the service (which names a wrong key)."""


class DivisionEventSerializer(StrictModelSerializer):
    """One division of an event drawn in divisions: its own tournament (draw, pairings,
    standings, ranking points at /api/ranking-points/{id}/)."""

    class Meta:
        model = Tournament
        fields = ["id", "division", "name", "status"]
        read_only_fields = fields


class TournamentSerializer(StrictModelSerializer):
    club = StrictSlugRelatedField(slug_field="slug", read_only=True)
    parent = serializers.PrimaryKeyRelatedField(
        read_only=True, allow_null=True,
        help_text="For a division: the event it belongs to (null for an event).")
    division = StrictCharField(
        read_only=True, allow_blank=True,
        help_text="For a division: its code among the event's divisions (empty for an event).")
    division_events = serializers.SerializerMethodField(
        help_text="An event with divisions is split at its draw (POST .../draw/) into one "
                  "tournament per division, each drawn, played and ranked on its own: these, "
                  "in the order of the event's divisions (empty before the draw).")

    @extend_schema_field(DivisionEventSerializer(many=True))
    def get_division_events(self, tournament: Tournament) -> list[dict[str, object]]:
        events = sorted(tournament.division_events.all(), key=lambda event: event.pk)
        return DivisionEventSerializer(events, many=True).data
    rules = RulesField(read_only=True)
    block_rule = serializers.ChoiceField(
        choices=BlockRule.choices,
        read_only=True,
        allow_blank=True,
        help_text="The six-point block rule of the event's matches (empty for backgammon).",
    )

    class Meta:
        model = Tournament
        fields = _read_fields()
        read_only_fields = fields
        extra_kwargs = {name: {"help_text": _help(name)} for name in HELPED}


class TournamentInputSerializer(StrictModelSerializer):
    """Create (with ``club``) or change a tournament's set-up."""

    club = StrictSlugRelatedField(slug_field="slug", queryset=Club.objects.all(), required=False)
    rules = RulesField(required=False)
    match_lengths = serializers.DictField(
        child=serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_MATCH_LENGTH),
            min_length=1, max_length=MAX_LENGTHS_PER_FLIGHT),
        required=False,
        help_text="Per flight (main, consolation, last_chance, group, swiss, losers, "
                  "grand_final): the lengths of "
                  "the early rounds, semi-finals and final, or one length.")
    tiebreaks = serializers.ListField(
        child=serializers.ChoiceField(choices=list(METRICS)), min_length=1,
        max_length=len(METRICS), required=False)
    rules_text = StrictCharField(max_length=MAX_RULES_TEXT, allow_blank=True, required=False)

    class Meta:
        model = Tournament
        fields = ["club", *EDITABLE]
        extra_kwargs = {
            **{name: {"help_text": _help(name)} for name in HELPED},
            "variant": {"required": False},
            "format": {"required": False},
            **{name: {"help_text": _help(name), "min_value": lowest, "max_value": highest}
               for name, (lowest, highest) in NUMBER_BOUNDS.items()},
        }


class TournamentCreateSerializer(TournamentInputSerializer):
    """Create a tournament: its club, game and format are needed (a change may leave them)."""

    club = StrictSlugRelatedField(slug_field="slug", queryset=Club.objects.all())

    class Meta(TournamentInputSerializer.Meta):
        extra_kwargs = {
            **TournamentInputSerializer.Meta.extra_kwargs,
            "variant": {"required": True},
            "format": {"required": True},
        }


class EntrySerializer(StrictModelSerializer):
    player = PlayerSerializer(read_only=True)

    class Meta:
        model = Entry
        fields = ["id", "player", "seed", "group", "rating_at_start", "place_first", "place_last",
                  "withdrawn", "withdrawal", "withdrawn_after_round", "division",
                  "checked_in_at", "late", "penalty_points"]


class EntryInputSerializer(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())
    seed = serializers.IntegerField(min_value=1, max_value=MAX_ENTRANTS, required=False,
                                    allow_null=True)


class SeedsInputSerializer(serializers.Serializer):
    seeds = serializers.DictField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ENTRANTS, allow_null=True),
        help_text="Entry id → seed (1 to the number of entrants), or null for no seed.")

    def validate_seeds(self, value: dict[str, int | None]) -> dict[int, int | None]:
        """Entry ids as numbers; a key that is no id names no entry of the event (a 409
        from the service, as for an id of another event's entry)."""
        return {parse_id(key) or 0: seed for key, seed in value.items()}


class StatusInputSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=Tournament.Status.choices)


class NextRoundInputSerializer(serializers.Serializer):
    through = serializers.IntegerField(
        min_value=1, max_value=999, required=False,
        help_text="Round robin: open every round up to this one.")
    stage = serializers.ChoiceField(
        choices=["round", "knockout"], default="round",
        help_text="round: the next round (Swiss formats pair it from the results so far); "
                  "knockout: groups then a knockout, draw the knockout of the qualifiers "
                  "(or first open the play-offs of a group's tied qualifying places).")
    allow_repeats = serializers.BooleanField(
        default=False,
        help_text="Swiss and Swiss groups: when the round cannot be paired without a repeat (code "
                  "no_new_pairings), pair it with as few repeats as possible.")


class SideSerializer(StrictModelSerializer):
    player = PlayerSerializer(read_only=True)

    class Meta:
        model = Entry
        fields = ["id", "player", "seed"]


class SeatSerializer(serializers.Serializer):
    entry = serializers.IntegerField(allow_null=True, help_text="The entry id in this event.")
    player = PlayerSerializer()


class MatchSummarySerializer(serializers.Serializer):
    """The pairing's match; ``player1`` and ``player2`` say who sits in which seat
    (``score1`` is player 1's score)."""

    id = serializers.IntegerField()
    length = serializers.IntegerField()
    status = StrictCharField()
    score1 = StrictCharField()
    score2 = StrictCharField()
    winner = serializers.IntegerField(allow_null=True, help_text="The winner's player id.")
    player1 = SeatSerializer()
    player2 = SeatSerializer()


def match_summary(pairing: Pairing) -> dict | None:
    match = pairing.match
    if match is None:
        return None
    entries = {side.player_id: side.pk for side in (pairing.top, pairing.bottom) if side is not None}
    players = {side.player_id: side.player for side in (pairing.top, pairing.bottom) if side}

    def seat(player_id: int) -> dict:
        player = players.get(player_id)
        return {"entry": entries.get(player_id),
                "player": {"id": player_id,
                           "display_name": player.display_name if player else ""}}

    return {"id": match.pk, "length": match.length, "status": match.status,
            "score1": str(match.score1), "score2": str(match.score2),
            "winner": match.winner_id, "player1": seat(match.player1_id),
            "player2": seat(match.player2_id)}


class PairingListSerializer(serializers.ListSerializer):
    """Pairings named by their rounds: the rounds' shapes read once for the whole list (unless
    the selector that read them set them already), each round's names worked out once."""

    def to_representation(self, data: Any) -> list:
        pairings = list(data.all() if hasattr(data, "all") else data)
        if any("flight_rounds" not in p.__dict__ or "round_places" not in p.__dict__ for p in pairings):
            with_flight_rounds(pairings)
        titles: dict[tuple, tuple[str, str]] = {}
        return [self.child.to_representation(p, titles) for p in pairings]  # type: ignore[union-attr,call-arg]


class PairingSerializer(StrictModelSerializer):
    top = SideSerializer(read_only=True, allow_null=True)  # null: a bye, or not known yet
    bottom = SideSerializer(read_only=True, allow_null=True)
    match = serializers.SerializerMethodField()
    round_title = serializers.SerializerMethodField(
        help_text="The round as the event's format names it, in the request's language: "
                  "\"Final\", \"Semi-final\", \"Round of 16\", \"Losers' final\", \"Round 3\".")
    stage_title = serializers.SerializerMethodField(
        help_text="The flight and the round: \"Main · Final\", \"Consolation · Semi-final\".")

    class Meta:
        model = Pairing
        fields = ["id", "tournament", "flight", "group", "round", "round_title", "stage_title",
                  "number", "top", "bottom", "winner", "state", "match", "table", "walkover",
                  "forfeit_at"]
        list_serializer_class = PairingListSerializer

    def get_round_title(self, pairing: Pairing) -> str:
        return pairing.round_title

    def get_stage_title(self, pairing: Pairing) -> str:
        return pairing.stage_title

    @extend_schema_field(MatchSummarySerializer(allow_null=True))
    def get_match(self, pairing: Pairing) -> dict | None:
        return match_summary(pairing)

    def to_representation(self, pairing: Pairing, titles: dict[tuple, tuple[str, str]] | None = None) -> dict:
        """The fields above, written out (a draw answers thousands of pairings: DRF's field
        by field walk cost more than the draw). ``titles``: the round's names by round,
        shared by a list. ``tests/tournaments/test_api_pairing_shape.py`` holds it to the
        field by field answer."""
        key = (pairing.tournament_id, pairing.flight, pairing.group, pairing.round, *pairing.round_shape())
        if titles is None or key not in titles:
            named = (pairing.round_title, pairing.stage_title)
            if titles is None:
                titles = {}
            titles[key] = named
        round_title, stage_title = titles[key]
        forfeit_at = pairing.forfeit_at
        return {
            "id": pairing.pk, "tournament": pairing.tournament_id, "flight": pairing.flight,
            "group": pairing.group, "round": pairing.round, "round_title": round_title,
            "stage_title": stage_title, "number": pairing.number,
            "top": _side(pairing.top), "bottom": _side(pairing.bottom), "winner": pairing.winner_id,
            "state": pairing.state, "match": match_summary(pairing), "table": pairing.table,
            "walkover": pairing.walkover,
            "forfeit_at": None if forfeit_at is None else self.fields["forfeit_at"].to_representation(forfeit_at),
        }


def _side(entry: Entry | None) -> dict | None:
    """``SideSerializer``'s answer, written out."""
    if entry is None:
        return None
    player = entry.player
    return {"id": entry.pk, "player": {"id": player.pk, "display_name": player.display_name},
            "seed": entry.seed}


class TiebreakSerializer(serializers.Serializer):
    key = StrictCharField()
    abbreviation = StrictCharField()
    name = StrictCharField()
    explanation = StrictCharField()


class StandingRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    shared = serializers.BooleanField(help_text="Tied with the next or previous row.")
    entry = serializers.IntegerField()
    player = PlayerSerializer()
    values = serializers.DictField(
        child=serializers.FloatField(allow_null=True),
        help_text="Each tiebreak's value by key. null for a tiebreak worked out only among "
                  "the players tied at that point (head-to-head): see ``separations``.",
    )
    penalty = serializers.IntegerField(
        min_value=0,
        help_text="Penalty points of a late entry (the penalty rule), already taken off "
                  "the match wins (values.wins).")
    withdrawn = serializers.BooleanField(
        help_text="The player withdrew: their results stand for their opponents, and they "
                  "are listed after everyone still in the event, without a final place.")


class SeparationSerializer(serializers.Serializer):
    upper = serializers.IntegerField(help_text="Entry id of the row above.")
    lower = serializers.IntegerField(help_text="Entry id of the row below.")
    tiebreak = StrictCharField(allow_null=True, help_text="null: they share the place; "
                               "\"withdrawn\": the lower row withdrew from the event.")
    upper_value = serializers.FloatField(allow_null=True)
    lower_value = serializers.FloatField(allow_null=True)
    explanation = StrictCharField()


class StandingsGroupSerializer(serializers.Serializer):
    group = serializers.IntegerField(help_text="0 for a Swiss event, 1.. for round-robin groups.")
    rows = StandingRowSerializer(many=True)
    separations = SeparationSerializer(many=True)
    penalties = serializers.ListField(
        child=serializers.CharField(),
        help_text="One sentence per late entrant whose penalty points count here.")


class PlaceSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    player = PlayerSerializer()
    place_first = serializers.IntegerField()
    place_last = serializers.IntegerField()


class StandingsSerializer(serializers.Serializer):
    format = StrictCharField()
    tiebreaks = TiebreakSerializer(many=True, help_text="The event's tiebreaks, in order.")
    groups = StandingsGroupSerializer(many=True)
    places = PlaceSerializer(many=True, help_text="Final (or so far decided) places.")


class FormatSerializer(serializers.Serializer):
    key = StrictCharField()
    label = StrictCharField()
    settings = serializers.ListField(child=StrictCharField(),
                                     help_text="The tournament fields this format uses.")
    minimum_entrants = serializers.IntegerField()
    bracket = serializers.BooleanField()
    table_flight = StrictCharField(allow_null=True)
    played_in_rounds = serializers.BooleanField(
        help_text="The director starts (or pairs) each round with next-round.")
    default_tiebreaks = serializers.ListField(child=StrictCharField(), allow_null=True)
    late_entry_rules = serializers.ListField(
        child=serializers.ChoiceField(choices=LateEntryRule.choices),
        help_text="The late-entry rules this format can apply after its draw "
                  "(late_entry_rule); another one is refused.")


class FormatsSerializer(serializers.Serializer):
    formats = FormatSerializer(many=True)
    tiebreaks = TiebreakSerializer(many=True)


class PairingScoreInputSerializer(serializers.Serializer):
    score1 = StrictDecimalField(max_digits=5, decimal_places=1, min_value=0)
    score2 = StrictDecimalField(max_digits=5, decimal_places=1, min_value=0)
    reason = StrictCharField(required=False, allow_blank=True, max_length=500)
    seen_result = seen_result_field()
    played_on = played_on_field()


class WalkoverInputSerializer(serializers.Serializer):
    winner = id_field(help_text="The entry id of the player who advances.")


class AnswerInputSerializer(serializers.Serializer):
    reason = StrictCharField(
        max_length=500,
        help_text="What is wrong with the result (required; blank or only spaces is refused).",
        error_messages={"required": REASON_REQUIRED, "blank": REASON_REQUIRED},
    )


class ConflictSerializer(StrictModelSerializer):
    resolved_by = PublicNameField()

    class Meta:
        model = BracketConflict
        fields = ["id", "pairing", "previous_winner", "new_winner", "affected", "status",
                  "resolved_by", "resolved_at", "created_at"]


class ConflictInputSerializer(serializers.Serializer):
    conflict = id_field()
    decision = serializers.ChoiceField(choices=["keep", "apply"])


class DoneSerializer(serializers.Serializer):
    ok = serializers.BooleanField(help_text="Always true: the change was made.")


class DrawInputSerializer(serializers.Serializer):
    random_seed = serializers.IntegerField(
        min_value=bounds_of("random_seed")[0], max_value=bounds_of("random_seed")[1], required=False,
        help_text="The seed of the draw's random choices: the random_seed of a preview, to "
                  "publish the draw it showed (or to preview another one). Without it: the "
                  "event's own seed, else a new one.")


class PreviewMatchSerializer(serializers.Serializer):
    flight = serializers.CharField()
    group = serializers.IntegerField(help_text="The group (0: none).")
    round = serializers.IntegerField()
    number = serializers.IntegerField()
    stage = serializers.CharField(help_text="The flight and round as the pages name them.")
    top = serializers.CharField(allow_null=True, help_text="A display name; null: nobody (a bye).")
    top_seed = serializers.IntegerField(allow_null=True)
    bottom = serializers.CharField(allow_null=True)
    bottom_seed = serializers.IntegerField(allow_null=True)
    bye = serializers.BooleanField()


class PreviewGroupSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    players = serializers.ListField(child=serializers.CharField(), help_text="Display names by seed.")


class PreviewEventSerializer(serializers.Serializer):
    name = serializers.CharField()
    division = serializers.CharField(help_text="The division's code; empty for the event itself.")
    size = serializers.IntegerField(allow_null=True, help_text="A knockout's draw size.")
    groups = PreviewGroupSerializer(many=True)
    matches = PreviewMatchSerializer(many=True, help_text="The matches ready to play and the byes.")


class DrawPreviewSerializer(serializers.Serializer):
    random_seed = serializers.IntegerField(
        help_text="Publish with this seed (POST .../draw/) to make exactly this draw.")
    dropped = serializers.ListField(child=serializers.CharField(),
                                    help_text="Entrants the draw drops for not checking in.")
    events = PreviewEventSerializer(many=True, help_text="The event's draw, or each division's.")


class NextStageSerializer(serializers.Serializer):
    round = serializers.IntegerField(required=False, help_text="The round that started.")
    stage = serializers.ChoiceField(
        choices=["knockout", "playoff", "finished"], required=False,
        help_text="knockout: the knockout of the group qualifiers was drawn (a group that "
                  "withdrawals left short of qualifiers sends those it has: byes for the "
                  "others). playoff: players tied on a group's play-off places "
                  "(playoff_places) play off first (flight playoff, group: the group); ask "
                  "for the knockout again once they are over. finished: withdrawals left "
                  "fewer than two players for the knockout; the one left (if any) won, and "
                  "the event finished.")


class ResultRefSerializer(serializers.Serializer):
    result = serializers.IntegerField(help_text="The id of the match result (/api/results/).")
