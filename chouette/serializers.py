"""API shapes for chouettes: inputs parsed into the pure core's values, outputs from replay.

Players are Player primary keys in both directions, shown with their display name.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rest_framework import serializers

import chouette as core
from chouette.models import ChouetteSession
from chouette.selectors import PlayerSessionLine, Table
from chouette.services import TableRules
from clubs.models import Club, Player


def _choices(enum: type[Any]) -> list[str]:
    return [member.value for member in enum]


class AnswerInput(serializers.Serializer):
    player = serializers.IntegerField()
    answer = serializers.ChoiceField(choices=_choices(core.Answer))


class DoubleInput(serializers.Serializer):
    by = serializers.ChoiceField(choices=_choices(core.Side))
    answers = AnswerInput(many=True, allow_empty=True)


class ResultInput(serializers.Serializer):
    """``kind`` is any result of either variant here; the core refuses one that is not the
    session's (``result_not_in_variant``, ``koks_not_allowed``). Left out, it is the
    variant's lowest: single, or oin in long nardy."""

    winner = serializers.ChoiceField(choices=_choices(core.Side))
    kind = serializers.ChoiceField(choices=_choices(core.ResultKind), required=False)


class CubeInput(serializers.Serializer):
    player = serializers.IntegerField()
    value = serializers.IntegerField()  # the core says when it is not a power of two


class GameInput(serializers.Serializer):
    """A game: the cube turns in order, the board result (null if every bet was dropped).

    ``box`` and ``team`` are optional; when given they must be the session's next
    line-up, which protects against booking a game on a stale screen.
    """

    box = serializers.IntegerField(required=False)
    team = serializers.ListField(child=serializers.IntegerField(), required=False)
    doubles = DoubleInput(many=True, required=False, default=list)
    result = ResultInput(allow_null=True, required=False, default=None)
    automatic_doubles = serializers.IntegerField(min_value=0, required=False, default=0)
    cubes = CubeInput(many=True, required=False, default=list)

    def to_record(
        self, expected: core.LineUp, settings: core.ChouetteSettings | None = None
    ) -> core.GameRecord:
        """The core's GameRecord; raises ChouetteError for a cube turn that breaks a rule
        or a result that is not one of the session's variant."""
        settings = settings or core.ChouetteSettings()
        data = self.validated_data
        lineup = core.LineUp(data.get("box", expected.box), tuple(data.get("team", expected.team)))
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
        )


class SeatInput(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())


class StartSessionInput(serializers.Serializer):
    club = serializers.SlugRelatedField(slug_field="slug", queryset=Club.objects.all())
    date = serializers.DateField(required=False)
    variant = serializers.ChoiceField(
        choices=ChouetteSession.Variant.values, default=core.Variant.BACKGAMMON.value
    )
    koks = serializers.BooleanField(default=False)  # long nardy only
    stake_per_point = serializers.DecimalField(max_digits=10, decimal_places=2, default=1)
    cube_mode = serializers.ChoiceField(
        choices=ChouetteSession.CubeMode.values, default=core.CubeMode.MULTIPLE.value
    )
    jacoby = serializers.BooleanField(default=True)
    beavers = serializers.BooleanField(default=False)
    consulting = serializers.ChoiceField(
        choices=ChouetteSession.Consulting.values, default=core.Consulting.LIVE_CUBE.value
    )
    max_players = serializers.IntegerField(default=6)
    opening_line = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all(), many=True)

    def table_rules(self) -> TableRules:
        return TableRules.from_data(self.validated_data)


class SessionSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    games = serializers.SerializerMethodField()

    class Meta:
        model = ChouetteSession
        fields = [
            "id",
            "club",
            "date",
            "variant",
            "koks",
            "stake_per_point",
            "cube_mode",
            "jacoby",
            "beavers",
            "consulting",
            "max_players",
            "status",
            "games",
        ]

    def get_games(self, session: ChouetteSession) -> int:
        annotated = getattr(session, "games", None)
        if annotated is not None:
            return annotated
        return session.events.filter(kind="game").count()


def player_data(player: Player) -> dict[str, Any]:
    return {"id": player.pk, "display_name": player.display_name}


def table_data(view: Table) -> dict[str, Any]:
    """A session's present state: the next line-up, the line and the standings."""
    return {
        **SessionSerializer(view.session).data,
        "games": view.games_played,
        "next_lineup": [
            {**player_data(seat.player), "role": seat.role} for seat in view.next_lineup
        ],
        "line": [player_data(player) for player in view.present],
        "standings": [
            {
                "rank": line.rank,
                "player": player_data(line.player),
                "points": line.points,
                "games": line.games,
                "money": str(line.money),
            }
            for line in view.standings
        ],
    }


def ledger_data(view: Table) -> dict[str, Any]:
    """Points per player per game and the running totals; each game sums to zero."""
    return {
        "players": [player_data(player) for player in view.columns],
        "games": [
            {
                "number": row.number,
                "box": row.outcome.lineup.box,
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
                    {"player": player, "points": points, "total": dict(row.totals)[player]}
                    for player, points in row.points
                ],
            }
            for row in view.state.rows
        ],
        "totals": [{"player": player, "points": points} for player, points in view.state.totals],
    }


def player_record_data(
    player: Player, record: core.PlayerRecord, lines: tuple[PlayerSessionLine, ...]
) -> dict[str, Any]:
    fields = dataclasses.asdict(record)
    fields.pop("player")
    fields["money"] = str(record.money)
    return {
        "player": player_data(player),
        "record": fields,
        "sessions": [
            {
                "id": line.session.pk,
                "date": line.session.date,
                "points": line.points,
                "games": line.games,
            }
            for line in lines
        ],
    }
