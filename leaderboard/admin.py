"""Admin: ratings and points are derived data (read-only here); external events are input.

Editing an external event's places in the admin does not score it again: enter events
through the director's form, or call ``services.points.score_external_event``.
"""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from leaderboard.models import (
    EventPlacing,
    ExternalEvent,
    ExternalPlace,
    PlayerRating,
    RankedEvent,
    RatingChange,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(PlayerRating)
class PlayerRatingAdmin(ReadOnlyAdmin):
    list_display = ["player", "variant", "rating", "experience", "matches", "updated_at"]
    list_filter = ["variant"]
    search_fields = ["player__display_name", "player__name"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ["at", "player", "opponent", "variant", "won", "before", "delta", "after"]
    list_filter = ["variant"]
    search_fields = ["player__display_name", "player__name"]
    raw_id_fields = ["player", "opponent", "match"]


class EventPlacingInline(admin.TabularInline):
    model = EventPlacing
    extra = 0
    can_delete = False
    readonly_fields = ["player", "place_first", "place_last", "rating", "points"]

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(RankedEvent)
class RankedEventAdmin(ReadOnlyAdmin):
    list_display = ["name", "club", "variant", "date", "entrants", "strength_of_field"]
    list_filter = ["variant", "club"]
    inlines = [EventPlacingInline]


class ExternalPlaceInline(admin.TabularInline):
    model = ExternalPlace
    extra = 0
    raw_id_fields = ["player"]


@admin.register(ExternalEvent)
class ExternalEventAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "variant", "date", "created_by"]
    list_filter = ["variant", "club"]
    inlines = [ExternalPlaceInline]
