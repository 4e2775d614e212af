"""Display names kept in the style a player's clubs or the player chose.

`Player.display_name` is what the public sees. Unless somebody wrote it (``shown_as`` is
"nickname"), it is the legal name in a style (clubs.names.public_form): the player's own
choice, else the most private of their clubs' (``Club.public_names``). Every way into a
club goes through `join_club`, so a player of two clubs is shown as the more private
asks; a club changing its style, and a renamed player, refresh the names here too.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db import transaction
from django.dispatch import Signal

from clubs.models import Club, Membership, Player, ShownAs
from clubs.names import most_private, public_form

# display_names_changed(sender=Player, player_ids=[...]): the names were written together,
# without a save of each (the pages that show them drop their kept copies).
display_names_changed = Signal()


def style_of(player: Player, club_styles: Iterable[str]) -> str:
    """The style the player's public name is made in (not for a written nickname)."""
    return player.shown_as or most_private(club_styles)


@transaction.atomic
def refresh_public_names(player_ids: Iterable[int]) -> int:
    """Make the display names of these players follow their style; how many changed."""
    ids = list(player_ids)
    styles: dict[int, list[str]] = defaultdict(list)
    for player_id, style in Membership.objects.filter(player_id__in=ids).values_list(
            "player_id", "club__public_names"):
        styles[player_id].append(style)
    changed = []
    for player in Player.objects.select_for_update().filter(pk__in=ids).exclude(
            shown_as=ShownAs.NICKNAME):
        shown = public_form(player.name, style_of(player, styles[player.pk]))
        if shown and shown != player.display_name:
            player.display_name = shown
            changed.append(player)
    Player.objects.bulk_update(changed, ["display_name"])
    if changed:
        display_names_changed.send(sender=Player, player_ids=[player.pk for player in changed])
    return len(changed)


def join_club(*, club: Club, player: Player) -> Membership:
    """The player becomes a member of the club (once), shown as their styles now say."""
    membership, created = Membership.objects.get_or_create(club=club, player=player)
    if created:
        refresh_public_names([player.pk])
        player.refresh_from_db(fields=["display_name"])
    return membership


def refresh_club(club: Club) -> int:
    """After the club's style changed: its players' names follow."""
    return refresh_public_names(club.memberships.values_list("player_id", flat=True))
