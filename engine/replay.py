"""Replaying a whole match record with the engine (engine-contract.md, ``check``).

Every play is checked on the board (``engine.transcript.moves``), every cube action with
the match rules (``engine.match``), and every game result against the final position.
The answer, :class:`MatchVerdict`, is exactly the JSON object of ``python -m engine
check``. The judging of a game stops at its first error and that game is not counted;
the games after it are judged from their own start (as GNU Backgammon judges a file).
A transcript that stops before the match is over is valid when every action in it is.
"""

from __future__ import annotations

from typing import Any

from engine.match import MatchRules, Points, add_game, game_state, match_winner
from engine.transcript.game_replay import GameReplay
from engine.transcript.model import DRAW, Action, GameRecord, MatchRecord, format_score
from engine.transcript.verdict import CheckError, GameVerdict, MatchVerdict
from engine.variants import get_variant

__all__ = ["CheckError", "GameVerdict", "MatchVerdict", "replay"]


class MatchReplay:
    """The match around the games: running score, Crawford state, score lines, errors."""

    def __init__(self, record: MatchRecord, rules: MatchRules, variant_rules: Any,
                 start_score: tuple[Points, Points] = (0, 0)) -> None:
        self.record, self.rules, self.variant_rules = record, rules, variant_rules
        self.start_score = start_score
        self.variant = get_variant(record.variant, variant_rules)
        self.names = record.players
        self.errors: list[CheckError] = []
        self.moves_checked = 0
        # A game whose judging stopped at an error is not counted, so the score lines
        # after it cannot be held to the running total.
        self.uncounted = False

    def last_game(self, game: GameRecord) -> bool:
        """Whether ``game`` is the transcript's last: a transcript may stop in the middle
        of it (a match that stops before the end)."""
        return bool(self.record.games) and game is self.record.games[-1]

    def error(
        self,
        game: int,
        action: Action | None,
        code: str,
        reason: str,
        turn: int = 0,
        text: str = "",
    ) -> None:
        if action is not None:
            player: str | None = None if action.kind == DRAW else self.names[action.player]
            self.errors.append(CheckError(game, action.turn, player, action.text, reason, code))
        else:
            self.errors.append(CheckError(game, turn, None, text, reason, code))

    def run(self) -> MatchVerdict:
        score: tuple[Points, Points] = self.start_score
        crawford_played = False
        verdicts: list[GameVerdict] = []
        for game in self.record.games:
            state = game_state(game.number, score, crawford_played, self.rules)
            if state.match_over:
                winner = self.names[match_winner(score, self.rules) or 0]
                self.error(
                    game.number,
                    None,
                    "game_after_match_end",
                    f"Game {game.number} was played after {winner} had won the match.",
                )
                break
            self.check_score_line(game, score)
            replay = GameReplay(self, game, state)
            replay.run()
            crawford_played = crawford_played or state.crawford
            if replay.stopped:
                self.uncounted = True
                continue
            if replay.ended is None:
                break
            winner, result, points = replay.ended
            score = add_game(score, winner, points, self.rules)
            verdicts.append(
                GameVerdict(
                    game.number,
                    self.names[winner] if winner is not None else None,
                    points,
                    result,
                    replay.cube.value,
                    state.crawford,
                )
            )
        # A transcript that stops before anyone reaches the length is valid when every
        # action in it is (engine-contract.md); ``winner`` is then null.
        champion = match_winner(score, self.rules)
        return MatchVerdict(
            self.record.variant,
            self.record.match_length,
            self.names,
            score,
            self.names[champion] if champion is not None else None,
            tuple(verdicts),
            tuple(self.errors),
            self.moves_checked,
        )

    def check_score_line(self, game: GameRecord, score: tuple[Points, Points]) -> None:
        if game.score is None or game.score == score or self.uncounted:
            return
        if not self.rules.is_match:  # a money session's score lines need not add up
            return
        written = f"{format_score(game.score[0])}-{format_score(game.score[1])}"
        actual = f"{format_score(score[0])}-{format_score(score[1])}"
        if self.rules.is_match and max(game.score) >= self.rules.length:
            reason = (
                f"The score line of game {game.number} says {written}, but a "
                f"{self.rules.length}-point match is over once a player reaches "
                f"{self.rules.length}; the games before it make {actual}."
            )
        else:
            reason = (
                f"The score line of game {game.number} says {written}, but the games "
                f"before it make {actual}."
            )
        text = (
            f"{self.names[0]} : {format_score(game.score[0])}  {self.names[1]} : "
            f"{format_score(game.score[1])}"
        )
        self.error(game.number, None, "score_line_mismatch", reason, text=text)


def variant_rules_for(record: MatchRecord, rules: MatchRules | None = None,
                      block_rule: str | None = None) -> Any:
    """The game-rule options of the record's variant (long nardy's NardyRules): the
    koks and last-roll options of ``rules`` (the record's own when None) and the six-point
    block regulation ``block_rule`` (the record's ``BlockRule`` tag when None, else the
    rules' default), one of ``engine.nardy.rules.BLOCK_RULES``."""
    if record.variant != "nardy":
        return None
    from engine.nardy.rules import NardyRules

    rules = rules or record.rules
    block = block_rule or record.option("BlockRule", "ahead").lower()
    return NardyRules(block_rule=block, koks=rules.koks, last_roll=rules.last_roll)


def replay(record: MatchRecord, rules: MatchRules | None = None,
           block_rule: str | None = None,
           start_score: tuple[Points, Points] = (0, 0)) -> MatchVerdict:
    """Replay every game of ``record``; ``rules`` overrides the record's match rules and
    ``block_rule`` its long-nardy block regulation (an event's regulation, say), but not
    its variant. ``start_score`` (left column first): the score the match started at, a
    handicap's spot; the first game's score line must say it, and the Crawford game comes
    as from any other score (match-play.md §2)."""
    match_rules = rules or record.rules
    variant_rules = variant_rules_for(record, match_rules, block_rule)
    return MatchReplay(record, match_rules, variant_rules, start_score).run()
