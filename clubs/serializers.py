"""API shapes of clubs and players. Players are shown by display name only (privacy).
Inputs have their own serializers; the services do the writes."""

from __future__ import annotations

from rest_framework import serializers

from clubs.models import Club, Player


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "display_name"]


class ClubSerializer(serializers.ModelSerializer):
    member_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = Club
        fields = ["id", "name", "slug", "description", "member_count"]


class MergeInputSerializer(serializers.Serializer):
    duplicate = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())


class PlayerInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    display_name = serializers.CharField(max_length=60, required=False, allow_blank=True)
    club = serializers.SlugRelatedField(slug_field="slug", queryset=Club.objects.all(), required=False)
