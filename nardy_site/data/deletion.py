"""Deleting a club with everything it owns (what its archive holds, ``owned.club_rows``):
by its owner or one of its directors, after they typed its name. The players stay (they
may play elsewhere; their results in this club go with it)."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from clubs.errors import ClubError
from clubs.models import Club, Player
from clubs.permissions import can_manage_club
from nardy_site.data.archive import import_order
from nardy_site.data.owned import club_rows


def check_can_delete(*, club: Club, user: AbstractBaseUser) -> None:
    if not can_manage_club(user, club):
        raise ClubError("not_a_director", "Only the club's owner and directors can do this.")


@transaction.atomic
def delete_club(*, club: Club, user: AbstractBaseUser | None = None,
                confirmation: str | None = None) -> dict[str, int]:
    """Delete ``club`` and all it owns; the number of rows deleted per model. With a
    ``user`` (a person asking), they must direct it and have typed its name."""
    if user is not None:
        check_can_delete(club=club, user=user)
        if (confirmation or "").strip() != club.name.strip():
            raise ClubError("name_not_confirmed", "Type the club's name to confirm.",
                            {"club": club.name}, field="confirmation")
    club = Club.objects.select_for_update().get(pk=club.pk)
    rows = club_rows(club)
    rows.pop(Player, None)
    deleted: dict[str, int] = {}
    # The rows that point at others go first, so no PROTECT relation stands in the way.
    for model in reversed(import_order(list(rows))):
        keys = list(rows[model])
        if not keys:
            continue
        _, counts = model._base_manager.filter(pk__in=keys).delete()
        for label, count in counts.items():
            deleted[label] = deleted.get(label, 0) + count
    return deleted
