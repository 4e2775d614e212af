"""API shapes of disputes: what a client sends to raise or rule on one, and what it reads."""

from __future__ import annotations

from rest_framework import serializers

from clubs.serializers import PublicNameField
from common.api import (
    StrictCharField,
    StrictDecimalField,
    StrictModelSerializer,
    StrictSlugField,
    StrictSlugRelatedField,
    id_field,
)
from disputes.models import Dispute, DisputeEvent, Ruling
from games.models import MAX_GAME_NUMBER, BlockRule, Variant


class DisputeInputSerializer(serializers.Serializer):
    """A disputed move: from a match (``match``) or standalone in a club (``club``, a slug)."""

    match = id_field(required=False, allow_null=True)
    club = StrictSlugField(required=False, allow_blank=True)
    game_number = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=MAX_GAME_NUMBER
    )
    variant = serializers.ChoiceField(
        choices=Variant.choices, required=False, default=Variant.BACKGAMMON
    )
    block_rule = serializers.ChoiceField(
        choices=BlockRule.choices,
        required=False,
        allow_blank=True,
        default="",
        help_text="Long nardy's six-point block rule to judge a standalone dispute by (empty: "
        "the main rule, ahead). A match's dispute is judged under the match's rule; "
        "refused for backgammon.",
    )
    position_id = StrictCharField(max_length=20, allow_blank=True)
    dice = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=6), min_length=2, max_length=2
    )
    notation = StrictCharField(max_length=120, allow_blank=True)
    on_roll_seat = serializers.ChoiceField(
        choices=Dispute._meta.get_field("on_roll_seat").choices, required=False, default=1
    )
    statement = StrictCharField(max_length=1000, required=False, allow_blank=True)

    def validate_dice(self, value: list[int]) -> list[int]:
        if any(not 1 <= die <= 6 for die in value):
            raise serializers.ValidationError("Each die shows a number from 1 to 6.")
        return value


class RulingInputSerializer(serializers.Serializer):
    ruling = serializers.ChoiceField(choices=Ruling.choices)
    note = StrictCharField(max_length=2000, required=False, allow_blank=True)
    replay_position_id = StrictCharField(max_length=20, required=False, allow_blank=True)
    score1 = StrictDecimalField(max_digits=5, decimal_places=1, min_value=0, required=False,
                                help_text="A disputed result: the ruled score of player 1.")
    score2 = StrictDecimalField(max_digits=5, decimal_places=1, min_value=0, required=False,
                                help_text="A disputed result: the ruled score of player 2.")
    played_on = serializers.DateField(
        required=False, allow_null=True,
        help_text="A disputed result: the day the match was played (the club's time zone), "
                  "from the club's or the event's first day to tomorrow; the ratings count "
                  "the ruled result on it. Left out: the day of the result in dispute.")


class DisputeEventSerializer(StrictModelSerializer):
    actor = PublicNameField()

    class Meta:
        model = DisputeEvent
        fields = ["action", "actor", "at", "note"]


class DisputeSerializer(StrictModelSerializer):
    club = StrictSlugRelatedField(slug_field="slug", read_only=True)
    dice = serializers.SerializerMethodField()
    submitted_by = PublicNameField()
    events = DisputeEventSerializer(many=True, read_only=True)
    # "" until a director rules: the schema's enum says so
    ruling = serializers.ChoiceField(choices=Ruling.choices, allow_blank=True, read_only=True)
    # "" in backgammon, which has no block rule: the schema's enum says so
    block_rule = serializers.ChoiceField(choices=BlockRule.choices, allow_blank=True,
                                         read_only=True)

    class Meta:
        model = Dispute
        fields = [
            "id", "kind", "status", "club", "match", "game_number", "variant", "block_rule",
            "position_id",
            "dice", "on_roll_seat", "notation", "statement", "claims", "result", "transcript",
            "submitted_by", "submitted_at", "attempts", "checked_at", "verdict", "ruling",
            "ruling_note", "replay_position_id", "ruled_at", "events",
        ]  # fmt: skip
        read_only_fields = fields

    def get_dice(self, dispute: Dispute) -> list[int] | None:
        dice = dispute.dice
        return list(dice) if dice is not None else None

