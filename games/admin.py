"""Admin for matches and what is recorded about them. Results are changed through the
services (the match page or the API), so the results flow keeps its audit trail; the
admin shows them read-only."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.models import Game, Match, MatchResult, MatchTranscript, ResultChange


class GameInline(admin.TabularInline):
    model = Game
    extra = 0
    fields = ["number", "winner", "result", "cube", "cube_owner", "crawford", "points"]
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "club", "variant", "length", "status", "score1", "score2"]
    list_filter = ["variant", "status", "club"]
    search_fields = ["player1__display_name", "player2__display_name", "club__name"]
    autocomplete_fields = ["player1", "player2"]
    readonly_fields = ["status", "score1", "score2", "winner", "finished_at"]
    inlines = [GameInline]


@admin.register(MatchResult)
class MatchResultAdmin(ReadOnlyAdmin):
    list_display = ["match", "score1", "score2", "status", "entered_by", "entered_at"]
    list_filter = ["status"]


@admin.register(ResultChange)
class ResultChangeAdmin(ReadOnlyAdmin):
    list_display = ["match", "action", "actor", "at"]
    list_filter = ["action"]


@admin.register(MatchTranscript)
class MatchTranscriptAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "match", "status", "agrees_with_result", "attempts", "uploaded_at"]
    list_filter = ["status"]
