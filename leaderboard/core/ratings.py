"""FIBS ratings: tournaments.md §6.

One rating list per game type. Every player starts at 1500 with experience 0. For a
match of length n the loser's winning chance was

    P = 1 / (10^((r_winner - r_loser) * sqrt(n) / 2000) + 1)

(the upset probability when the favourite won, its complement when the underdog won);
each side moves by 4 * K * sqrt(n) * P with its own K = max(1, 5 - experience / 100),
experience before the match (the project's ruling), and both gain n experience after.

``replay_ratings`` recomputes a list from the ordered confirmed matches;
``apply_match`` adds one match to a state. Both use ``rate_match``, so they agree.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from tournaments.errors import RatingError

PlayerId = Hashable
START_RATING = 1500.0


@dataclass(frozen=True, slots=True)
class PlayerRating:
    rating: float = START_RATING
    experience: int = 0


NEW_PLAYER = PlayerRating()


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """A completed, rated match (no walkovers, byes, money sessions or chouettes)."""

    winner: PlayerId
    loser: PlayerId
    length: int
    variant: str = "backgammon"


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One match's effect: both players before, and the signed change of each."""

    match: RatedMatch
    winner_before: PlayerRating
    loser_before: PlayerRating
    winner_change: float  # > 0
    loser_change: float  # < 0

    @property
    def winner_after(self) -> PlayerRating:
        return PlayerRating(
            self.winner_before.rating + self.winner_change,
            self.winner_before.experience + self.match.length,
        )

    @property
    def loser_after(self) -> PlayerRating:
        return PlayerRating(
            self.loser_before.rating + self.loser_change,
            self.loser_before.experience + self.match.length,
        )


def upset_probability(rating_difference: float, length: int) -> float:
    """Chance that the lower-rated player wins a match of ``length`` (§6)."""
    return 1.0 / (10.0 ** (abs(rating_difference) * math.sqrt(length) / 2000.0) + 1.0)


def win_probability(rating: float, opponent: float, length: int) -> float:
    """Chance that a player rated ``rating`` beats one rated ``opponent``."""
    return 1.0 / (10.0 ** ((opponent - rating) * math.sqrt(length) / 2000.0) + 1.0)


def experience_factor(experience: float) -> float:
    """K: 5 for a new player, falling to 1 at 400 experience points."""
    return max(1.0, 5.0 - experience / 100.0)


def rate_match(winner: PlayerRating, loser: PlayerRating, length: int) -> tuple[float, float]:
    """The winner's gain and the loser's (negative) change for a match of ``length``."""
    return rate(winner.rating, winner.experience, loser.rating, loser.experience, length)


def rate(winner_rating: float, winner_experience: float, loser_rating: float,
         loser_experience: float, length: int) -> tuple[float, float]:
    """``rate_match`` over plain numbers, for loops over a million matches (the same
    arithmetic in the same order, so both give the same floats)."""
    root = math.sqrt(length)
    surprise = 1.0 / (10.0 ** ((winner_rating - loser_rating) * root / 2000.0) + 1.0)
    step = 4.0 * root * surprise
    return (step * max(1.0, 5.0 - winner_experience / 100.0),
            -step * max(1.0, 5.0 - loser_experience / 100.0))


def _check(match: RatedMatch) -> None:
    if match.winner == match.loser:
        raise RatingError(
            "same_player",
            f"A rated match needs two different players; {match.winner} is on both sides.",
            {"player": match.winner},
        )
    if not isinstance(match.length, int) or match.length < 1:
        raise RatingError(
            "bad_match_length",
            f"Only matches of at least 1 point are rated; this one has length {match.length}.",
            {"length": match.length},
        )


def apply_match(
    state: Mapping[PlayerId, PlayerRating], match: RatedMatch
) -> tuple[dict[PlayerId, PlayerRating], RatingChange]:
    """A new rating state with ``match`` added (players not in ``state`` start at 1500)."""
    _check(match)
    winner = state.get(match.winner, NEW_PLAYER)
    loser = state.get(match.loser, NEW_PLAYER)
    gain, loss = rate_match(winner, loser, match.length)
    change = RatingChange(match, winner, loser, gain, loss)
    updated = dict(state)
    updated[match.winner] = change.winner_after
    updated[match.loser] = change.loser_after
    return updated, change


def replay_ratings(
    matches: Iterable[RatedMatch],
) -> tuple[dict[PlayerId, PlayerRating], list[RatingChange]]:
    """Final ratings and the change of every match, from matches in order of completion.

    All matches must be of one game type; use ``replay_by_variant`` for a mixed list.
    """
    ratings: dict[PlayerId, PlayerRating] = {}
    history: list[RatingChange] = []
    variant = None
    for match in matches:
        _check(match)
        if variant is None:
            variant = match.variant
        elif match.variant != variant:
            raise RatingError(
                "mixed_variants",
                "Each game type has its own rating list; this list mixes "
                f"{variant} and {match.variant}.",
                {"variants": [variant, match.variant]},
            )
        winner = ratings.get(match.winner, NEW_PLAYER)
        loser = ratings.get(match.loser, NEW_PLAYER)
        gain, loss = rate_match(winner, loser, match.length)
        change = RatingChange(match, winner, loser, gain, loss)
        ratings[match.winner] = PlayerRating(winner.rating + gain, winner.experience + match.length)
        ratings[match.loser] = PlayerRating(loser.rating + loss, loser.experience + match.length)
        history.append(change)
    return ratings, history


def replay_by_variant(
    matches: Iterable[RatedMatch],
) -> dict[str, tuple[dict[PlayerId, PlayerRating], list[RatingChange]]]:
    """``replay_ratings`` for each game type of a mixed, ordered list."""
    by_variant: dict[str, list[RatedMatch]] = defaultdict(list)
    for match in matches:
        by_variant[match.variant].append(match)
    return {variant: replay_ratings(listed) for variant, listed in by_variant.items()}
