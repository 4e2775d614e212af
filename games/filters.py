"""Filters of the match list."""

from __future__ import annotations

import django_filters
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club
from clubs.selectors import NameViewer, name_viewer
from games.models import Match


class MatchFilter(django_filters.FilterSet):
    player = django_filters.CharFilter(
        label=_("Player"), method="by_player", max_length=100,
        widget=django_filters.widgets.forms.TextInput(attrs={"type": "search"}),
    )
    club = django_filters.ModelChoiceFilter(
        label=_("Club"), queryset=Club.objects.order_by("name"), to_field_name="slug",
        empty_label=_("All clubs"),
    )
    variant = django_filters.ChoiceFilter(
        label=pgettext_lazy("game type", "Game"), choices=Match._meta.get_field("variant").choices,
        empty_label=_("Both games"),
    )
    status = django_filters.ChoiceFilter(
        label=_("Status"), choices=Match._meta.get_field("status").choices,
        empty_label=_("Any status"),
    )

    class Meta:
        model = Match
        fields = ["player", "club", "variant", "status"]

    def by_player(self, queryset: QuerySet[Match], name: str, value: str) -> QuerySet[Match]:
        """Matches where either player's name contains every word typed (any alphabet):
        the display name, or the legal name where the viewer may see it (NameViewer)."""
        viewer = name_viewer(self.request) if self.request is not None else NameViewer()
        for word in value.split()[:5]:
            queryset = queryset.filter(viewer.name_q(word, "player1__")
                                       | viewer.name_q(word, "player2__"))
        return queryset
