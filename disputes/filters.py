"""Filters of the dispute list."""

from __future__ import annotations

import django_filters
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from disputes.models import Dispute, DisputeKind, DisputeStatus


class DisputeFilter(django_filters.FilterSet):
    status = django_filters.ChoiceFilter(
        label=_("Status"), choices=DisputeStatus.choices, empty_label=_("Any status"),
    )
    kind = django_filters.ChoiceFilter(
        label=_("Kind"), choices=DisputeKind.choices, empty_label=_("Moves and results"),
    )
    club = django_filters.ModelChoiceFilter(
        label=_("Club"), queryset=Club.objects.none(), to_field_name="slug",
        empty_label=_("All clubs"),
    )

    class Meta:
        model = Dispute
        fields = ["status", "kind", "club"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Only the clubs of the disputes this user can see.
        clubs = Club.objects.filter(pk__in=self.queryset.values("club")).order_by("name")
        self.filters["club"].queryset = clubs
        self.form.fields["club"].queryset = clubs
