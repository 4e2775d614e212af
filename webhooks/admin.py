from django.contrib import admin

from webhooks.models import Delivery, Endpoint


@admin.register(Endpoint)
class EndpointAdmin(admin.ModelAdmin):
    list_display = ["url", "club", "active", "created_at"]


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin):
    list_display = ["event", "endpoint", "state", "attempts", "last_status", "created_at"]
    list_filter = ["event", "state"]
