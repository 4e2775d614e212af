"""Writes of the federations app: one function per action, each atomic, each checking
who acts (a federation admin for the federation's side, a director of the club for
the club's side; anyone signed in starts a federation). Errors are FederationError
(``not_allowed``: 403)."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import formats, timezone

from clubs.models import Club
from clubs.permissions import can_manage_club
from common.slugs import unique_slug
from federations.errors import FederationError
from federations.models import Affiliation, Federation
from federations.permissions import is_federation_admin
from federations.signals import affiliation_asked, affiliation_decided

Side = Affiliation.Side
Status = Affiliation.Status

FEDERATION_FIELDS = ("name", "country", "description", "is_public")


def _set_fields(federation: Federation, fields: dict[str, Any]) -> None:
    for field, value in fields.items():
        if field not in FEDERATION_FIELDS:
            raise TypeError(field)
        if field == "is_public":
            federation.is_public = bool(value)
        elif field == "name":
            federation.name = " ".join(str(value).split())
        else:
            setattr(federation, field, str(value).strip())
    if not federation.name:
        raise FederationError("name_required", "A federation needs a name.", field="name")
    try:
        federation.full_clean(exclude=["slug"])
    except ValidationError as error:  # too long: the forms and the API check first
        field, messages = next(iter(error.message_dict.items()))
        raise FederationError("invalid", messages[0], field=field) from None


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
def start_federation(*, actor: AbstractBaseUser, name: str, country: str = "",
                     description: str = "", is_public: bool = True) -> Federation:
    """A new federation; whoever starts it is its first admin. Its address (slug) comes
    from its name and stays when the name changes."""
    federation = Federation()
    _set_fields(federation, {"name": name, "country": country, "description": description,
                             "is_public": is_public})
    for _attempt in range(3):  # two people starting one name at once: the next number
        federation.slug = unique_slug(Federation.objects.all(), federation.name, "federation")
        try:
            with transaction.atomic():
                federation.save()
            break
        except IntegrityError:
            federation.pk = None
    else:
        raise FederationError("busy", "Too many federations of this name are being started "
                              "at once; try again.", field="name")
    federation.admins.add(actor)
    return federation


@transaction.atomic
def update_federation(*, federation: Federation, actor: AbstractBaseUser,
                      **fields: Any) -> Federation:
    """Its admins edit its name, country, about text and whether it is listed."""
    _require_admin(actor, federation)
    federation = Federation.objects.select_for_update().get(pk=federation.pk)
    _set_fields(federation, fields)
    federation.save()
    return federation


def _day(day: datetime.date) -> str:
    return formats.date_format(day, "DATE_FORMAT")


@transaction.atomic
def correct_membership_dates(*, affiliation: Affiliation, actor: AbstractBaseUser,
                             joined_on: datetime.date, left_on: datetime.date | None = None
                             ) -> Affiliation:
    """A federation admin corrects when a club joined (a club affiliated for years before
    the site existed) and, for a membership that ended, when it left. The days decide
    which of the club's events count for the federation (``selectors.member_on``)."""
    affiliation = Affiliation.objects.select_for_update().select_related(
        "federation", "club").get(pk=affiliation.pk)
    _require_admin(actor, affiliation.federation)
    if affiliation.status not in (Status.ACTIVE, Status.ENDED):
        raise FederationError("not_a_membership",
                              "Only an accepted membership has dates to correct.")
    today = timezone.localdate()
    if joined_on is None:
        raise FederationError("joined_on_required", "Give the day the club joined.",
                              field="joined_on")
    for field, day in (("joined_on", joined_on), ("left_on", left_on)):
        if day is not None and day > today:
            raise FederationError("date_in_future", f"{_day(day)} is in the future.",
                                  {"day": _day(day)}, field=field)
    if affiliation.status == Status.ACTIVE and left_on is not None:
        raise FederationError("still_a_member", "The club is still a member: end the "
                              "membership to give the day it left.", field="left_on")
    if affiliation.status == Status.ENDED and left_on is None:
        raise FederationError("left_on_required", "Give the day the club left.",
                              field="left_on")
    if left_on is not None and left_on < joined_on:
        raise FederationError("left_before_joined", "The club cannot leave before it joined.",
                              {"joined": _day(joined_on), "left": _day(left_on)},
                              field="left_on")
    overlapping = affiliation.federation.affiliations.filter(
        club=affiliation.club, status__in=(Status.ACTIVE, Status.ENDED),
        joined_on__isnull=False,
    ).exclude(pk=affiliation.pk).filter(
        Q(left_on__isnull=True) | Q(left_on__gte=joined_on))
    if left_on is not None:
        overlapping = overlapping.filter(joined_on__lte=left_on)
    other = overlapping.order_by("joined_on").first()
    if other is not None:
        raise FederationError(
            "memberships_overlap", "These dates overlap another membership of the club.",
            {"joined": _day(other.joined_on),
             "left": _day(other.left_on) if other.left_on else "—"}, field="joined_on")
    affiliation.joined_on, affiliation.left_on = joined_on, left_on
    affiliation.save(update_fields=["joined_on", "left_on"])
    return affiliation


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
