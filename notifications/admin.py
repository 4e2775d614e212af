from django.contrib import admin

from notifications.models import Delivery, Notification, Preference


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["title", "user", "kind", "created_at", "read_at"]
    list_filter = ["kind"]
    search_fields = ["title", "user__username"]


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin):
    list_display = ["notification", "channel", "state", "attempts", "sent_at"]
    list_filter = ["channel", "state"]


@admin.register(Preference)
class PreferenceAdmin(admin.ModelAdmin):
    list_display = ["user", "email", "telegram_chat_id"]
