"""Admin for chouette sessions, read-only apart from the status: the rules, the seats,
the events and the ledger change only through the services, which replay the session
(editing them here could leave events that no longer fold)."""

from django.contrib import admin

from chouette.models import (
    ChouetteEvent,
    ChouetteLedgerEntry,
    ChouetteParticipant,
    ChouetteSession,
)


class ParticipantInline(admin.TabularInline):
    model = ChouetteParticipant
    extra = 0
    fields = ["player", "opening_seat"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False


class EventInline(admin.TabularInline):
    model = ChouetteEvent
    extra = 0
    fields = ["seq", "kind", "data", "recorded_by", "recorded_at"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False


@admin.register(ChouetteSession)
class ChouetteSessionAdmin(admin.ModelAdmin):
    list_display = ["club", "date", "variant", "status", "stake_per_point", "cube_mode"]
    list_filter = ["status", "club"]
    date_hierarchy = "date"
    inlines = [ParticipantInline, EventInline]
    readonly_fields = [
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
        "created_by",
        "finished_at",
    ]

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False  # tables are opened from the club's chouette page or the API


@admin.register(ChouetteLedgerEntry)
class ChouetteLedgerEntryAdmin(admin.ModelAdmin):
    list_display = ["session", "game_number", "player", "role", "points", "total"]
    list_filter = ["session__club"]

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False
