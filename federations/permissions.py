"""Who manages a federation: its admins, and site administrators."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from clubs.permissions import AnyUser, is_site_admin
from federations.models import Federation


def is_federation_admin(user: AnyUser | None, federation: Federation) -> bool:
    if is_site_admin(user):
        return True
    if user is None or not user.is_authenticated:
        return False
    return federation.admins.filter(pk=user.pk).exists()


def visible_federations(user: AnyUser | None) -> QuerySet[Federation]:
    """Listed federations, plus the unlisted ones this user administers (all for staff)."""
    if is_site_admin(user):
        return Federation.objects.all()
    if user is None or not user.is_authenticated:
        return Federation.objects.filter(is_public=True)
    administered = Federation.admins.through.objects.filter(user_id=user.pk)
    # A subquery, not a join: counts annotated on this queryset stay counts.
    return Federation.objects.filter(
        Q(is_public=True) | Q(pk__in=administered.values("federation_id")))
