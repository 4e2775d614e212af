"""A person's own side: their profile (language) and their player record.

An account gets a player record when it first needs one (a profile saved, a club
joined); accepting an invitation links the club's existing record instead, so a person
is never entered twice.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import translation

from clubs.models import Player, PlayerLog, Profile

LANGUAGE_CODES = frozenset(code for code, _name in settings.LANGUAGES)
PLAYER_FIELDS = ("display_name", "name", "name_is_public", "city", "country", *Player.HANDLES)


def preferred_language(user: Any) -> str | None:
    """The language the account chose, if any."""
    if user is None or not getattr(user, "pk", None):
        return None
    code = Profile.objects.filter(user_id=user.pk).values_list(
        "preferred_language", flat=True).first()
    return code if code in LANGUAGE_CODES else None


def language_for_recipient(*, user: Any = None, email: str | None = None) -> str:
    """The language to write to a person in: the one they chose, else the current one
    (the request's: the person on the page is usually the one the mail is for)."""
    if user is None and email:
        users = get_user_model().objects
        user = (users.filter(emailaddress__email__iexact=email).first()
                or users.filter(email__iexact=email).first())
    return preferred_language(user) or translation.get_language() or settings.LANGUAGE_CODE


def own_player(user: AbstractBaseUser) -> Player | None:
    return Player.objects.filter(user_id=user.pk).first()


def default_display_name(user: AbstractBaseUser) -> str:
    full = user.get_full_name().strip() if hasattr(user, "get_full_name") else ""
    return (full or user.get_username())[:60]


@transaction.atomic
def ensure_player(user: AbstractBaseUser) -> Player:
    """The account's player record, made now (named after the account) if it has none."""
    player = Player.objects.select_for_update().filter(user_id=user.pk).first()
    if player is not None:
        return player
    name = default_display_name(user)
    player = Player.objects.create(
        name=(user.get_full_name().strip() if hasattr(user, "get_full_name") else "") or name,
        display_name=name, user=user, email=getattr(user, "email", "") or "",
    )
    PlayerLog.objects.create(player=player, action=PlayerLog.Action.CREATED, by=user,
                             details={"for_account": user.pk})
    return player


@transaction.atomic
def set_preferred_language(*, user: AbstractBaseUser, language: str) -> bool:
    """Remember `language` in the account's profile (the switcher on every page, a
    sign-up); False, and nothing saved, for a language the site does not have."""
    if language not in LANGUAGE_CODES:
        return False
    profile, _ = Profile.objects.select_for_update().get_or_create(user=user)
    if profile.preferred_language != language:
        profile.preferred_language = language
        profile.save(update_fields=["preferred_language"])
    return True


@transaction.atomic
def update_profile(*, user: AbstractBaseUser, preferred_language: str = "",
                   **player_fields: Any) -> tuple[Profile, Player]:
    """Save the account's language and its player's public details (validated)."""
    unknown = set(player_fields) - set(PLAYER_FIELDS)
    if unknown:
        raise TypeError(f"not profile fields: {sorted(unknown)}")
    profile, _ = Profile.objects.get_or_create(user=user)
    profile.preferred_language = preferred_language if preferred_language in LANGUAGE_CODES else ""
    profile.full_clean()
    profile.save()
    player = ensure_player(user)
    changed = {}
    for field, value in player_fields.items():
        value = value.strip() if isinstance(value, str) else value
        if getattr(player, field) != value:
            changed[field] = True
            setattr(player, field, value)
    if not player.name:
        player.name = player.display_name
    player.full_clean()
    player.save()
    if changed:
        PlayerLog.objects.create(player=player, action=PlayerLog.Action.EDITED, by=user,
                                 details={"fields": sorted(changed)})
    return profile, player
