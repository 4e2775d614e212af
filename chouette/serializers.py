"""API shapes for chouettes: inputs parsed into the pure core's values, outputs from replay.

Players are Player primary keys in both directions, shown with their display name. Every
answer goes through an output serializer below, so the OpenAPI schema documents exactly
what is sent (a field the data lacks fails loudly in the tests).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from chouette import core
from chouette.models import ChouetteSession
from chouette.selectors.ledgers import SeasonTable, Settlement
from chouette.selectors.sessions import PlayerSessionLine, Table
from chouette.services import MAX_AUTOMATIC_DOUBLES, MAX_PLAYERS, TableRules
from clubs.models import Club, Player
from common.api import (
    QuerySerializer,
    StrictCharField,
    StrictDecimalField,
    StrictModelSerializer,
    StrictSlugRelatedField,
)
from games.choices import BlockRule

# Bounds on what one request may carry (no 500 for anything a client can send).
MAX_CUBE_TURNS = 64
MAX_POINTS = 1_000_000


def _choices(enum: type[Any]) -> list[str]:
    return [member.value for member in enum]


# Named in the schema by settings.SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"].
SIDE_CHOICES = _choices(core.Side)
RESULT_KIND_CHOICES = _choices(core.ResultKind)
ROLE_CHOICES = _choices(core.Role)


# --- inputs ------------------------------------------------------------------------


class VariantField(serializers.ChoiceField):
    """A chouette's variant, "backgammon" or "nardy" as everywhere in the API. The old
    spelling "long_nardy" (before chouette migration 0006) is refused with a sentence
    that gives the new one, not silently taken (the schema lists the two values only)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=ChouetteSession.Variant.choices, **kwargs)

    def to_internal_value(self, data: Any) -> Any:
        if data == "long_nardy":
            raise serializers.ValidationError(
                _('Long nardy is now spelled "nardy"; "long_nardy" is no longer accepted.')
            )
        return super().to_internal_value(data)



class ChouetteAnswerInput(serializers.Serializer):
    player = serializers.IntegerField()
    answer = serializers.ChoiceField(choices=_choices(core.Answer))


class ChouetteDoubleInput(serializers.Serializer):
    by = serializers.ChoiceField(choices=SIDE_CHOICES)
    answers = ChouetteAnswerInput(many=True, allow_empty=True, max_length=MAX_PLAYERS)


class ChouetteResultInput(serializers.Serializer):
    """``kind`` is any result of either variant here; the core refuses one that is not the
    session's (``result_not_in_variant``, ``koks_not_allowed``). Left out, it is the
    variant's lowest: single, or oin in long nardy."""

    winner = serializers.ChoiceField(choices=SIDE_CHOICES)
    kind = serializers.ChoiceField(choices=RESULT_KIND_CHOICES, required=False)


class ChouetteCubeInput(serializers.Serializer):
    player = serializers.IntegerField()
    value = serializers.IntegerField(min_value=-MAX_POINTS, max_value=MAX_POINTS)


class ChouettePointsInput(serializers.Serializer):
    player = serializers.IntegerField()
    points = serializers.IntegerField(min_value=-MAX_POINTS, max_value=MAX_POINTS)


class ChouetteGameInput(serializers.Serializer):
    """A game: the cube turns in order, the board result (null if every bet was dropped).

    ``box``, ``team`` and ``partner`` are optional; when given they must be the game's
    line-up, which protects against booking a game on a stale screen, as does ``number``
    (the game's number in the session: 400 ``wrong_game_number`` when another phone has
    recorded that game already). ``cubes`` and ``points`` are optional cross-checks of
    each member's final cube value (a power of two) and of every seated player's amount
    (they must sum to zero).
    """

    number = serializers.IntegerField(required=False, min_value=1)
    box = serializers.IntegerField(required=False)
    team = serializers.ListField(
        child=serializers.IntegerField(), required=False, max_length=MAX_PLAYERS
    )
    partner = serializers.IntegerField(required=False, allow_null=True)
    doubles = ChouetteDoubleInput(
        many=True, required=False, default=list, max_length=MAX_CUBE_TURNS
    )
    result = ChouetteResultInput(allow_null=True, required=False, default=None)
    automatic_doubles = serializers.IntegerField(
        min_value=0, max_value=MAX_AUTOMATIC_DOUBLES, required=False, default=0
    )
    cubes = ChouetteCubeInput(many=True, required=False, default=list, max_length=MAX_PLAYERS)
    points = ChouettePointsInput(many=True, required=False, default=list, max_length=MAX_PLAYERS)

    def to_record(
        self, expected: core.LineUp, settings: core.ChouetteSettings | None = None
    ) -> core.GameRecord:
        """The core's GameRecord; raises ChouetteError for a cube turn that breaks a rule
        or a result that is not one of the session's variant."""
        settings = settings or core.ChouetteSettings()
        data = self.validated_data
        lineup = core.LineUp(
            data.get("box", expected.box),
            tuple(data.get("team", expected.team)),
            data.get("partner", expected.partner),
        )
        doubles = tuple(
            core.Double(
                core.Side(double["by"]),
                tuple((a["player"], core.Answer(a["answer"])) for a in double["answers"]),
            )
            for double in data["doubles"]
        )
        result = data["result"]
        board = None
        if result is not None:
            default = core.results_of(settings.variant)[0]
            kind = core.ResultKind(result.get("kind", default.value))
            core.check_result_kind(settings, kind)  # before anything is written
            board = core.BoardResult(core.Side(result["winner"]), kind)
        return core.GameRecord(
            lineup=lineup,
            doubles=doubles,
            result=board,
            automatic_doubles=data["automatic_doubles"],
            declared_cubes=tuple((c["player"], c["value"]) for c in data["cubes"]),
            declared_points=tuple((p["player"], p["points"]) for p in data["points"]),
        )


class ChouetteUndoInput(serializers.Serializer):
    """``game``: the number of the game you mean to undo (refused if it is no longer the
    last one); left out, the last game is undone."""

    game = serializers.IntegerField(required=False, min_value=1)


class ChouetteSeatInput(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())


class ChouetteJoinInput(ChouetteSeatInput):
    """``during_game``: the player arrived while a game was being played and sits down
    after it, behind everybody (chouette.md §2.3). At a full table that splits, a join
    between games opens a second table (see ``split_into`` in the answer)."""

    during_game = serializers.BooleanField(default=False)


class ChouetteMergeInput(serializers.Serializer):
    other = serializers.PrimaryKeyRelatedField(queryset=ChouetteSession.objects.all())


class ChouetteSeasonQuery(QuerySerializer):
    club = StrictSlugRelatedField(slug_field="slug", queryset=Club.objects.all())
    year = serializers.IntegerField(required=False, min_value=1900, max_value=2200)


class ChouetteStartSessionInput(serializers.Serializer):
    club = StrictSlugRelatedField(slug_field="slug", queryset=Club.objects.all())
    date = serializers.DateField(required=False)
    variant = VariantField(default=core.Variant.BACKGAMMON.value)
    koks = serializers.BooleanField(default=False)  # long nardy only
    block_rule = serializers.ChoiceField(
        choices=BlockRule.choices,
        required=False,
        allow_blank=True,
        default="",
        help_text="Long nardy's six-point block rule; empty: the main rule (ahead). Refused "
        "for backgammon, which has none.",
    )
    stake_per_point = StrictDecimalField(max_digits=10, decimal_places=2, default=1)
    cube_mode = serializers.ChoiceField(
        choices=ChouetteSession.CubeMode.choices, default=core.CubeMode.MULTIPLE.value
    )
    jacoby = serializers.BooleanField(default=True)
    beavers = serializers.BooleanField(default=False)
    consulting = serializers.ChoiceField(
        choices=ChouetteSession.Consulting.choices, default=core.Consulting.LIVE_CUBE.value
    )
    max_players = serializers.IntegerField(default=6, min_value=3, max_value=MAX_PLAYERS)
    max_automatic_doubles = serializers.IntegerField(
        default=1, min_value=0, max_value=MAX_AUTOMATIC_DOUBLES
    )
    initial_cubes_rule = serializers.BooleanField(default=False)
    box_must_take_captain = serializers.BooleanField(default=False)
    box_partner = serializers.BooleanField(default=False)
    partner_share = serializers.IntegerField(default=50, min_value=1, max_value=99)
    split_when_full = serializers.BooleanField(default=False)
    opening_line = serializers.ListField(
        child=serializers.PrimaryKeyRelatedField(queryset=Player.objects.all()),
        max_length=MAX_PLAYERS,
        help_text="Player ids: the box, the captain, then the crew.",
    )

    def table_rules(self) -> TableRules:
        return TableRules.from_data(self.validated_data)


# --- outputs -----------------------------------------------------------------------


class SessionSerializer(StrictModelSerializer):
    club = StrictSlugRelatedField(slug_field="slug", read_only=True)
    games = serializers.SerializerMethodField()

    class Meta:
        model = ChouetteSession
        fields = [
            "id",
            "club",
            "date",
            "variant",
            "koks",
            "block_rule",
            "stake_per_point",
            "cube_mode",
            "jacoby",
            "beavers",
            "consulting",
            "max_players",
            "max_automatic_doubles",
            "initial_cubes_rule",
            "box_must_take_captain",
            "box_partner",
            "partner_share",
            "split_when_full",
            "split_from",
            "merged_into",
            "status",
            "games",
        ]

    def get_games(self, session: ChouetteSession) -> int:
        annotated = getattr(session, "games", None)
        if annotated is not None:
            return annotated
        return session.events.filter(kind="game").count()


class ChouettePlayerOutput(serializers.Serializer):
    id = serializers.IntegerField()
    display_name = StrictCharField()


class ChouetteSeatOutput(ChouettePlayerOutput):
    role = serializers.ChoiceField(choices=ROLE_CHOICES)


class ChouetteStandingOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    player = ChouettePlayerOutput()
    points = serializers.IntegerField()
    games = serializers.IntegerField()
    money = serializers.DecimalField(max_digits=14, decimal_places=2)


class ChouetteTableOutput(serializers.Serializer):
    """A session's settings and present state: the next line-up (box, partner, captain,
    crew), who is seated, who waits for the game in progress, and the standings."""

    id = serializers.IntegerField()
    club = StrictCharField(help_text="The club's slug.")
    date = serializers.DateField()
    variant = serializers.ChoiceField(choices=ChouetteSession.Variant.choices)
    koks = serializers.BooleanField()
    block_rule = serializers.ChoiceField(choices=BlockRule.choices, allow_blank=True)
    stake_per_point = serializers.DecimalField(max_digits=10, decimal_places=2)
    cube_mode = serializers.ChoiceField(choices=ChouetteSession.CubeMode.choices)
    jacoby = serializers.BooleanField()
    beavers = serializers.BooleanField()
    consulting = serializers.ChoiceField(choices=ChouetteSession.Consulting.choices)
    max_players = serializers.IntegerField()
    max_automatic_doubles = serializers.IntegerField()
    initial_cubes_rule = serializers.BooleanField()
    box_must_take_captain = serializers.BooleanField()
    box_partner = serializers.BooleanField()
    partner_share = serializers.IntegerField()
    split_when_full = serializers.BooleanField()
    split_from = serializers.IntegerField(allow_null=True)
    merged_into = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(choices=ChouetteSession.Status.choices)
    games = serializers.IntegerField()
    next_lineup = ChouetteSeatOutput(many=True)
    line = ChouettePlayerOutput(many=True)
    waiting = ChouettePlayerOutput(many=True)
    standings = ChouetteStandingOutput(many=True)
    split_tables = serializers.ListField(child=serializers.IntegerField())
    split_into = serializers.IntegerField(
        allow_null=True, help_text="After a join that split the table: the new table's id."
    )


class ChouetteBetOutput(serializers.Serializer):
    player = serializers.IntegerField()
    cube_value = serializers.IntegerField()
    owner = serializers.ChoiceField(choices=SIDE_CHOICES, allow_null=True)
    turned = serializers.BooleanField()
    end = serializers.ChoiceField(choices=_choices(core.BetEnd))
    multiplier = serializers.IntegerField()
    points = serializers.IntegerField()


class ChouetteGameResultOutput(serializers.Serializer):
    winner = serializers.ChoiceField(choices=SIDE_CHOICES)
    kind = serializers.ChoiceField(choices=RESULT_KIND_CHOICES)


class ChouetteGamePointsOutput(serializers.Serializer):
    player = serializers.IntegerField()
    role = serializers.ChoiceField(choices=ROLE_CHOICES)
    points = serializers.IntegerField()
    total = serializers.IntegerField()


class ChouetteLedgerGameOutput(serializers.Serializer):
    number = serializers.IntegerField()
    box = serializers.IntegerField()
    partner = serializers.IntegerField(allow_null=True)
    captain = serializers.IntegerField()
    rotation = serializers.ChoiceField(choices=_choices(core.RotationReason))
    result = ChouetteGameResultOutput(allow_null=True)
    bets = ChouetteBetOutput(many=True)
    points = ChouetteGamePointsOutput(many=True)


class ChouetteTotalOutput(serializers.Serializer):
    player = serializers.IntegerField()
    points = serializers.IntegerField()


class ChouetteLedgerOutput(serializers.Serializer):
    """Points per player per game and the running totals; each game sums to zero."""

    players = ChouettePlayerOutput(many=True)
    games = ChouetteLedgerGameOutput(many=True)
    totals = ChouetteTotalOutput(many=True)


class ChouetteBalanceOutput(serializers.Serializer):
    player = ChouettePlayerOutput()
    points = serializers.IntegerField()
    money = serializers.DecimalField(max_digits=14, decimal_places=2)


class ChouettePaymentOutput(serializers.Serializer):
    payer = ChouettePlayerOutput()
    payee = ChouettePlayerOutput()
    amount = serializers.DecimalField(max_digits=14, decimal_places=2)


class ChouetteSettlementOutput(serializers.Serializer):
    """The night's balances (every table linked by splits and merges, stake applied) and
    the fewest payments that settle them. ``exact`` is false when there were too many
    players with a balance for the exact search and a greedy pass was used."""

    tables = serializers.ListField(child=serializers.IntegerField())
    running = serializers.BooleanField()
    games = serializers.IntegerField()
    exact = serializers.BooleanField()
    balances = ChouetteBalanceOutput(many=True)
    payments = ChouettePaymentOutput(many=True)


class ChouetteSeasonRowOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    player = ChouettePlayerOutput()
    points = serializers.IntegerField()
    points_won = serializers.IntegerField()
    points_lost = serializers.IntegerField()
    games = serializers.IntegerField()
    sessions = serializers.IntegerField()
    average = serializers.DecimalField(max_digits=12, decimal_places=2)
    biggest_night = serializers.IntegerField()
    biggest_night_session = serializers.IntegerField()
    money = serializers.DecimalField(max_digits=14, decimal_places=2)


class ChouetteSeasonOutput(serializers.Serializer):
    """The club's chouette table for a season; the points column sums to zero."""

    club = StrictCharField()
    start = serializers.DateField()
    end = serializers.DateField()
    sessions = serializers.IntegerField()
    rows = ChouetteSeasonRowOutput(many=True)


class ChouettePlayerRecordFieldsOutput(serializers.Serializer):
    sessions = serializers.IntegerField()
    games = serializers.IntegerField()
    games_as_box = serializers.IntegerField()
    games_as_captain = serializers.IntegerField()
    games_as_partner = serializers.IntegerField()
    points = serializers.IntegerField()
    points_as_box = serializers.IntegerField()
    games_won = serializers.IntegerField()
    games_lost = serializers.IntegerField()
    bets_won = serializers.IntegerField()
    bets_lost = serializers.IntegerField()
    drops = serializers.IntegerField()
    money = serializers.DecimalField(max_digits=14, decimal_places=2)


class ChouettePlayerSessionOutput(serializers.Serializer):
    id = serializers.IntegerField()
    club = StrictCharField()
    date = serializers.DateField()
    points = serializers.IntegerField()
    games = serializers.IntegerField()
    money = serializers.DecimalField(max_digits=14, decimal_places=2)


class ChouettePlayerRecordOutput(serializers.Serializer):
    """A player's chouette history: the all-time record and every session, newest first."""

    player = ChouettePlayerOutput()
    record = ChouettePlayerRecordFieldsOutput()
    sessions = ChouettePlayerSessionOutput(many=True)


# --- building the outputs ----------------------------------------------------------


def player_data(player: Player) -> dict[str, Any]:
    return {"id": player.pk, "display_name": player.display_name}


def table_data(view: Table, split_into: ChouetteSession | None = None) -> dict[str, Any]:
    data = {
        **SessionSerializer(view.session).data,
        "games": view.games_played,
        "next_lineup": [
            {**player_data(seat.player), "role": seat.role} for seat in view.next_lineup
        ],
        "line": [player_data(player) for player in view.present],
        "waiting": [player_data(player) for player in view.waiting],
        "standings": [
            {
                "rank": line.rank,
                "player": player_data(line.player),
                "points": line.points,
                "games": line.games,
                "money": line.money,
            }
            for line in view.standings
        ],
        "split_tables": list(view.session.split_tables.values_list("pk", flat=True)),
        "split_into": split_into.pk if split_into is not None else None,
    }
    return _shaped(ChouetteTableOutput, data)


def ledger_data(view: Table) -> dict[str, Any]:
    data = {
        "players": [player_data(player) for player in view.columns],
        "games": [
            {
                "number": row.number,
                "box": row.outcome.lineup.box,
                "partner": row.outcome.lineup.partner,
                "captain": row.outcome.lineup.captain,
                "rotation": row.outcome.rotation_reason.value,
                "result": None
                if row.outcome.result is None
                else {
                    "winner": row.outcome.result.winner.value,
                    "kind": row.outcome.result.kind.value,
                },
                "bets": [
                    {
                        "player": bet.member,
                        "cube_value": bet.cube_value,
                        "owner": bet.owner.value if bet.owner else None,
                        "turned": bet.turned,
                        "end": bet.end.value,
                        "multiplier": bet.multiplier,
                        "points": bet.points,
                    }
                    for bet in row.outcome.bets
                ],
                "points": [
                    {
                        "player": player,
                        "role": row.outcome.lineup.role_of(player).value,
                        "points": points,
                        "total": dict(row.totals)[player],
                    }
                    for player, points in row.points
                ],
            }
            for row in view.state.rows
        ],
        "totals": [{"player": player, "points": points} for player, points in view.state.totals],
    }
    return _shaped(ChouetteLedgerOutput, data)


def settlement_data(night: Settlement) -> dict[str, Any]:
    data = {
        "tables": [table.pk for table in night.tables],
        "running": night.running,
        "games": night.games,
        "exact": night.exact,
        "balances": [
            {"player": player_data(b.player), "points": b.points, "money": b.money}
            for b in night.balances
        ],
        "payments": [
            {"payer": player_data(p.payer), "payee": player_data(p.payee), "amount": p.amount}
            for p in night.payments
        ],
    }
    return _shaped(ChouetteSettlementOutput, data)


def season_data(season: SeasonTable) -> dict[str, Any]:
    data = {
        "club": season.club.slug,
        "start": season.season.start,
        "end": season.season.end,
        "sessions": season.sessions,
        "rows": [
            {
                **{name: getattr(row, name) for name in ChouetteSeasonRowOutput().fields},
                "player": player_data(row.player),
                "biggest_night_session": row.biggest_night_session.pk,
            }
            for row in season.rows
        ],
    }
    return _shaped(ChouetteSeasonOutput, data)


def player_record_data(
    player: Player, record: core.PlayerRecord, lines: tuple[PlayerSessionLine, ...]
) -> dict[str, Any]:
    fields = dataclasses.asdict(record)
    fields.pop("player")
    data = {
        "player": player_data(player),
        "record": fields,
        "sessions": [
            {
                "id": line.session.pk,
                "club": line.session.club.slug,
                "date": line.session.date,
                "points": line.points,
                "games": line.games,
                "money": line.money,
            }
            for line in lines
        ],
    }
    return _shaped(ChouettePlayerRecordOutput, data)


def _shaped(output: type[serializers.Serializer], data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as the documented output serializer renders it."""
    return output(data).data
