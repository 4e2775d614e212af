"""The rules of a challenge ladder, as plain Python over plain data (no Django).

A ladder is an ordered list of player ids: index 0 holds position 1 (the top). Every
function returns a new list and leaves its input alone, so the positions are always a
permutation of 1..n. Refusals raise ``LadderError`` with a stable code; the sentences in
the reader's language are ``ladders.messages``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from common.errors import DomainError

# Domain bounds of a ladder's settings (the API, the forms and the model share them).
MAX_REACH = 20
MAX_ANSWER_DAYS = 60
MAX_INACTIVE_DAYS = 730
MAX_OPEN_CHALLENGES = 10
MAX_REMATCH_DAYS = 365
MAX_HANDICAP_STEP = 3000
MAX_EXTENSION_DAYS = 60
DEFAULT_HANDICAP_STEP = 150


REFUSALS_OF_WHO_ASKS = frozenset({"not_allowed", "not_director"})


class LadderError(DomainError):
    """A ladder action the rules refuse (nothing changed): 409, or 403 when it is who
    asks that is refused."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        if self.code in REFUSALS_OF_WHO_ASKS:
            self.status = 403


@dataclass(frozen=True)
class LadderRules:
    """A ladder's settings, as the rules use them.

    ``reach``: how many places above oneself one may challenge; ``answer_days``: the
    days the challenged player has to play; ``inactive_days``: without a challenge for
    that long, a player is dropped (0: never); ``max_open``: open challenges a player may
    have at once (as challenger or challenged); ``rematch_days``: the same two players
    meet again only after that many days; ``handicap_step``: rating points per point of
    handicap (0: no handicap).
    """

    reach: int = 3
    answer_days: int = 7
    inactive_days: int = 30
    max_open: int = 1
    rematch_days: int = 14
    handicap_step: int = 0


def position_of(order: Sequence[int], player: int) -> int:
    """A player's position, from 1 (LadderError when not on the ladder)."""
    try:
        return list(order).index(player) + 1
    except ValueError:
        raise LadderError("not_on_ladder", "This player is not on the ladder.",
                          {"player": player}) from None


def join(order: Sequence[int], player: int, rating: float | None = None,
         ratings: Mapping[int, float] | None = None) -> list[int]:
    """The ladder with ``player`` added: at the bottom, or, when ``rating`` is given, just
    above the first player rated lower (unrated players count as lowest)."""
    if player in order:
        raise LadderError("already_on_ladder", "This player is already on the ladder.",
                          {"player": player})
    result = list(order)
    if rating is None:
        result.append(player)
        return result
    known = ratings or {}
    for index, other in enumerate(result):
        theirs = known.get(other)
        if theirs is None or theirs < rating:
            result.insert(index, player)
            return result
    result.append(player)
    return result


def leave(order: Sequence[int], player: int) -> list[int]:
    """The ladder without ``player``: everyone below moves up one."""
    position_of(order, player)
    return [other for other in order if other != player]


def move_to(order: Sequence[int], player: int, position: int) -> list[int]:
    """The director puts ``player`` at ``position``; the others keep their order."""
    position_of(order, player)
    if not 1 <= position <= len(order):
        raise LadderError("bad_position", "Choose a position from 1 to %(count)s.",
                          {"count": len(order), "field": "position"})
    result = [other for other in order if other != player]
    result.insert(position - 1, player)
    return result


def check_challenge(
    order: Sequence[int],
    challenger: int,
    challenged: int,
    rules: LadderRules,
    *,
    open_counts: Mapping[int, int] | None = None,
    paused: frozenset[int] = frozenset(),
    recent_opponents: frozenset[int] = frozenset(),
) -> None:
    """May ``challenger`` challenge ``challenged``? LadderError with the reason if not.

    ``open_counts``: open challenges per player; ``paused``: players on holiday;
    ``recent_opponents``: whom the challenger met within the rematch days.
    """
    if challenger == challenged:
        raise LadderError("self_challenge", "A player cannot challenge themselves.",
                          {"field": "challenged"})
    mine = position_of(order, challenger)
    theirs = position_of(order, challenged)
    if theirs >= mine:
        raise LadderError("challenge_upward", "Only a player above you can be challenged.",
                          {"field": "challenged"})
    if mine - theirs > rules.reach:
        raise LadderError("out_of_reach",
                          "You may challenge players up to %(reach)s places above you.",
                          {"reach": rules.reach, "field": "challenged"})
    if challenger in paused:
        raise LadderError("challenger_paused", "You are on a break from the ladder.")
    if challenged in paused:
        raise LadderError("challenged_paused", "This player is on a break from the ladder.",
                          {"field": "challenged"})
    counts = open_counts or {}
    if counts.get(challenger, 0) >= rules.max_open:
        raise LadderError("too_many_open",
                          "You already have %(limit)s open challenges, the most allowed.",
                          {"limit": rules.max_open})
    if counts.get(challenged, 0) >= rules.max_open:
        raise LadderError("opponent_busy",
                          "This player already has %(limit)s open challenges, the most allowed.",
                          {"limit": rules.max_open, "field": "challenged"})
    if challenged in recent_opponents:
        raise LadderError("rematch_too_soon",
                          "You played this player less than %(days)s days ago.",
                          {"days": rules.rematch_days, "field": "challenged"})


def after_result(order: Sequence[int], challenger: int, challenged: int,
                 winner: int) -> list[int]:
    """The ladder after a challenge: a challenger who wins from below takes the loser's
    place and everyone from there down to the challenger's old place moves down one.
    Otherwise (the challenged player won, or the challenger is already above) nothing moves."""
    if winner not in (challenger, challenged):
        raise LadderError("winner_not_in_challenge", "The winner is one of the two players.")
    result = list(order)
    loser = challenged if winner == challenger else challenger
    winner_at, loser_at = position_of(result, winner), position_of(result, loser)
    if winner == challenger and winner_at > loser_at:
        result.pop(winner_at - 1)
        result.insert(loser_at - 1, winner)
    return result


@dataclass(frozen=True)
class Handicap:
    """A score spot: ``to`` (a player id) starts the match with ``points``."""

    to: int | None
    points: int


NO_HANDICAP = Handicap(None, 0)


def handicap(first: int, first_rating: float | None, second: int, second_rating: float | None,
             *, length: int, step: int = DEFAULT_HANDICAP_STEP) -> Handicap:
    """The lower-rated player's spot: one point per full ``step`` rating points of
    difference, at most a third of the match length (none when either is unrated, or
    ``step`` is 0)."""
    if step <= 0 or first_rating is None or second_rating is None or length <= 0:
        return NO_HANDICAP
    gap = abs(first_rating - second_rating)
    points = min(int(gap // step), length // 3)
    if points <= 0:
        return NO_HANDICAP
    lower = first if first_rating < second_rating else second
    return Handicap(lower, points)
