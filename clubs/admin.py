from django.contrib import admin

from clubs.models import (
    Club,
    Invitation,
    JoinRequest,
    Membership,
    Player,
    PlayerImport,
    PlayerLog,
    Profile,
)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "created_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["directors", "scorers"]
    raw_id_fields = ["owner"]
    inlines = [MembershipInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["display_name", "name", "user"]
    search_fields = ["display_name", "name", "user__username"]
    raw_id_fields = ["user"]


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ["user", "preferred_language"]
    search_fields = ["user__username", "user__email"]
    raw_id_fields = ["user"]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["club", "kind", "email", "player", "uses", "max_uses", "expires_at",
                    "revoked_at"]
    list_filter = ["kind"]
    search_fields = ["club__name", "email"]
    raw_id_fields = ["club", "player", "created_by"]
    readonly_fields = ["token_hash"]


@admin.register(JoinRequest)
class JoinRequestAdmin(admin.ModelAdmin):
    list_display = ["club", "user", "status", "created_at", "decided_by"]
    list_filter = ["status"]
    raw_id_fields = ["club", "user", "player", "decided_by"]


@admin.register(PlayerLog)
class PlayerLogAdmin(admin.ModelAdmin):
    """The audit of the registry: read only."""

    list_display = ["at", "action", "player", "club", "by"]
    list_filter = ["action"]
    search_fields = ["player__display_name", "player__name"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(PlayerImport)
class PlayerImportAdmin(admin.ModelAdmin):
    list_display = ["club", "filename", "created_by", "created_at", "applied_at"]
    exclude = ["data"]
    raw_id_fields = ["club", "created_by"]
