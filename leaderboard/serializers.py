"""API serializers: input (the ranking filters) and output (ratings, history, rankings).

Players appear by id and display name only.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from rest_framework import serializers

from clubs.models import Club
from common.api import (
    QuerySerializer,
    StrictCharField,
    StrictModelSerializer,
    StrictSlugRelatedField,
)
from games.models import Variant
from leaderboard.models import PlayerRating, RatingChange
from leaderboard.selectors import RankingQuery, season_for
from tournaments.errors import RankingError


class RatingSerializer(StrictModelSerializer):
    player_name = StrictCharField(source="player.display_name", read_only=True)

    class Meta:
        model = PlayerRating
        fields = ["player", "player_name", "variant", "rating", "experience", "matches", "updated_at"]


class RatingChangeSerializer(StrictModelSerializer):
    opponent_name = StrictCharField(source="opponent.display_name", read_only=True)

    class Meta:
        model = RatingChange
        fields = [
            "match", "variant", "at", "opponent", "opponent_name", "won", "length",
            "before", "after", "delta", "experience",
        ]


class HistoryQuerySerializer(QuerySerializer):
    player = serializers.IntegerField(min_value=1)
    variant = serializers.ChoiceField(choices=Variant.choices, default=Variant.BACKGAMMON)


class RankingQuerySerializer(QuerySerializer):
    club = StrictSlugRelatedField(
        slug_field="slug", queryset=Club.objects.all(), required=False, allow_null=True
    )
    variant = serializers.ChoiceField(choices=Variant.choices, required=False, allow_blank=True)
    year = serializers.IntegerField(min_value=2000, max_value=2100, required=False)
    start = serializers.DateField(required=False)
    end = serializers.DateField(required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        try:
            attrs["season"] = season_for(
                attrs.get("year"), attrs.get("start"), attrs.get("end"), timezone.localdate()
            )
        except RankingError as error:
            error.field = "end"  # answered by the API's exception handler, with its code
            raise
        return attrs

    def query(self) -> RankingQuery:
        data = self.validated_data
        return RankingQuery(data["season"], data.get("club"), data.get("variant") or None)


class RankingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.IntegerField()
    name = StrictCharField()
    points = serializers.DecimalField(max_digits=9, decimal_places=2)
    events = serializers.IntegerField()


class RankingPageSerializer(serializers.Serializer):
    """The shape of /api/rankings/: the query as understood, and one page of rows."""

    start = serializers.DateField()
    end = serializers.DateField()
    club = StrictCharField(allow_null=True)
    variant = StrictCharField(allow_null=True)
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    results = RankingRowSerializer(many=True)


class EventPlacingSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="player_id")
    display_name = StrictCharField(source="player.display_name")
    place_first = serializers.IntegerField(allow_null=True)
    place_last = serializers.IntegerField(allow_null=True)
    rating = serializers.FloatField(allow_null=True, help_text="Rating at the start (null: unrated, "
                                    "counted as 1500).")
    points = serializers.DecimalField(max_digits=9, decimal_places=2)


class RankedEventSerializer(serializers.Serializer):
    """A tournament's GP-style points, worked out when it finished."""

    tournament = serializers.IntegerField(source="tournament_id")
    club = StrictCharField(source="club.slug")
    name = StrictCharField()
    variant = StrictCharField()
    date = serializers.DateField()
    entrants = serializers.IntegerField()
    strength_of_field = serializers.DecimalField(max_digits=9, decimal_places=2)
    paid_places = serializers.IntegerField()
    no_points_reason = StrictCharField(
        help_text="Why nobody earned points (e.g. field_too_small); empty when points were given.")
    placings = EventPlacingSerializer(many=True)
