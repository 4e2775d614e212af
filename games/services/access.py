"""Who may do what to a match. Checked by the services; templates only hide buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from clubs.permissions import AnyUser, can_manage_club, can_score, player_for

if TYPE_CHECKING:
    from games.models import Match, MatchResult


def seat_of_user(user: AnyUser | None, match: Match) -> int | None:
    """1 or 2 when the login is a player of the match, else None."""
    return match.seat_of(player_for(user))


def is_director(user: AnyUser | None, match: Match) -> bool:
    return can_manage_club(user, match.club)


def is_scorer(user: AnyUser | None, match: Match) -> bool:
    """The club's scorers (and its directors) enter and override results."""
    return can_score(user, match.club)


def can_enter(user: AnyUser | None, match: Match) -> bool:
    """Players of the match, scorers and directors of its club enter games, scores,
    transcripts."""
    return is_scorer(user, match) or seat_of_user(user, match) is not None


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
