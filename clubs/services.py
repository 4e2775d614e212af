"""Writes of the people side: merging a duplicate player into the real one (adding a
player is ``clubs.registry.add_player``, the one way to create one).

One function per action, keyword-only, transactional; errors are ``PlayerError`` (a
code and a sentence).
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import IntegrityError, models, transaction
from django.db.models import Q
from django.dispatch import Signal

from clubs.errors import PlayerError
from clubs.models import Club, DistinctPlayers, Membership, Player, PlayerLog

# Sent inside merge_players' transaction once every row points at ``keep`` (kwargs:
# ``keep``). Apps above (games: a match against oneself) connect a check that raises
# IntegrityError when the merge would leave something impossible; nothing is saved then.
players_merged = Signal()


def _player_links() -> list[models.ForeignObjectRel]:
    """Every foreign key or one-to-one that points at Player, whichever app declares it.

    Found by introspection, so models added later (ratings, rankings, ...) are covered,
    hidden ones included (``related_name="+"``, such as an external event's places, which
    would otherwise keep the duplicate from being deleted). Many-to-many relations through
    a model are covered by that model's foreign key.
    """
    return [
        rel for rel in Player._meta.get_fields(include_hidden=True)
        if rel.auto_created and not rel.concrete
        and (rel.one_to_many or rel.one_to_one) and rel.field.concrete
    ]


@transaction.atomic
def merge_players(*, keep: Player, duplicate: Player, by: AbstractBaseUser | None = None,
                  club: Club | None = None) -> Player:
    """Move everything of ``duplicate`` onto ``keep`` in one transaction, then delete it.

    Entries, matches (both seats and the winner), results, memberships and any other
    row that points at the duplicate follow. Memberships of a club both belong to are
    merged. If both players were entered in the same tournament, or met each other,
    nothing is changed and the director is told why.
    """
    if keep.pk == duplicate.pk:
        raise PlayerError("same_player", "A player cannot be merged into themselves.")
    keep = Player.objects.select_for_update().get(pk=keep.pk)
    duplicate = Player.objects.select_for_update().get(pk=duplicate.pk)
    if duplicate.user_id and keep.user_id:
        raise PlayerError("both_have_accounts",
                          "Both players have an account: they cannot be one person here.")
    record = {field: getattr(duplicate, field) for field in
              ("name", "display_name", "email", "city", "country", *Player.HANDLES)}
    record["id"] = duplicate.pk
    # "not the same person" marks between the two go; the duplicate's others become keep's
    DistinctPlayers.objects.filter(
        Q(first=keep, second=duplicate) | Q(first=duplicate, second=keep)).delete()
    for mark in DistinctPlayers.objects.filter(Q(first=duplicate) | Q(second=duplicate)):
        other = mark.second_id if mark.first_id == duplicate.pk else mark.first_id
        mark.delete()
        first, second = sorted((keep.pk, other))
        DistinctPlayers.objects.get_or_create(first_id=first, second_id=second,
                                              defaults={"marked_by": mark.marked_by})
    Membership.objects.filter(
        player=duplicate, club__in=Membership.objects.filter(player=keep).values("club")
    ).delete()
    if duplicate.user_id and not keep.user_id:
        user_id, duplicate.user_id = duplicate.user_id, None
        duplicate.save(update_fields=["user"])
        keep.user_id = user_id
        keep.save(update_fields=["user"])
    moved: dict[str, int] = {}
    try:
        with transaction.atomic():
            for rel in _player_links():
                manager = rel.related_model._base_manager
                # a one-to-one row per player (a profile): keep's own row wins
                if rel.one_to_one and manager.filter(**{rel.field.name: keep}).exists():
                    continue
                count = manager.filter(**{rel.field.name: duplicate}).update(**{rel.field.name: keep})
                if count:
                    moved[f"{rel.related_model._meta.label}.{rel.field.name}"] = count
            players_merged.send(sender=Player, keep=keep)
    except IntegrityError as error:
        raise PlayerError(
            "merge_conflict",
            f"{duplicate} and {keep} cannot be merged: both are entered in the same tournament "
            "or something else belongs to each of them once only.",
        ) from error
    for field in ("email", "city", "country", *Player.HANDLES):
        if not getattr(keep, field) and getattr(duplicate, field):
            setattr(keep, field, getattr(duplicate, field))  # fill gaps, never overwrite
    keep.save()
    duplicate.delete()
    PlayerLog.objects.create(player=keep, club=club, action=PlayerLog.Action.MERGED, by=by,
                             details={"duplicate": record, "moved": moved})
    return keep

