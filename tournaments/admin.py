from django.contrib import admin

from tournaments.models import BracketConflict, Entry, Pairing, Tournament, TournamentLog


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ["player"]
    fields = ["player", "seed", "group", "rating_at_start", "place_first", "place_last", "withdrawn"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "variant", "format", "status", "starts_on", "is_public"]
    list_filter = ["status", "format", "variant", "club"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "starts_on"
    inlines = [EntryInline]


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    """Read-mostly: pairings follow the draw and the results (change them through services)."""

    list_display = ["tournament", "flight", "group", "round", "number", "state", "match"]
    list_filter = ["flight", "state"]
    raw_id_fields = ["tournament", "top", "bottom", "winner", "match"]
    readonly_fields = ["top", "bottom", "winner", "state", "match"]


@admin.register(BracketConflict)
class BracketConflictAdmin(admin.ModelAdmin):
    list_display = ["tournament", "pairing", "status", "created_at", "resolved_by"]
    list_filter = ["status"]
    raw_id_fields = ["tournament", "pairing", "previous_winner", "new_winner"]


@admin.register(TournamentLog)
class TournamentLogAdmin(admin.ModelAdmin):
    list_display = ["created_at", "tournament", "actor", "action"]
    list_filter = ["action"]
    readonly_fields = ["tournament", "actor", "action", "before", "after", "created_at"]

    def has_add_permission(self, request: object) -> bool:
        return False
