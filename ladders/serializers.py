"""The API's input and output shapes of ladders (the schema is the contract)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from clubs.selectors import person_name
from common.api import QuerySerializer, StrictCharField, StrictSlugField, id_field
from games.choices import Variant
from ladders import rules
from ladders.choices import Act, ChallengeStatus, MoveReason, Placement
from ladders.models import BOUNDS, Challenge, Ladder, LadderAct, Move, Rung


class LadderPlayerOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(source="display_name")


class LadderOutput(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Ladder
        fields = ["id", "club", "name", "variant", "length", "is_public", "placement", "reach",
                  "answer_days", "inactive_days", "max_open", "rematch_days", "handicap_step",
                  "created_at"]
        read_only_fields = fields


class LadderRungOutput(serializers.ModelSerializer):
    player = LadderPlayerOutput()

    class Meta:
        model = Rung
        fields = ["position", "player", "paused", "joined_at", "last_active_at"]
        read_only_fields = fields


class LadderDetailOutput(LadderOutput):
    rungs = serializers.SerializerMethodField()

    class Meta(LadderOutput.Meta):
        fields = [*LadderOutput.Meta.fields, "rungs"]
        read_only_fields = fields

    def get_rungs(self, ladder: Ladder) -> list[dict[str, Any]]:
        return LadderRungOutput(ladder.rungs.select_related("player").order_by("position"), many=True).data

    get_rungs.__annotations__["return"] = LadderRungOutput(many=True)  # the schema's shape


def _bounded(name: str, **kwargs: Any) -> serializers.IntegerField:
    low, high = BOUNDS[name]
    return serializers.IntegerField(min_value=low, max_value=high, **kwargs)


class LadderInput(serializers.Serializer):
    club = StrictSlugField(max_length=50)
    name = StrictCharField(max_length=80)
    variant = serializers.ChoiceField(choices=Variant.choices, default=Variant.BACKGAMMON)
    length = _bounded("length", default=7)
    is_public = serializers.BooleanField(default=True)
    placement = serializers.ChoiceField(choices=Placement.choices, default=Placement.BOTTOM)
    reach = _bounded("reach", default=3)
    answer_days = _bounded("answer_days", default=7)
    inactive_days = _bounded("inactive_days", default=30)
    max_open = _bounded("max_open", default=1)
    rematch_days = _bounded("rematch_days", default=14)
    handicap_step = _bounded("handicap_step", default=0)


class LadderPlayerInput(serializers.Serializer):
    player = id_field(required=False, help_text="A player's id; your own player when left out.")


class LadderChallengeInput(serializers.Serializer):
    challenged = id_field(help_text="The player challenged (above the challenger).")
    challenger = id_field(required=False,
                          help_text="The challenger: your own player when left out (a "
                                    "director may name any player of the ladder).")


class LadderReorderInput(serializers.Serializer):
    player = id_field()
    position = serializers.IntegerField(min_value=1, max_value=100_000)
    reason = StrictCharField(max_length=200, required=False, default="", allow_blank=True)


class LadderPauseInput(serializers.Serializer):
    player = id_field()
    paused = serializers.BooleanField()


class LadderVoidInput(serializers.Serializer):
    reason = StrictCharField(max_length=200, required=False, default="", allow_blank=True)


class LadderExtendInput(serializers.Serializer):
    days = serializers.IntegerField(min_value=1, max_value=rules.MAX_EXTENSION_DAYS)


class LadderChallengeOutput(serializers.ModelSerializer):
    ladder = serializers.PrimaryKeyRelatedField(read_only=True)
    challenger = LadderPlayerOutput()
    challenged = LadderPlayerOutput()
    winner = LadderPlayerOutput(allow_null=True)
    handicap_to = LadderPlayerOutput(allow_null=True)
    match = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)
    status = serializers.ChoiceField(choices=ChallengeStatus.choices)

    class Meta:
        model = Challenge
        fields = ["id", "ladder", "challenger", "challenged", "match", "status", "created_at",
                  "deadline", "decided_at", "winner", "handicap_to", "handicap_points", "note"]
        read_only_fields = fields


class LadderChallengeQuery(QuerySerializer):
    ladder = id_field(required=False)
    status = serializers.ChoiceField(choices=ChallengeStatus.choices, required=False)


class LadderQuery(QuerySerializer):
    club = StrictSlugField(max_length=50, required=False)


class LadderHistoryQuery(QuerySerializer):
    player = id_field()


class LadderMoveOutput(serializers.ModelSerializer):
    reason = serializers.ChoiceField(choices=MoveReason.choices)

    class Meta:
        model = Move
        fields = ["player", "position", "previous", "reason", "challenge", "at"]
        read_only_fields = fields


class LadderActOutput(serializers.ModelSerializer):
    act = serializers.ChoiceField(choices=Act.choices)
    by = serializers.SerializerMethodField()
    details = serializers.DictField()

    class Meta:
        model = LadderAct
        fields = ["act", "by", "details", "at"]
        read_only_fields = fields

    def get_by(self, act: LadderAct) -> str | None:
        """Who did it (None: the site's sweep or a result)."""
        return None if act.actor is None else person_name(act.actor)
