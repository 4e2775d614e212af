"""Admin for disputes: read-only, since rulings and withdrawals go through the services
(the dispute page or the API) and keep the audit trail."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from disputes.models import Dispute, DisputeEvent


class DisputeEventInline(admin.TabularInline):
    model = DisputeEvent
    extra = 0
    fields = ["at", "action", "actor", "note"]
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Dispute)
class DisputeAdmin(admin.ModelAdmin):
    list_display = ["id", "kind", "club", "match", "status", "ruling", "submitted_at"]
    list_filter = ["kind", "status", "ruling", "variant", "club"]
    search_fields = ["position_id", "notation", "statement"]
    inlines = [DisputeEventInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
