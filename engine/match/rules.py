"""Match rules as data, and what they say about a game before it starts.

``MatchRules`` (match-play.md §1–§5), the result names and multipliers, the running score
helpers and the Crawford rule (:func:`game_state`, §2).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import EngineError

Points = int | float  # half points only come from drawn long-nardy games

MULTIPLIERS: dict[str, int] = {
    "single": 1,
    "gammon": 2,
    "backgammon": 3,
    "oin": 1,
    "mars": 2,
    "koks": 3,
}

RESULTS_BY_VARIANT: dict[str, frozenset[str]] = {
    "backgammon": frozenset({"single", "gammon", "backgammon", "drop", "resign"}),
    "nardy": frozenset({"oin", "mars", "koks", "draw", "drop", "resign"}),
}

RESPONSES = frozenset({"take", "drop", "beaver"})

# The longest match the site records and a tournament plays (a Match ID could hold 32767;
# clubs play 1 to 25). Transcripts of longer matches are still read.
MAX_MATCH_LENGTH = 99


class MatchRulesError(EngineError):
    """A combination of match options that the project does not allow."""


@dataclass(frozen=True)
class MatchRules:
    """The regulation of one match or money session.

    length: points needed to win; 0 is a money session (unlimited games).
    crawford / holland: the match options of §2 and §3.1 (matches only).
    jacoby / beavers: money-session options (§3.4); rejected in matches.
    cube: whether the doubling cube is used (off by default in long nardy).
    koks / last_roll / draw_points: long-nardy scoring options (§5).
    cube_limit: highest cube value allowed, or None for no limit.
    """

    length: int = 0
    variant: str = "backgammon"
    crawford: bool = True
    holland: bool = False
    jacoby: bool = False
    beavers: bool = False
    cube: bool = True
    koks: bool = False
    last_roll: bool = False
    draw_points: Points = 0.5
    cube_limit: int | None = None

    def __post_init__(self) -> None:
        if self.variant not in RESULTS_BY_VARIANT:
            raise MatchRulesError("unknown_variant", f"There is no variant {self.variant!r}.")
        if self.length < 0:
            raise MatchRulesError("bad_match_length", "A match length cannot be negative.")
        if self.length > 0 and (self.jacoby or self.beavers):
            raise MatchRulesError(
                "money_option_in_match",
                "The Jacoby rule and beavers are money-play options; a match cannot use them.",
            )
        if self.variant == "backgammon" and (self.koks or self.last_roll):
            raise MatchRulesError(
                "nardy_option_in_backgammon", "Koks and the last roll are long-nardy options."
            )
        if self.draw_points not in (0.5, 1):
            raise MatchRulesError("bad_draw_points", "A drawn game scores 0.5 or 1 point each.")
        if self.cube_limit is not None and not is_power_of_two(self.cube_limit):
            raise MatchRulesError("bad_cube_limit", "A cube limit is a power of two.")

    @classmethod
    def for_variant(cls, variant: str, length: int, **options: object) -> MatchRules:
        """The defaults of a variant: long nardy plays without the cube unless asked."""
        defaults: dict[str, object] = {"cube": variant != "nardy"}
        defaults.update(options)
        return cls(length=length, variant=variant, **defaults)  # type: ignore[arg-type]

    @property
    def is_match(self) -> bool:
        return self.length > 0


@dataclass(frozen=True)
class MatchProblem:
    code: str
    message: str
    game: int
    double: int | None = None  # index into GameInput.doubles, when a double is at fault


@dataclass(frozen=True)
class GameState:
    """What the rules say about a game before it starts."""

    number: int
    score: tuple[Points, Points]
    crawford: bool
    post_crawford: bool
    match_over: bool


def is_power_of_two(value: int) -> bool:
    return isinstance(value, int) and value >= 1 and value & (value - 1) == 0


def tidy_number(value: Points) -> Points:
    """1.0 -> 1, so scores print as integers whenever they are whole."""
    return int(value) if float(value).is_integer() else value


def at_match_point(score: Points, rules: MatchRules) -> bool:
    return rules.is_match and rules.length - score <= 1


def match_winner(score: tuple[Points, Points], rules: MatchRules) -> int | None:
    """The side that has reached the match length (never both: see add_game)."""
    if not rules.is_match:
        return None
    for side in (0, 1):
        if score[side] >= rules.length:
            return side
    return None


def game_state(
    number: int, score: tuple[Points, Points], crawford_played: bool, rules: MatchRules
) -> GameState:
    """Whether game ``number``, starting at ``score``, is the Crawford game (§2)."""
    over = match_winner(score, rules) is not None
    at_point = [at_match_point(side_score, rules) for side_score in score]
    # Without the cube (long nardy's default) there is no Crawford game to play.
    rule_on = rules.is_match and rules.crawford and rules.cube
    crawford = (
        rule_on
        and not over
        and not crawford_played
        and rules.length > 1
        and at_point.count(True) == 1
    )
    post = rule_on and not crawford and (crawford_played or all(at_point))
    return GameState(number, score, crawford, post and not over, over)
