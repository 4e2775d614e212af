from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from notifications.messages import render
from notifications.models import Delivery, Notification, Preference


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["shown_title", "user", "kind", "language", "created_at", "read_at"]
    list_filter = ["kind", "message"]
    search_fields = ["title", "user__username"]

    @admin.display(description=_("title"))
    def shown_title(self, notification: Notification) -> str:
        return render(notification)[0]


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin):
    list_display = ["notification", "channel", "state", "attempts", "sent_at"]
    list_filter = ["channel", "state"]


@admin.register(Preference)
class PreferenceAdmin(admin.ModelAdmin):
    list_display = ["user", "email", "telegram_chat_id"]
