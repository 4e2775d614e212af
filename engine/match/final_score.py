"""Which final scores a match can end with (match-play.md §1.3, §3.3, §5).

A match ends with the game that takes one player to the match length ``N``. Before that
game both players were below ``N``, so the loser's final score is below ``N`` and the
winner's is at most ``N − 1`` plus the points of one game. A game is worth at most the
largest result multiplier times the cube: 3 (backgammon, or koks in long nardy with the
koks option; 2, a mars, without it), times the highest cube the match allows.

**The cube limit of recorded matches.** Redoubles are unlimited in the rules (§3.3), but a
match recorded on the site cannot have a cube above :data:`RECORDED_CUBE_LIMIT` (64) unless
its rules set a lower limit. A cube above 64 in a match to at most 99 points is far
beyond any reasonable play (the cube is dead long before), so the cap costs nothing real
and keeps every score finite and small: in a 5-point match the winner has at most
4 + 3 × 64 = 196 points. A match played without the cube has at most 2 points per game
(3 with koks).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.match.rules import MatchRules, Points, tidy_number

RECORDED_CUBE_LIMIT = 64


def cube_limit(rules: MatchRules) -> int:
    """The highest cube value a game of this match can reach."""
    if not rules.cube:
        return 1
    if rules.cube_limit is None:
        return RECORDED_CUBE_LIMIT
    return min(rules.cube_limit, RECORDED_CUBE_LIMIT)


def largest_multiplier(rules: MatchRules) -> int:
    """3 for a backgammon (or a koks when koks is in use), else 2 for a mars."""
    if rules.variant == "nardy" and not rules.koks:
        return 2
    return 3


def largest_game_points(rules: MatchRules) -> Points:
    """The most points one game of this match can be worth."""
    return largest_multiplier(rules) * cube_limit(rules)


def highest_winning_score(rules: MatchRules) -> Points:
    """The highest final score of a match's winner: ``N − 1`` plus the largest game.

    With half points (drawn long-nardy games worth 0.5) the score before the last game
    can be ``N − 0.5``.
    """
    before_last_game: Points = rules.length - (0.5 if halves_possible(rules) else 1)
    return before_last_game + largest_game_points(rules)


def halves_possible(rules: MatchRules) -> bool:
    """Half points exist only in long nardy with the last roll and draws worth 0.5."""
    return rules.variant == "nardy" and rules.last_roll and rules.draw_points == 0.5


@dataclass(frozen=True)
class ScoreProblem:
    """Why a final score is impossible: a stable code, a sentence, the side at fault
    (0 or 1, None for the score as a whole) and the numbers the sentence uses."""

    code: str
    message: str
    side: int | None = None
    length: Points = 0
    highest: Points = 0
    start: Points = 0


def final_score_problem(
    score: tuple[Points, Points],
    rules: MatchRules,
    start_score: tuple[Points, Points] = (0, 0),
) -> ScoreProblem | None:
    """None if ``score`` can be the final score of a match played under ``rules``.

    Checked: both values are finite, non-negative and in whole (or, where draws give
    half points, half) points; in a match, exactly one player has reached the length,
    and the winner's total is reachable with one last game (see the module's docstring).
    A money session (``N = 0``) has no final score to check beyond the first three.
    ``start_score``: the score the match started at (a handicap's spot); nobody ends
    below their own.
    """
    for side, value in enumerate(score):
        if not isinstance(value, int) and not math.isfinite(value):
            return ScoreProblem("score_not_a_number", "A score is a number of points.", side)
        if value < 0:
            return ScoreProblem("negative_score", "A score cannot be negative.", side)
        if not _in_steps(value, halves_possible(rules)):
            return ScoreProblem("bad_score", "Scores are whole points in this match.", side)
    if not rules.is_match:
        return None
    for side, (value, start) in enumerate(zip(score, start_score, strict=True)):
        if value < start:
            return ScoreProblem(
                "below_start_score",
                f"This player started the match with {tidy_number(start)} points; the final "
                "score cannot be lower.",
                side,
                start=start,
            )
    length = rules.length
    if min(score) >= length:
        return ScoreProblem(
            "impossible_score",
            f"In a {length}-point match only one player can reach {length}.",
            length=length,
        )
    if max(score) < length:
        return ScoreProblem(
            "match_unfinished",
            f"Nobody has reached {length} points: the match is not over.",
            length=length,
        )
    highest = highest_winning_score(rules)
    winner = 0 if score[0] >= length else 1
    if score[winner] > highest:
        largest = largest_game_points(rules)
        return ScoreProblem(
            "score_too_high",
            f"In a {length}-point match the winner has at most {tidy_number(highest)} points: "
            f"{tidy_number(highest - largest)} before the last game and at most {largest} "
            "from it.",
            winner,
            length=length,
            highest=highest,
        )
    return None


def _in_steps(value: Points, halves: bool) -> bool:
    """Whole points, or half points where draws give them (exact for ints of any size)."""
    if isinstance(value, int):
        return True
    return float(value * 2 if halves else value).is_integer()
