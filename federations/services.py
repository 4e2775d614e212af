"""Writes of the federations app: one function per action, each atomic, each checking
who acts (a federation admin for the federation's side, a director of the club for
the club's side). Errors are FederationError (``not_allowed``: 403)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from clubs.models import Club
from clubs.permissions import can_manage_club
from federations.errors import FederationError
from federations.models import Affiliation, Federation
from federations.permissions import is_federation_admin
from federations.signals import affiliation_asked, affiliation_decided

Side = Affiliation.Side
Status = Affiliation.Status


def _require_admin(actor: AbstractBaseUser, federation: Federation) -> None:
    if not is_federation_admin(actor, federation):
        raise FederationError("not_allowed", "Only the federation's admins can do this.")


def _require_director(actor: AbstractBaseUser, club: Club) -> None:
    if not can_manage_club(actor, club):
        raise FederationError("not_the_club_director",
                              "Only the club's directors can answer for the club.")


def _require_side(actor: AbstractBaseUser, affiliation: Affiliation, side: str) -> None:
    if side == Side.FEDERATION:
        _require_admin(actor, affiliation.federation)
    else:
        _require_director(actor, affiliation.club)


@transaction.atomic
def ask_to_affiliate(*, federation: Federation, club: Club, actor: AbstractBaseUser,
                     side: str) -> Affiliation:
    """Open an affiliation: a club's director asks (``side="club"``), or a federation
    admin invites the club (``side="federation"``); the other side answers."""
    if side not in Side.values:
        raise FederationError("invalid", "Unknown side.")
    if side == Side.CLUB:
        _require_director(actor, club)
    else:
        _require_admin(actor, federation)
    params = {"club": club.name, "federation": federation.name}
    if Affiliation.objects.filter(federation=federation, club=club,
                                  status__in=Affiliation.OPEN).exists():
        raise FederationError("already_open", f"{club.name} is already a member of "
                              f"{federation.name} or waiting for an answer.", params)
    try:
        with transaction.atomic():
            affiliation = Affiliation.objects.create(
                federation=federation, club=club, asked_by_side=side, asked_by=actor)
    except IntegrityError:  # the same request sent twice at once
        raise FederationError("already_open", f"{club.name} is already a member of "
                              f"{federation.name} or waiting for an answer.", params) from None
    affiliation_asked.send(sender=Affiliation, affiliation=affiliation)
    return affiliation


@transaction.atomic
def decide_affiliation(*, affiliation: Affiliation, actor: AbstractBaseUser,
                       accept: bool) -> Affiliation:
    """The side that did not ask accepts or declines; the side that asked may withdraw
    (a decline by the asking side)."""
    affiliation = Affiliation.objects.select_for_update().select_related(
        "federation", "club").get(pk=affiliation.pk)
    on_federation = is_federation_admin(actor, affiliation.federation)
    on_club = can_manage_club(actor, affiliation.club)
    answering = affiliation.answering_side
    on_answering_side = on_federation if answering == Side.FEDERATION else on_club
    if accept and not on_answering_side and (on_federation or on_club):
        raise FederationError("own_request", "The other side answers this request.")
    if not (on_answering_side or (not accept and (on_federation or on_club))):
        _require_side(actor, affiliation, answering)
    if affiliation.status != Status.PENDING:
        raise FederationError("not_waiting", "This affiliation is not waiting for an answer.")
    now = timezone.now()
    affiliation.status = Status.ACTIVE if accept else Status.DECLINED
    affiliation.decided_by = actor
    affiliation.decided_at = now
    if accept:
        affiliation.joined_on = timezone.localdate(now)
    affiliation.save()
    affiliation_decided.send(sender=Affiliation, affiliation=affiliation)
    return affiliation


@transaction.atomic
def end_affiliation(*, affiliation: Affiliation, actor: AbstractBaseUser) -> Affiliation:
    """The club leaves, or the federation ends the membership: either side may."""
    affiliation = Affiliation.objects.select_for_update().select_related(
        "federation", "club").get(pk=affiliation.pk)
    if not (is_federation_admin(actor, affiliation.federation)
            or can_manage_club(actor, affiliation.club)):
        raise FederationError("not_allowed", "Only the federation's admins can do this.")
    if affiliation.status != Status.ACTIVE:
        raise FederationError("not_active", "This club is not a member of the federation now.")
    affiliation.status = Status.ENDED
    affiliation.left_on = timezone.localdate()
    affiliation.save()
    affiliation_decided.send(sender=Affiliation, affiliation=affiliation)
    return affiliation


@transaction.atomic
def add_admin(*, federation: Federation, username: str, actor: AbstractBaseUser
              ) -> AbstractBaseUser:
    _require_admin(actor, federation)
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None:
        raise FederationError("no_such_user", f"There is no account named {username}.",
                              {"username": username, "field": "username"})
    if federation.admins.filter(pk=user.pk).exists():
        raise FederationError("already_admin", f"{username} is already an admin.",
                              {"username": username, "field": "username"})
    federation.admins.add(user)
    return user


@transaction.atomic
def remove_admin(*, federation: Federation, user: AbstractBaseUser, actor: AbstractBaseUser
                 ) -> None:
    _require_admin(actor, federation)
    Federation.objects.select_for_update().filter(pk=federation.pk).first()
    name = user.get_username()
    if not federation.admins.filter(pk=user.pk).exists():
        raise FederationError("not_an_admin", f"{name} is not an admin.", {"username": name})
    if federation.admins.count() <= 1:
        raise FederationError("last_admin", "A federation keeps at least one admin.")
    federation.admins.remove(user)
