"""Clubs and the people in them: starting a club, roles, leaving, asking to join, and an
account taking over the club's record of its person (a claim).

One function per action, keyword-only, transactional; errors are ``ClubError`` with a
code (worded in clubs/messages.py) and nothing is saved when one is raised.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone, translation

from clubs.errors import ClubError
from clubs.models import Club, JoinRequest, Membership, NameStyle, Player, PlayerLog, Role
from clubs.permissions import can_manage_club, is_site_admin
from clubs.profiles import LANGUAGE_CODES, ensure_player, own_player, supported_language
from clubs.public_names import join_club, refresh_club
from clubs.services import merge_players
from common.slugs import unique_slug

CLUB_FIELDS = ("name", "description", "venue", "schedule", "city", "language", "time_zone",
               "embed_origins", "public_names")
ASSIGNABLE_ROLES = (Role.DIRECTOR, Role.SCORER, Role.MEMBER)


def _language(code: str) -> str:
    if code not in LANGUAGE_CODES:
        raise ClubError("bad_language", "The site has no such language.", {"language": code})
    return code


def _name_style(style: str) -> str:
    if style not in NameStyle.values:
        raise ClubError("bad_name_style", "Names are shown in full, as a first name and "
                        "initial, or as initials.", {"public_names": style})
    return style


def _require_manager(actor: AbstractBaseUser, club: Club) -> None:
    if not can_manage_club(actor, club):
        raise ClubError("not_a_director", "Only the club's owner and directors do this.")


@transaction.atomic
def create_club(*, actor: AbstractBaseUser, name: str, description: str = "", venue: str = "",
                schedule: str = "", city: str = "", language: str = "", time_zone: str = "",
                embed_origins: list[str] | None = None,
                public_names: str = NameStyle.FIRST_INITIAL) -> Club:
    """A new club; whoever creates it is its owner (and a director, and a member). Its
    language is the one given, else the language its creator is using."""
    name = " ".join(name.split())
    if not name:
        raise ClubError("name_required", "A club needs a name.")
    language = language or supported_language(translation.get_language()) or settings.LANGUAGE_CODE
    slug = unique_slug(Club.objects.all(), name, "club")
    club = Club(name=name[:120], slug=slug, description=description.strip(),
                venue=venue.strip(), schedule=schedule.strip(), city=city.strip(),
                language=_language(language), public_names=_name_style(public_names), owner=actor,
                time_zone=time_zone or settings.TIME_ZONE, embed_origins=list(embed_origins or []))
    club.full_clean()
    club.save()
    club.directors.add(actor)
    join_club(club=club, player=ensure_player(actor))
    return club


@transaction.atomic
def update_club(*, club: Club, actor: AbstractBaseUser, **fields: Any) -> Club:
    _require_manager(actor, club)
    for field, value in fields.items():
        if field not in CLUB_FIELDS:
            raise TypeError(field)
        if field == "language":
            value = _language(value)
        if field == "embed_origins":  # already checked (clubs.embeds.parse_origins)
            club.embed_origins = list(value or [])
            continue
        if field == "public_names":
            value = _name_style(value)
        setattr(club, field, " ".join(value.split()) if field == "name" else value.strip())
    if not club.name:
        raise ClubError("name_required", "A club needs a name.")
    style_changed = (Club.objects.filter(pk=club.pk).values_list("public_names", flat=True)
                     .first() != club.public_names)
    club.full_clean()
    club.save()
    if style_changed:
        refresh_club(club)
    return club


@transaction.atomic
def set_role(*, club: Club, actor: AbstractBaseUser, user: AbstractBaseUser, role: str) -> str:
    """Make a member of the club a director, a scorer or a plain member."""
    _require_manager(actor, club)
    if role not in ASSIGNABLE_ROLES:
        raise ClubError("bad_role", "The role is director, scorer or member.", {"role": role})
    if club.owner_id == user.pk:
        raise ClubError("owner_role", "The owner stays a director; hand the club over first.")
    is_member = club.memberships.filter(player__user_id=user.pk).exists()
    if not is_member and not club.directors.filter(pk=user.pk).exists() \
            and not club.scorers.filter(pk=user.pk).exists():
        raise ClubError("not_a_member", "Roles are given to members of the club.")
    if user.pk == actor.pk and role != Role.DIRECTOR and not is_site_admin(actor):
        raise ClubError("own_role", "You cannot take your own director's role away.")
    club.directors.remove(user)
    club.scorers.remove(user)
    if role == Role.DIRECTOR:
        club.directors.add(user)
    elif role == Role.SCORER:
        club.scorers.add(user)
    join_club(club=club, player=ensure_player(user))
    return role


@transaction.atomic
def hand_over(*, club: Club, actor: AbstractBaseUser, to: AbstractBaseUser) -> Club:
    """The owner makes another member the owner (who becomes a director too)."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    if club.owner_id != actor.pk and not is_site_admin(actor):
        raise ClubError("not_the_owner", "Only the owner hands the club over.")
    if not club.memberships.filter(player__user_id=to.pk).exists():
        raise ClubError("not_a_member", "Roles are given to members of the club.")
    club.owner = to
    club.save(update_fields=["owner"])
    club.directors.add(to)
    return club


@transaction.atomic
def leave_club(*, club: Club, user: AbstractBaseUser) -> None:
    """The account leaves the club: its player's membership and its roles there go
    (the player's history stays)."""
    if club.owner_id == user.pk:
        raise ClubError("owner_cannot_leave", "The owner hands the club over before leaving.")
    left = Membership.objects.filter(club=club, player__user_id=user.pk).delete()[0]
    had_role = club.directors.filter(pk=user.pk).exists() or club.scorers.filter(pk=user.pk).exists()
    if not left and not had_role:
        raise ClubError("not_in_club", "You are not a member of this club.")
    club.directors.remove(user)
    club.scorers.remove(user)


@transaction.atomic
def link_account(*, user: AbstractBaseUser, player: Player, club: Club | None,
                 by: AbstractBaseUser | None) -> Player:
    """The account becomes the person `player` records (the club's record, with its
    history). If the account already has a player, the club's record is merged into it.
    Never makes a second player for one account. Audited in the player log."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.user_id == user.pk:
        result = player
    elif player.user_id is not None:
        raise ClubError("record_has_account",
                        "This player record already belongs to another account.")
    else:
        own = own_player(user)
        if own is None:
            player.user = user
            player.is_active = True
            player.save(update_fields=["user", "is_active"])
            result = player
        else:
            result = merge_players(keep=own, duplicate=player, by=by, club=club)
        PlayerLog.objects.create(player=result, club=club, action=PlayerLog.Action.CLAIMED,
                                 by=by, details={"account": user.pk, "record": player.pk})
    if club is not None:
        join_club(club=club, player=result)
    return result


@transaction.atomic
def request_to_join(*, club: Club, user: AbstractBaseUser, message: str = "") -> JoinRequest:
    if club.memberships.filter(player__user_id=user.pk).exists():
        raise ClubError("already_member", "You are already a member of this club.",
                        {"club": club.name})
    if JoinRequest.objects.filter(club=club, user=user, status=JoinRequest.Status.PENDING).exists():
        raise ClubError("already_requested", "You have already asked to join; a director will answer.")
    return JoinRequest.objects.create(club=club, user=user, message=message.strip()[:500])


@transaction.atomic
def decide_join_request(*, join_request: JoinRequest, actor: AbstractBaseUser, approve: bool,
                        player: Player | None = None) -> JoinRequest:
    """Approve (the person joins; with `player`, as the club's existing record of them) or
    decline a request."""
    join_request = JoinRequest.objects.select_for_update().get(pk=join_request.pk)
    _require_manager(actor, join_request.club)
    if join_request.status != JoinRequest.Status.PENDING:
        raise ClubError("already_decided", "This request has already been answered.")
    if approve:
        if player is not None:
            if not player.memberships.filter(club=join_request.club).exists():
                raise ClubError("record_not_in_club", "That player is not one of this club's.")
            joined = link_account(user=join_request.user, player=player, club=join_request.club,
                                  by=actor)
        else:
            joined = ensure_player(join_request.user)
            join_club(club=join_request.club, player=joined)
        join_request.player = joined
        join_request.status = JoinRequest.Status.APPROVED
    else:
        join_request.status = JoinRequest.Status.DECLINED
    join_request.decided_by = actor
    join_request.decided_at = timezone.now()
    join_request.save()
    return join_request


@transaction.atomic
def withdraw_join_request(*, join_request: JoinRequest, user: AbstractBaseUser) -> None:
    if join_request.user_id != user.pk or join_request.status != JoinRequest.Status.PENDING:
        raise ClubError("already_decided", "This request has already been answered.")
    join_request.status = JoinRequest.Status.WITHDRAWN
    join_request.save(update_fields=["status"])
