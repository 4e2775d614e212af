"""API shapes of tournaments. Players are shown by display name only (privacy). Inputs have their own
serializers; the services do the writes."""

from __future__ import annotations

from rest_framework import serializers

from clubs.models import Club, Player
from clubs.serializers import PlayerSerializer, PublicNameField
from tournaments.models import BracketConflict, Entry, Pairing, Tournament
from tournaments.services.entries import EDITABLE


class TournamentSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Tournament
        fields = ["id", "club", "name", "starts_on", "ends_on", "variant", "format", "status",
                  "is_public", "rules", "rules_text", "match_lengths", "seeding", "seeded_top",
                  "consolation", "last_chance", "cycles", "group_count", "qualifiers_per_group",
                  "swiss_rounds", "tiebreaks", "draw_size", "current_round"]
        read_only_fields = fields


class TournamentInputSerializer(serializers.ModelSerializer):
    """Create (with ``club``) or change a tournament's set-up."""

    club = serializers.SlugRelatedField(slug_field="slug", queryset=Club.objects.all(), required=False)

    class Meta:
        model = Tournament
        fields = ["club", *EDITABLE]
        extra_kwargs = {"variant": {"required": False}, "format": {"required": False}}


class EntrySerializer(serializers.ModelSerializer):
    player = PlayerSerializer(read_only=True)

    class Meta:
        model = Entry
        fields = ["id", "player", "seed", "group", "rating_at_start", "place_first", "place_last",
                  "withdrawn"]


class EntryInputSerializer(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())
    seed = serializers.IntegerField(min_value=1, required=False, allow_null=True)


class SeedsInputSerializer(serializers.Serializer):
    seeds = serializers.DictField(child=serializers.IntegerField(min_value=1, allow_null=True))


class StatusInputSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=Tournament.Status.choices)


class NextRoundInputSerializer(serializers.Serializer):
    through = serializers.IntegerField(min_value=1, required=False)
    stage = serializers.ChoiceField(choices=["round", "knockout"], default="round")


class SideSerializer(serializers.ModelSerializer):
    player = PlayerSerializer(read_only=True)

    class Meta:
        model = Entry
        fields = ["id", "player", "seed"]


class PairingSerializer(serializers.ModelSerializer):
    top = SideSerializer(read_only=True)
    bottom = SideSerializer(read_only=True)
    match = serializers.SerializerMethodField()

    class Meta:
        model = Pairing
        fields = ["id", "tournament", "flight", "group", "round", "number", "top", "bottom",
                  "winner", "state", "match"]

    def get_match(self, pairing: Pairing) -> dict | None:
        match = pairing.match
        if match is None:
            return None
        return {"id": match.pk, "length": match.length, "status": match.status,
                "score1": str(match.score1), "score2": str(match.score2),
                "winner": match.winner_id}


class PairingScoreInputSerializer(serializers.Serializer):
    score1 = serializers.DecimalField(max_digits=5, decimal_places=1, min_value=0)
    score2 = serializers.DecimalField(max_digits=5, decimal_places=1, min_value=0)
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)


class WalkoverInputSerializer(serializers.Serializer):
    winner = serializers.IntegerField(help_text="The entry id of the player who advances.")


class AnswerInputSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)


class ConflictSerializer(serializers.ModelSerializer):
    resolved_by = PublicNameField()

    class Meta:
        model = BracketConflict
        fields = ["id", "pairing", "previous_winner", "new_winner", "affected", "status",
                  "resolved_by", "resolved_at", "created_at"]


class ConflictInputSerializer(serializers.Serializer):
    conflict = serializers.IntegerField()
    decision = serializers.ChoiceField(choices=["keep", "apply"])
