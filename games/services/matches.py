"""Creating matches by hand (tournaments create theirs through their own services)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from clubs.permissions import AnyUser, can_manage_club
from engine.match import MAX_MATCH_LENGTH, MatchRulesError
from games.models import Match, Variant
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
    "block_rule",
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
    length = fields.get("length", Match._meta.get_field("length").default)
    if not isinstance(length, int) or not 0 <= length <= MAX_MATCH_LENGTH:
        raise ServiceError(
            "bad_match_length",
            _("A match is 1 to %(highest)s points long (0: an unlimited session).")
            % {"highest": MAX_MATCH_LENGTH},
            "length",
        )
    first, second = fields.get("player1"), fields.get("player2")
    if first is not None and second is not None and first == second:
        raise ServiceError(
            "same_player", _("A match is played by two different players."), "player2"
        )
    match = Match(club=club, **fields)
    if match.rated:
        _require_members(match)
    match.block_rule = match.block_rule or ""  # None or empty: the variant's default
    check_block_rule(match.variant, match.block_rule)
    match.apply_variant_defaults()
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


def _require_members(match: Match) -> None:
    """A rated match moves both players' ratings: a club rates only its own members."""
    for field in ("player1", "player2"):
        player = getattr(match, field)
        if player is not None and not player.memberships.filter(club=match.club).exists():
            raise ServiceError(
                "not_a_member",
                _("%(player)s is not a member of %(club)s: a club's rated matches are "
                  "between its own players. Add them to the club first, or make the match "
                  "unrated.") % {"player": player.display_name, "club": match.club.name},
                field,
            )


def check_block_rule(variant: str, block_rule: str | None) -> None:
    """A six-point block rule only in long nardy: refused, naming the field, when one is
    given for backgammon (empty means the variant's default: none, or the main rule)."""
    if block_rule and variant != Variant.NARDY:
        raise ServiceError(
            "block_rule_needs_nardy",
            _("The six-point block rule is a long-nardy rule; leave it empty for backgammon."),
            "block_rule",
        )


__all__ = ["check_block_rule", "create_match", "is_director"]
