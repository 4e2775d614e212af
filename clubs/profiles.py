"""A person's own side: their profile (language) and their player record.

An account gets a player record when it first needs one (a profile saved, a club
joined); accepting an invitation links the club's existing record instead, so a person
is never entered twice.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import translation

from clubs.errors import PlayerError
from clubs.models import Club, Membership, Player, PlayerLog, Profile, ShownAs
from clubs.public_names import refresh_public_names

LANGUAGE_CODES = frozenset(code for code, _name in settings.LANGUAGES)
PLAYER_FIELDS = ("display_name", "shown_as", "name", "name_is_public", "city", "country",
                 *Player.HANDLES)


def preferred_language(user: Any) -> str | None:
    """The language the account chose, if any."""
    if user is None or not getattr(user, "pk", None):
        return None
    code = Profile.objects.filter(user_id=user.pk).values_list(
        "preferred_language", flat=True).first()
    return code if code in LANGUAGE_CODES else None


def supported_language(code: str | None) -> str | None:
    """``code`` as one of the site's languages ("ru-RU" is "ru"), or None."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def browser_language(accept_language: str) -> str | None:
    """The first of the site's languages that an Accept-Language header asks for (by its
    weights), or None when it asks for none of them (or for anything at all: ``*``)."""
    asked = []
    for position, item in enumerate(accept_language.split(",")):
        code, _sep, weight = item.strip().partition(";")
        try:
            quality = float(weight.strip()[2:]) if weight.strip().startswith("q=") else 1.0
        except ValueError:
            quality = 0.0
        if code.strip() and code.strip() != "*" and quality > 0:
            asked.append((-quality, position, code.strip()))
    for _quality, _position, code in sorted(asked):
        language = supported_language(code)
        if language is not None:
            return language
    return None


def club_language(club: Club | None) -> str | None:
    return supported_language(club.language) if club is not None else None


def first_club(user: Any) -> Club | None:
    """The first club a person joined (as a player), else the first they direct."""
    membership = (Membership.objects.filter(player__user_id=user.pk).select_related("club")
                  .order_by("joined_on", "pk").first())
    if membership is not None:
        return membership.club
    return Club.objects.filter(directors__pk=user.pk).order_by("pk").first()


def own_language(user: Any) -> str | None:
    """A person's own language: the one they chose, else the one their browser asked for
    when they signed up; None when there is neither."""
    if user is None or not getattr(user, "pk", None):
        return None
    profile = Profile.objects.filter(user_id=user.pk).values(
        "preferred_language", "signup_language").first() or {}
    for code in (profile.get("preferred_language"), profile.get("signup_language")):
        if code in LANGUAGE_CODES:
            return code
    return None


def own_languages(user_ids: list[int]) -> dict[int, str]:
    """``own_language`` of many people at once (one query a batch of 500): by user id,
    only for those who have one."""
    found: dict[int, str] = {}
    for start in range(0, len(user_ids), 500):
        rows = Profile.objects.filter(user_id__in=user_ids[start:start + 500]).values_list(
            "user_id", "preferred_language", "signup_language")
        for user_id, preferred, signup in rows:
            code = next((c for c in (preferred, signup) if c in LANGUAGE_CODES), None)
            if code is not None:
                found[user_id] = code
    return found


def language_for(user: Any, club: Club | None = None, fallback: str | None = None) -> str:
    """The language to write to a person in: the one they chose, else the one their
    browser asked for when they signed up, else the language of the club the message is
    about (for a message about no club, their first club's), else ``fallback``, else the
    site's."""
    own = own_language(user)
    if own is not None:
        return own
    if club is None and user is not None and getattr(user, "pk", None):
        club = first_club(user)
    return club_language(club) or supported_language(fallback) or settings.LANGUAGE_CODE


def user_with_email(email: str) -> Any:
    users = get_user_model().objects
    return (users.filter(emailaddress__email__iexact=email).first()
            or users.filter(email__iexact=email).first())


def language_for_recipient(*, user: Any = None, email: str | None = None,
                           club: Club | None = None) -> str:
    """The language to write to a person in (``language_for``); for an address with no
    account yet, the language of the club the mail is about, else the current one (the
    request's: the person on the page is usually the one the mail is for)."""
    if user is None and email:
        user = user_with_email(email)
    if user is not None:
        return language_for(user, club, fallback=translation.get_language())
    return club_language(club) or translation.get_language() or settings.LANGUAGE_CODE


@transaction.atomic
def remember_signup_language(*, user: AbstractBaseUser, language: str | None) -> None:
    """Keep the language a new account's browser asked for (``language_for``)."""
    if language not in LANGUAGE_CODES:
        return
    profile, _ = Profile.objects.select_for_update().get_or_create(user=user)
    if profile.signup_language != language:
        profile.signup_language = language
        profile.save(update_fields=["signup_language"])


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
    refresh_public_names([player.pk])  # private by default, as in a club
    player.refresh_from_db(fields=["display_name"])
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
                   time_zone: str | None = None, **player_fields: Any) -> tuple[Profile, Player]:
    """Save the account's language, time zone (None: as it is; empty: the club's) and its
    player's public details (validated)."""
    unknown = set(player_fields) - set(PLAYER_FIELDS)
    if unknown:
        raise TypeError(f"not profile fields: {sorted(unknown)}")
    profile, _ = Profile.objects.get_or_create(user=user)
    profile.preferred_language = preferred_language if preferred_language in LANGUAGE_CODES else ""
    if time_zone is not None:
        profile.time_zone = time_zone
    profile.full_clean()
    profile.save()
    player = ensure_player(user)
    shown_as = player_fields.pop("shown_as", player.shown_as)
    if shown_as not in ShownAs.values:
        raise PlayerError("bad_shown_as", "Choose how your name is shown from the list.",
                          {"shown_as": shown_as})
    changed = {}
    if shown_as != player.shown_as:
        changed["shown_as"] = True
        player.shown_as = shown_as
        if shown_as != ShownAs.NICKNAME:
            player_fields.pop("display_name", None)  # a style chosen: it makes the name
    for field, value in player_fields.items():
        value = value.strip() if isinstance(value, str) else value
        if getattr(player, field) != value:
            changed[field] = True
            setattr(player, field, value)
    if not player.name:
        player.name = player.display_name
    if "display_name" in changed:
        player.shown_as = ShownAs.NICKNAME  # written by the person: shown as written
    player.full_clean()
    player.save()
    refresh_public_names([player.pk])
    player.refresh_from_db(fields=["display_name"])
    if changed:
        PlayerLog.objects.create(player=player, action=PlayerLog.Action.EDITED, by=user,
                                 details={"fields": sorted(changed)})
    return profile, player


def own_time_zone(user: Any) -> str | None:
    """The time zone a person reads times in: the one they chose, else their first
    club's; None for a visitor, or a person with neither."""
    if user is None or not getattr(user, "pk", None):
        return None
    chosen = Profile.objects.filter(user_id=user.pk).values_list("time_zone", flat=True).first()
    if chosen:
        return chosen
    club = first_club(user)
    return club.time_zone if club is not None else None


@transaction.atomic
def reset_calendar_token(*, user: AbstractBaseUser) -> str:
    """A new secret for the person's calendar links: the old links stop working at once."""
    profile, _ = Profile.objects.select_for_update().get_or_create(user=user)
    profile.calendar_token = secrets.token_urlsafe(32)
    profile.save(update_fields=["calendar_token"])
    return profile.calendar_token


def calendar_token(user: AbstractBaseUser) -> str:
    """The person's calendar secret, made on first use."""
    token = Profile.objects.filter(user_id=user.pk).values_list("calendar_token", flat=True).first()
    return token or reset_calendar_token(user=user)


def user_of_calendar_token(token: str) -> Any:
    """The account whose calendar links carry this secret, or None."""
    if not token or len(token) > 64:
        return None
    profile = Profile.objects.filter(calendar_token=token).select_related("user").first()
    return profile.user if profile is not None and profile.user.is_active else None
