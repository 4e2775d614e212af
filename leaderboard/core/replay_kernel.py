"""The rating replay over arrays, compiled with numba: a whole list in one call.

``replay_arrays`` runs ``ratings.rate`` (compiled from the same source, so the same
arithmetic in the same order gives the same floats) over matches given as arrays of
player positions, and returns both sides of every match in the order the rows are
written: the winner's, then the loser's. The players' states (rating, experience,
rated matches) are arrays the call carries on, so a list can be replayed in parts.

Compiled functions are kept in numba's cache on disk, as the engine's are; the first
call after a change of this file compiles them again (a few seconds). numba checks only
the file a cached function is defined in, so ``_replay`` (which inlines ``rate``, defined
in ``ratings.py``) would keep an old formula after ``rate`` changed: the digest of
``rate``'s source is written here (``RATE_SOURCE``), and while it differs nothing is
cached (a test fails until the digest here is brought up to date, which changes this file).
"""

from __future__ import annotations

import hashlib
import inspect
from dataclasses import dataclass

import numpy as np
from numba import njit

from leaderboard.core.ratings import START_RATING, rate

RATE_SOURCE = "36b5fceff6e239bf32b9835a1f7a12097e968e93438bf5ec0ff8b60524612fcd"


def rate_source_digest() -> str:
    """The SHA-256 of ``ratings.rate``'s source, as ``RATE_SOURCE`` must give it."""
    return hashlib.sha256(inspect.getsource(rate).encode()).hexdigest()


_CACHED = rate_source_digest() == RATE_SOURCE
_rate = njit(cache=_CACHED)(rate)


@dataclass(frozen=True, slots=True)
class Sides:
    """Both sides of each match: row ``2 * i`` is match ``i``'s winner, ``2 * i + 1`` its
    loser. ``experience`` is after the match."""

    before: np.ndarray  # float64
    after: np.ndarray  # float64
    delta: np.ndarray  # float64
    experience: np.ndarray  # int64


@dataclass(frozen=True, slots=True)
class States:
    """Every player's current rating, experience and count of rated matches, by position."""

    rating: np.ndarray  # float64
    experience: np.ndarray  # int64
    matches: np.ndarray  # int64

    @classmethod
    def new(cls, players: int) -> States:
        return cls(np.full(players, START_RATING), np.zeros(players, np.int64),
                   np.zeros(players, np.int64))


@njit(cache=_CACHED)
def _replay(winners: np.ndarray, losers: np.ndarray, lengths: np.ndarray, rating: np.ndarray,
            experience: np.ndarray, matches: np.ndarray, before: np.ndarray, after: np.ndarray,
            delta: np.ndarray, experience_after: np.ndarray) -> None:
    for i in range(winners.shape[0]):
        winner = winners[i]
        loser = losers[i]
        length = lengths[i]
        # both states are read before either is written, as the Python replay does
        winner_rating, winner_experience = rating[winner], experience[winner]
        loser_rating, loser_experience = rating[loser], experience[loser]
        gain, loss = _rate(winner_rating, winner_experience, loser_rating, loser_experience,
                           length)
        row = 2 * i
        before[row], delta[row] = winner_rating, gain
        after[row] = rating[winner] = winner_rating + gain
        experience_after[row] = experience[winner] = winner_experience + length
        before[row + 1], delta[row + 1] = loser_rating, loss
        after[row + 1] = rating[loser] = loser_rating + loss
        experience_after[row + 1] = experience[loser] = loser_experience + length
        matches[winner] += 1
        matches[loser] += 1


def replay_arrays(winners: np.ndarray, losers: np.ndarray, lengths: np.ndarray,
                  states: States) -> Sides:
    """Replay matches in order (``winners``/``losers``: positions in ``states``, which are
    updated; ``lengths``: points), giving both sides of every match."""
    rows = 2 * len(winners)
    sides = Sides(np.empty(rows), np.empty(rows), np.empty(rows), np.empty(rows, np.int64))
    _replay(np.ascontiguousarray(winners, np.int64), np.ascontiguousarray(losers, np.int64),
            np.ascontiguousarray(lengths, np.int64), states.rating, states.experience,
            states.matches, sides.before, sides.after, sides.delta, sides.experience)
    return sides


def warm() -> None:
    """Compile (or load from the cache) the kernels, so that the first rebuild from
    nothing does not wait for them (``make setup`` runs it with the engine's)."""
    matches = np.array([[0, 1, 1]], np.int64)
    replay_arrays(matches[:, 0], matches[:, 1], matches[:, 2], States.new(2))

