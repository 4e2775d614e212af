"""Who may do what to a match. Checked by the services; templates only hide buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from clubs.permissions import AnyUser, can_manage_club, can_score, player_for
from games.models import Match

if TYPE_CHECKING:
    from games.models import MatchResult


def seat_of_user(user: AnyUser | None, match: Match) -> int | None:
    """1 or 2 when the login is a player of the match, else None. From the match's players
    when they are loaded with it (the services lock it so): nothing read."""
    if user is None or not user.is_authenticated:
        return None
    loaded = Match.player1.is_cached(match) and Match.player2.is_cached(match)
    if not loaded:
        return match.seat_of(player_for(user))
    for seat, player in ((1, match.player1), (2, match.player2)):
        if player is not None and player.user_id == user.pk:
            return seat
    return None


def is_director(user: AnyUser | None, match: Match) -> bool:
    return can_manage_club(user, match.club)


def is_scorer(user: AnyUser | None, match: Match) -> bool:
    """The club's scorers (and its directors) enter and override results."""
    return can_score(user, match.club)


def can_enter(user: AnyUser | None, match: Match) -> bool:
    """Players of the match, scorers and directors of its club enter games, scores,
    transcripts."""
    return seat_of_user(user, match) is not None or is_scorer(user, match)


def entering_seat(result: MatchResult) -> int | None:
    """The seat of whoever entered a result (None when a non-player entered it)."""
    return seat_of_user(result.entered_by, result.match)


def can_answer_as_opponent(user: AnyUser | None, result: MatchResult) -> bool:
    """A player of the match who did not enter the result."""
    seat = seat_of_user(user, result.match)
    return seat is not None and seat != entering_seat(result)


def can_confirm(user: AnyUser | None, result: MatchResult) -> bool:
    return can_answer_as_opponent(user, result) or is_director(user, result.match)


def can_dispute(user: AnyUser | None, result: MatchResult) -> bool:
    return can_answer_as_opponent(user, result)


def can_override(user: AnyUser | None, match: Match) -> bool:
    return is_scorer(user, match)
