from django.contrib import admin

from federations.models import Affiliation, Federation


class AffiliationInline(admin.TabularInline):
    model = Affiliation
    extra = 0
    fields = ["club", "status", "asked_by_side", "asked_by", "asked_at", "decided_by",
              "decided_at", "joined_on", "left_on"]
    readonly_fields = ["asked_at"]
    autocomplete_fields = ["club"]
    raw_id_fields = ["asked_by", "decided_by"]


@admin.register(Federation)
class FederationAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "country", "is_public"]
    list_filter = ["is_public", "country"]
    search_fields = ["name", "slug", "country"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["admins"]
    inlines = [AffiliationInline]


@admin.register(Affiliation)
class AffiliationAdmin(admin.ModelAdmin):
    list_display = ["club", "federation", "status", "asked_by_side", "asked_at", "joined_on",
                    "left_on"]
    list_filter = ["status", "federation"]
    search_fields = ["club__name", "federation__name"]
    raw_id_fields = ["asked_by", "decided_by"]
    autocomplete_fields = ["club", "federation"]
