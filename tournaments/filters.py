"""Filters of the tournament list."""

from __future__ import annotations

import django_filters
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club
from clubs.search import name_contains
from tournaments.models import Tournament


class TournamentFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(
        label=pgettext_lazy("of a thing", "Name"), method="by_name", max_length=100,
        widget=django_filters.widgets.forms.TextInput(attrs={"type": "search"}),
    )
    club = django_filters.ModelChoiceFilter(
        label=_("Club"), queryset=Club.objects.order_by("name"), to_field_name="slug",
        empty_label=_("All clubs"),
    )
    variant = django_filters.ChoiceFilter(
        label=pgettext_lazy("game type", "Game"), choices=Tournament._meta.get_field("variant").choices,
        empty_label=_("Both games"),
    )
    format = django_filters.ChoiceFilter(
        label=_("Format"), choices=Tournament.Format.choices, empty_label=_("Any format"),
    )
    status = django_filters.ChoiceFilter(
        label=_("Status"), choices=Tournament.Status.choices, empty_label=_("Any status"),
    )

    class Meta:
        model = Tournament
        fields = ["name", "club", "variant", "format", "status"]

    def by_name(self, queryset: QuerySet[Tournament], name: str, value: str) -> QuerySet[Tournament]:
        return queryset.filter(name_contains(value, "name")) if value.strip() else queryset
