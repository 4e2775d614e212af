"""Admin for chouette sessions: settings and seats are editable; events and the ledger
are shown read-only, because they change only through the services (which replay)."""

from django.contrib import admin

from games.chouette.models import (
    ChouetteEvent,
    ChouetteLedgerEntry,
    ChouetteParticipant,
    ChouetteSession,
)


class ParticipantInline(admin.TabularInline):
    model = ChouetteParticipant
    extra = 0
    autocomplete_fields = ["player"]


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
    list_display = ["club", "date", "status", "stake_per_point", "cube_mode"]
    list_filter = ["status", "club"]
    date_hierarchy = "date"
    inlines = [ParticipantInline, EventInline]


@admin.register(ChouetteLedgerEntry)
class ChouetteLedgerEntryAdmin(admin.ModelAdmin):
    list_display = ["session", "game_number", "player", "role", "points", "total"]
    list_filter = ["session__club"]

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False
