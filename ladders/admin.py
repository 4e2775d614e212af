from django.contrib import admin

from ladders.models import Challenge, Ladder, LadderAct, Rung


@admin.register(Ladder)
class LadderAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "variant", "length", "is_public"]
    list_filter = ["variant", "is_public"]


@admin.register(Rung)
class RungAdmin(admin.ModelAdmin):
    list_display = ["ladder", "position", "player", "paused"]
    readonly_fields = ["position"]  # positions change through the services only


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    list_display = ["ladder", "challenger", "challenged", "status", "deadline"]
    list_filter = ["status"]
    readonly_fields = ["status", "winner", "decided_at", "match"]


@admin.register(LadderAct)
class LadderActAdmin(admin.ModelAdmin):
    list_display = ["ladder", "act", "actor", "at"]
    readonly_fields = ["ladder", "act", "actor", "details", "at"]
