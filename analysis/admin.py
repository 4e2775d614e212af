"""Admin: the analyses (read only: they are GNU Backgammon's) and the depth settings."""

from __future__ import annotations

from django.contrib import admin

from analysis.models import (
    ClubAnalysisSettings,
    EventAnalysisSettings,
    MatchAnalysis,
    PlayerAnalysisPrivacy,
)


@admin.register(MatchAnalysis)
class MatchAnalysisAdmin(admin.ModelAdmin):
    list_display = ["match", "kind", "plies", "status", "games_done", "games_total", "pr1", "pr2"]
    list_filter = ["status", "kind", "plies"]
    readonly_fields = [field.name for field in MatchAnalysis._meta.fields]


admin.site.register(ClubAnalysisSettings)
admin.site.register(EventAnalysisSettings)
admin.site.register(PlayerAnalysisPrivacy)
