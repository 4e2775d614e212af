"""Filters of the player list."""

from __future__ import annotations

import django_filters
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from clubs.selectors import NameViewer, name_viewer


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
        """Players whose name contains every word typed (any alphabet): the display name,
        or the legal name where the viewer may see it (clubs.selectors.NameViewer)."""
        viewer = name_viewer(self.request) if self.request is not None else NameViewer()
        for word in value.split()[:5]:
            queryset = queryset.filter(viewer.name_q(word))
        return queryset
