"""API output shapes. Players are shown by display name only (privacy)."""

from rest_framework import serializers

from tournaments.models import Club, Player


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "display_name"]


class ClubSerializer(serializers.ModelSerializer):
    member_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = Club
        fields = ["id", "name", "slug", "description", "member_count"]
