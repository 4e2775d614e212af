"""A person deletes their account: the account goes, the results other players need stay
under an anonymous name ("Former player 17"), and nothing personal is left on their
players (legal name, contact details, handles, what the registry's log remembered)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import translation
from django.utils.translation import gettext

from clubs.errors import ClubError
from clubs.models import Club, Invitation, Player, PlayerLog, ShownAs
from clubs.profiles import club_language

# The fields of a Player that say who the person is, emptied when the account goes.
PERSONAL_FIELDS = ("email", "city", "country", *Player.HANDLES)


def anonymous_name(player: Player) -> str:
    """ "Former player 17", in the language of the player's first club (the name is
    stored once and shown to that club's visitors), else the site's."""
    club = player.clubs.order_by("pk").first()
    with translation.override(club_language(club) or settings.LANGUAGE_CODE):
        return gettext("Former player %(number)s") % {"number": player.pk}


def clubs_left_without_a_director(user: AbstractBaseUser) -> list[Club]:
    """The clubs the account owns, or directs alone: deleting it would leave them with
    nobody to run them, or nobody to hand them on."""
    clubs = Club.objects.filter(Q(owner=user) | Q(directors=user)).distinct().order_by("name")
    return [club for club in clubs
            if club.owner_id == user.pk or not club.directors.exclude(pk=user.pk).exists()]


def _refusal(user: AbstractBaseUser, clubs: list[Club]) -> ClubError:
    alone = [club.name for club in clubs if not club.directors.exclude(pk=user.pk).exists()]
    if alone:
        names = ", ".join(alone)
        return ClubError("last_director", f"Nobody else directs {names}.", {"clubs": names})
    names = ", ".join(club.name for club in clubs)
    return ClubError("owner_of_club", f"Hand {names} over first.", {"clubs": names})


def anonymise_player(player: Player) -> None:
    """Keep the player (its results belong to its opponents and clubs too) under an
    anonymous name, with nothing personal left on it."""
    name = anonymous_name(player)
    player.name = player.display_name = name
    player.name_is_public = False
    player.shown_as = ShownAs.NICKNAME  # the name as written: no style remakes it
    for field in PERSONAL_FIELDS:
        setattr(player, field, "")
    player.declared_rating = None
    player.is_active = False
    player.user = None
    player.save()
    # The registry's log kept the old names and addresses of its edits.
    PlayerLog.objects.filter(player=player).update(details={})
    Invitation.objects.filter(player=player).update(email="")


@transaction.atomic
def delete_account(*, user: AbstractBaseUser, password: str) -> None:
    """Delete the account after its password was given again. Refused, with nothing
    changed, when a club it owns or directs alone would be left without a director."""
    if not password or not user.check_password(password):
        raise ClubError("wrong_password", "The password is not right.", field="password")
    orphaned = clubs_left_without_a_director(user)
    if orphaned:
        raise _refusal(user, orphaned)
    for player in Player.objects.select_for_update().filter(user=user):
        anonymise_player(player)
    user.delete()
