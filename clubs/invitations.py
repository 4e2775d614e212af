"""Invitations to a club: by email, or a join link / QR code; expiring, revocable,
single-use or multi-use. Accepting links the account to the club's existing record of
the person when the invitation names one (a claim: the history stays), never a twin.

Only a hash of each token is stored; a forged or mistyped token finds nothing.
"""

from __future__ import annotations

import hashlib
import io
import re
import secrets
from datetime import timedelta

import segno
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from clubs.errors import InvitationError
from clubs.membership import link_account
from clubs.models import Club, Invitation, InvitationUse, Membership, Player
from clubs.permissions import can_manage_club
from clubs.profiles import ensure_player, language_for_recipient
from clubs.public_names import join_club
from outbox.mail import send_email_later

TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{20,64}$")
DEFAULT_DAYS = 14
MAX_DAYS = 90


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def join_path(token: str) -> str:
    return reverse("clubs:join", kwargs={"token": token})


def qr_svg(url: str) -> str:
    """A QR code of `url` as an SVG document (for printing or a phone screen)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=6, border=2, xmldecl=False,
                                    title="QR", svgclass="qr-code")
    return out.getvalue().decode()


@transaction.atomic
def create_invitation(*, club: Club, actor: AbstractBaseUser, kind: str, email: str = "",
                      player: Player | None = None, single_use: bool = True,
                      days: int = DEFAULT_DAYS, base_url: str = "") -> tuple[Invitation, str]:
    """A new invitation and its token (shown once: in the email or on the link).

    An email invitation is single-use and is mailed to `email` (through the background
    path) with the link `base_url` + /join/<token>/. A link naming a `player` is
    single-use too: it is that person's.
    """
    if not can_manage_club(actor, club):
        raise InvitationError("not_a_director", "Only the club's owner and directors invite.")
    if kind not in Invitation.Kind.values:
        raise InvitationError("bad_kind", "An invitation is sent by email or as a link.")
    if not 1 <= days <= MAX_DAYS:
        raise InvitationError("bad_days", "An invitation lasts 1 to 90 days.", {"max": MAX_DAYS})
    email = email.strip()
    if kind == Invitation.Kind.EMAIL:
        try:
            validate_email(email)
        except ValidationError as error:
            raise InvitationError("bad_email", "Enter a valid email address.") from error
    if player is not None:
        if not player.memberships.filter(club=club).exists():
            raise InvitationError("record_not_in_club", "That player is not one of this club's.")
        if player.user_id is not None:
            raise InvitationError("record_has_account",
                                  "This player record already belongs to another account.")
    token = secrets.token_urlsafe(24)
    invitation = Invitation.objects.create(
        club=club, kind=kind, token_hash=token_hash(token), email=email, player=player,
        max_uses=1 if (kind == Invitation.Kind.EMAIL or player or single_use) else None,
        expires_at=timezone.now() + timedelta(days=days), created_by=actor,
    )
    if player is not None and email and not player.email:
        player.email = email
        player.save(update_fields=["email"])
    if kind == Invitation.Kind.EMAIL:
        _send(invitation, base_url.rstrip("/") + join_path(token), actor)
    return invitation, token


def _send(invitation: Invitation, url: str, actor: AbstractBaseUser) -> None:
    context = {"club": invitation.club, "url": url, "invitation": invitation,
               "inviter": actor.get_full_name() or actor.get_username(),
               "player": invitation.player}
    with translation.override(language_for_recipient(email=invitation.email, club=invitation.club)):
        subject = " ".join(render_to_string("clubs/email/invitation_subject.txt", context).split())
        body = render_to_string("clubs/email/invitation_message.txt", context)
    send_email_later(to=[invitation.email], subject=subject, body=body,
                     key=f"invitation:{invitation.pk}")


@transaction.atomic
def revoke_invitation(*, invitation: Invitation, actor: AbstractBaseUser) -> Invitation:
    if not can_manage_club(actor, invitation.club):
        raise InvitationError("not_a_director", "Only the club's owner and directors invite.")
    if invitation.revoked_at is None:
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
    return invitation


def status_of(invitation: Invitation) -> str:
    """open, revoked, expired or used_up."""
    if invitation.revoked_at is not None:
        return "revoked"
    if invitation.max_uses is not None and invitation.uses >= invitation.max_uses:
        return "used_up"
    if invitation.expires_at <= timezone.now():
        return "expired"
    return "open"


def find(token: str, *, lock: bool = False) -> Invitation:
    """The usable invitation with this token; InvitationError saying why not otherwise."""
    invitation = None
    if TOKEN_SHAPE.match(token or ""):
        invitations = Invitation.objects.select_related("club", "player")
        if lock:
            invitations = invitations.select_for_update(of=("self",))
        invitation = invitations.filter(token_hash=token_hash(token)).first()
    if invitation is None:
        raise InvitationError("unknown", "This invitation link is not valid.")
    status = status_of(invitation)
    if status == "revoked":
        raise InvitationError("revoked", "The club withdrew this invitation.",
                              {"club": invitation.club.name})
    if status == "used_up":
        raise InvitationError("used_up", "This invitation has already been used.",
                              {"club": invitation.club.name})
    if status == "expired":
        raise InvitationError("expired", "This invitation expired.",
                              {"club": invitation.club.name,
                               "date": invitation.expires_at.date().isoformat()})
    return invitation


@transaction.atomic
def accept_invitation(*, token: str, user: AbstractBaseUser) -> Player:
    """The account joins the club; as the invitation's player record when it names one."""
    return _accept(find(token, lock=True), user)


def addressed_to(user: AbstractBaseUser) -> list[Invitation]:
    """Open email invitations to one of the account's verified addresses, not yet used
    by it (shown on its home page: accepting them needs no link). One query."""
    from allauth.account.models import EmailAddress
    from django.db.models.functions import Lower

    verified = (EmailAddress.objects.filter(user_id=user.pk, verified=True)
                .annotate(address=Lower("email")).values("address"))
    candidates = (Invitation.objects.annotate(address=Lower("email"))
                  .filter(address__in=verified, kind=Invitation.Kind.EMAIL, revoked_at=None,
                          expires_at__gt=timezone.now())
                  .exclude(acceptances__user=user).select_related("club", "player"))
    return [invitation for invitation in candidates if status_of(invitation) == "open"]


@transaction.atomic
def accept_addressed(*, invitation_id: int, user: AbstractBaseUser) -> Player:
    """Accept an email invitation from the home page: it must be to one of the
    account's verified addresses."""
    allowed = {invitation.pk for invitation in addressed_to(user)}
    invitation = Invitation.objects.select_for_update(of=("self",)).select_related(
        "club", "player").filter(
        pk=invitation_id).first()
    if invitation is None or invitation.pk not in allowed:
        raise InvitationError("unknown", "This invitation link is not valid.")
    return _accept(invitation, user)


def _accept(invitation: Invitation, user: AbstractBaseUser) -> Player:
    club = invitation.club
    if InvitationUse.objects.filter(invitation=invitation, user=user).exists():
        raise InvitationError("already_accepted", "You have already accepted this invitation.")
    if invitation.player_id is not None:
        player = link_account(user=user, player=invitation.player, club=club, by=user)
        claimed = True
    else:
        player = ensure_player(user)
        if Membership.objects.filter(club=club, player=player).exists():
            raise InvitationError("already_member", "You are already a member of this club.",
                                  {"club": club.name})
        join_club(club=club, player=player)
        claimed = False
    InvitationUse.objects.create(invitation=invitation, user=user, player=player, claimed=claimed)
    invitation.uses += 1
    invitation.save(update_fields=["uses"])
    return player
