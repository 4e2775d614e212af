"""API shapes of clubs and players. Players are shown by display name only (privacy).
Inputs have their own serializers; the services do the writes."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs.models import Club, Player
from clubs.selectors import public_name
from common.api import StrictCharField, StrictModelSerializer, StrictSlugRelatedField


@extend_schema_field({"type": "string", "nullable": True, "readOnly": True})
class PublicNameField(serializers.Field):
    """A login shown as the public sees it (clubs.selectors.public_name): never the login
    name. Read-only, null when nobody is named."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(read_only=True, allow_null=True, **kwargs)

    def to_representation(self, value: Any) -> str | None:
        return public_name(value)


class PlayerSerializer(StrictModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "display_name"]


class ClubSerializer(StrictModelSerializer):
    member_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = Club
        fields = ["id", "name", "slug", "description", "member_count"]


class MergeInputSerializer(serializers.Serializer):
    duplicate = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())


class PlayerInputSerializer(serializers.Serializer):
    name = StrictCharField(max_length=120)
    display_name = StrictCharField(max_length=60, required=False, allow_blank=True)
    club = StrictSlugRelatedField(slug_field="slug", queryset=Club.objects.all(), required=False)
