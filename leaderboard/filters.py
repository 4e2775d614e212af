"""Filters of the player list."""

from __future__ import annotations

import django_filters
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from clubs.search import name_contains


class PlayerFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(
        label=_("Name"), method="by_name", max_length=100,
        widget=django_filters.widgets.forms.TextInput(attrs={"type": "search"}),
    )
    club = django_filters.ModelChoiceFilter(
        label=_("Club"), queryset=Club.objects.order_by("name"), to_field_name="slug",
        field_name="memberships__club", empty_label=_("All clubs"),
    )

    class Meta:
        model = Player
        fields = ["name", "club"]

    def by_name(self, queryset: QuerySet[Player], name: str, value: str) -> QuerySet[Player]:
        """Players whose public name contains every word typed (any alphabet)."""
        for word in value.split()[:5]:
            queryset = queryset.filter(name_contains(word, "display_name"))
        return queryset
