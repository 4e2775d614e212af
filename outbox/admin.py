from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from outbox.models import Heartbeat, Message, MessageState


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    list_display = ("pk", "task", "key", "state", "attempts", "next_attempt_at", "created_at")
    list_filter = ("state", "task")
    search_fields = ("key", "task")
    readonly_fields = ("created_at", "queued_at", "done_at")
    ordering = ("-pk",)
    actions = ["try_again"]

    @admin.action(description=_("Try again now (attempts count from zero)"))
    def try_again(self, request: HttpRequest, queryset: QuerySet[Message]) -> None:
        queryset.exclude(state=MessageState.DONE).update(
            state=MessageState.PENDING, attempts=0, next_attempt_at=timezone.now()
        )


@admin.register(Heartbeat)
class HeartbeatAdmin(admin.ModelAdmin):
    list_display = ("name", "at", "worker")
