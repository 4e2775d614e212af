"""Creating matches by hand (tournaments create theirs through their own services)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from clubs.permissions import AnyUser, can_manage_club
from engine.match import MatchRulesError
from games.models import Match
from games.services.access import is_director
from games.services.errors import NotAllowed, ServiceError

RULE_FIELDS = (
    "variant",
    "length",
    "player1",
    "player2",
    "crawford",
    "holland",
    "jacoby",
    "beavers",
    "cube_enabled",
    "koks",
    "equalisation",
    "draw_points",
    "rated",
)


@transaction.atomic
def create_match(*, club: Club, by: AnyUser, **fields: Any) -> Match:
    """A director of the club creates a match; the rules are checked by the engine."""
    if not can_manage_club(by, club):
        raise NotAllowed(_("Only a director of the club creates its matches."))
    unknown = set(fields) - set(RULE_FIELDS)
    if unknown:
        raise ServiceError("unknown_field", _("Unknown fields: %s") % ", ".join(sorted(unknown)))
    match = Match(club=club, **fields)
    if match.cube_enabled is None:
        match.cube_enabled = match.cube_in_use  # the variant's default
    try:
        match.rules()
    except MatchRulesError as error:
        raise ServiceError(error.code, str(error)) from None
    try:
        match.full_clean()
    except ValidationError as error:
        field, messages = next(iter(error.message_dict.items()))
        raise ServiceError("invalid", messages[0], None if field == "__all__" else field) from None
    match.save()
    return match


__all__ = ["create_match", "is_director"]
