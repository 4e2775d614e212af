from django.contrib import admin

from money.models import CalcuttaSale, EventPurse, SidePool, SidePoolEntry


class SidePoolInline(admin.TabularInline):
    model = SidePool
    extra = 0


@admin.register(EventPurse)
class EventPurseAdmin(admin.ModelAdmin):
    list_display = ["tournament", "currency", "house_share", "payout_preset", "calcutta"]
    raw_id_fields = ["tournament"]
    inlines = [SidePoolInline]


@admin.register(SidePoolEntry)
class SidePoolEntryAdmin(admin.ModelAdmin):
    list_display = ["side_pool", "entry", "paid"]
    raw_id_fields = ["side_pool", "entry"]


@admin.register(CalcuttaSale)
class CalcuttaSaleAdmin(admin.ModelAdmin):
    list_display = ["purse", "entry", "buyer", "price"]
    raw_id_fields = ["purse", "entry"]
