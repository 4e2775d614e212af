"""Match scoring as pure functions over the games (``docs/match-play.md`` §1–§5).

The rules in force travel as data (:class:`MatchRules`); each game is described by what
happened on the cube and how it ended (:class:`GameInput`). :func:`score_match` returns the
running score, the Crawford and post-Crawford games, the end of the match and every
breach of the rules as a :class:`MatchProblem` with a stable code and a sentence naming
the game. The smaller functions (:func:`game_state`, :func:`check_double`,
:func:`apply_double`, :func:`game_points`, :func:`add_game`) are the same rules one step
at a time, for callers that replay a match move by move (``engine.replay``) or record it
game by game (the ``games`` app). Nothing here imports Django.
"""

from engine.match.cube import CubeState, Double, apply_double, check_double
from engine.match.final_score import (
    RECORDED_CUBE_LIMIT,
    ScoreProblem,
    cube_limit,
    final_score_problem,
    highest_winning_score,
    largest_game_points,
)
from engine.match.rules import (
    MAX_MATCH_LENGTH,
    MULTIPLIERS,
    RESPONSES,
    RESULTS_BY_VARIANT,
    GameState,
    MatchProblem,
    MatchRules,
    MatchRulesError,
    Points,
    at_match_point,
    game_state,
    match_winner,
)
from engine.match.scoring import (
    GameInput,
    MatchScore,
    ScoredGame,
    add_game,
    game_points,
    resignation_result,
    resignation_values,
    score_game,
    score_match,
)

__all__ = [
    "MAX_MATCH_LENGTH",
    "MULTIPLIERS",
    "RECORDED_CUBE_LIMIT",
    "RESPONSES",
    "RESULTS_BY_VARIANT",
    "CubeState",
    "Double",
    "GameInput",
    "GameState",
    "MatchProblem",
    "MatchRules",
    "MatchRulesError",
    "MatchScore",
    "Points",
    "ScoreProblem",
    "ScoredGame",
    "add_game",
    "apply_double",
    "at_match_point",
    "check_double",
    "cube_limit",
    "final_score_problem",
    "game_points",
    "game_state",
    "highest_winning_score",
    "largest_game_points",
    "match_winner",
    "resignation_result",
    "resignation_values",
    "score_game",
    "score_match",
]
