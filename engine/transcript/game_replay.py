"""Replaying one game of a match record: moves on the board, the cube, the result.

``engine.replay`` drives it game by game; see there for the conventions of the answer.
As GNU Backgammon judges a file, the judging of a game stops at its first error (an
illegal or unwritten play, a cube action or ``Wins`` line the rules forbid): what follows
cannot be known, and the game's result is not counted.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from engine.match import (
    CubeState,
    Double,
    MatchRules,
    Points,
    apply_double,
    check_double,
    game_points,
    resignation_result,
    resignation_values,
)
from engine.transcript.model import (
    BEAVER,
    DOUBLE,
    DRAW,
    DROP,
    MOVE,
    NOT_WRITTEN,
    RACCOON,
    TAKE,
    WIN,
    Action,
    GameRecord,
    MatchRecord,
    format_score,
)
from engine.transcript.moves import check_move, claim, legal_results, settle


class MatchContext(Protocol):
    """What a game's replay needs from the match around it (``engine.replay.MatchReplay``
    provides it; named here so this module does not import the one that drives it)."""

    record: MatchRecord
    rules: MatchRules
    variant_rules: Any
    variant: Any
    names: tuple[str, str]
    moves_checked: int

    def error(
        self, game: int, action: Action | None, code: str, reason: str, turn: int = 0,
        text: str = "",
    ) -> None: ...

    def last_game(self, game: GameRecord) -> bool: ...


class GameReplay:
    """The state of one game while its actions are replayed."""

    def __init__(self, replay: MatchContext, game: GameRecord, state: Any) -> None:
        self.replay, self.game, self.state = replay, game, state
        self.board = replay.variant.start_board()
        self.on_roll: int | None = None  # whose point of view board[1] is
        self.to_move: int | None = None
        self.first_mover: int | None = None
        self.turns = [0, 0]
        self.cube = CubeState()
        self.pending: Action | None = None
        self.beavered: Action | None = None  # a beaver that a raccoon may answer now
        self.finished: tuple[int | None, str] | None = None  # bore off: (winner, result)
        self.extra_turn_for: int | None = None
        self.broken = False  # an illegal play: positions after it are unknown
        self.dropped: int | None = None  # the doubler whose double was dropped
        self.ended: tuple[int | None, str, Points] | None = None  # (winner, result, points)
        self.last_turn = 0
        self.moves_played = 0
        # The first error ends the judging of the game, as GNU Backgammon's import stops
        # at the first move it cannot play: nothing after it can be known, and the game's
        # result is not counted.
        self.stopped = False
        self.next_action: Action | None = None
        # (board before, claimed board, legal results) of the first moves, see prefetch
        self.prefetched: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        self.handlers = {
            MOVE: self.move,
            DOUBLE: self.double,
            TAKE: self.answer,
            DROP: self.answer,
            BEAVER: self.beaver,
            RACCOON: self.raccoon,
            WIN: self.win,
            DRAW: self.draw,
        }

    def error(self, action: Action | None, code: str, reason: str) -> None:
        if not self.stopped:
            self.replay.error(self.game.number, action, code, reason)
        self.stopped = True

    def prefetch(self) -> None:
        """Carry out the game's plays as written, up to the first one that needs the
        engine's judgement, and fetch the legal results of all of them in one call."""
        variant, rules = self.replay.variant, self.replay.variant_rules
        board, on_roll = variant.start_board(), None
        befores: list[np.ndarray] = []
        dice: list[tuple[int, int]] = []
        claims: list[np.ndarray] = []
        for action in self.game.actions:
            if action.kind != MOVE:
                continue
            assert action.dice is not None
            if on_roll is not None and on_roll != action.player:
                board = np.ascontiguousarray(board[::-1])
            on_roll = action.player
            claimed = claim(variant, board, action.dice, action.play, rules)
            if claimed is None:
                break
            befores.append(board)
            dice.append(action.dice)
            claims.append(claimed)
            board = claimed
        if befores:
            # every claimed board is a position (``claim``), so all can be generated from
            results = legal_results(variant, befores, dice, rules)
            self.prefetched = list(zip(befores, claims, results, strict=True))

    def run(self) -> None:
        self.prefetch()
        actions = self.game.actions
        for index, action in enumerate(actions):
            if self.stopped:
                return
            self.next_action = actions[index + 1] if index + 1 < len(actions) else None
            self.last_turn = action.turn
            over = self.ended is not None or self.dropped is not None and action.kind != WIN
            if over:
                self.error(
                    action, "action_after_game_end", f"Game {self.game.number} was already over."
                )
                return
            handler = self.handlers[action.kind]
            if action.kind != RACCOON:
                self.beavered = None
            if self.pending is not None and action.kind not in (TAKE, DROP, BEAVER):
                self.error(
                    action,
                    "double_not_answered",
                    "A double must be taken or dropped before play goes on.",
                )
                self.pending = None
            handler(action)
        if self.stopped:
            return
        if self.ended is None and self.dropped is not None:
            self.ended = (self.dropped, "drop", self.cube.value)
        if self.ended is None and self.finished is not None and not self.broken:
            self.missing_result(*self.finished)
        if self.ended is None and not self.replay.last_game(self.game):
            self.replay.error(
                self.game.number,
                None,
                "game_unfinished",
                f"The transcript ends before game {self.game.number} is over.",
                turn=self.last_turn,
            )
            self.stopped = True

    # --- moves -----------------------------------------------------------------------

    def move(self, action: Action) -> None:
        player = action.player
        if action.play == NOT_WRITTEN:
            self.error(action, "play_not_written", f"The play is not written ({action.text}).")
            return
        if not action.play and self.resigns_after_rolling(action):
            self.to_move = 1 - player
            return
        if self.finished is not None and self.extra_turn_for != player:
            self.error(action, "game_already_over", "Somebody has already borne off every checker.")
            self.broken = True
        if self.to_move is not None and player != self.to_move:
            self.error(action, "out_of_turn", f"It was {self.replay.names[1 - player]}'s turn.")
        if self.first_mover is None:
            self.first_mover = player
            assert action.dice is not None
            if self.replay.variant.name == "backgammon" and action.dice[0] == action.dice[1]:
                # rules-backgammon.md §12 B27: equal opening dice are rolled again
                self.error(
                    action,
                    "opening_doublet",
                    "The opening roll is never a doublet: equal dice are rolled again.",
                )
        self.to_move = 1 - player
        self.turns[player] += 1
        if self.broken:
            return
        if self.on_roll is not None and self.on_roll != player:
            self.board = np.ascontiguousarray(self.board[::-1])
        self.on_roll = player
        assert action.dice is not None
        self.replay.moves_checked += 1
        self.moves_played += 1
        board = self.settled(self.moves_played - 1)
        if board is None:
            result = check_move(
                self.replay.variant, self.board, action.dice, action.play, self.replay.variant_rules
            )
            if not result.legal:
                self.error(action, result.code, result.reason)
                self.broken = True
                return
            assert result.board is not None
            board = result.board
        self.board = board
        if self.extra_turn_for == player:  # long nardy's last roll has been played
            self.extra_turn_for = None
            if self.outcome() == "draw":
                self.finished = (None, "draw")
            else:  # the first mover wins; the result is taken after the last roll
                flipped = np.ascontiguousarray(self.board[::-1])
                self.finished = (1 - player, self.replay.variant.outcome(flipped) or "")
            return
        if "/0" not in action.play and "/o" not in action.play.lower():
            return  # nothing was borne off, so nobody has finished
        outcome = self.outcome()
        if outcome is None:
            return
        extra = getattr(self.replay.variant, "extra_turn", None)
        if extra is not None and extra(self.board, player == self.first_mover):
            self.extra_turn_for = 1 - player
        else:
            self.finished = (player, outcome)

    def resigns_after_rolling(self, action: Action) -> bool:
        """A roll with no play written, followed at once by the opponent's ``Wins`` line:
        the roller resigned instead of playing (how the `.mat` layout writes it)."""
        following = self.next_action
        return following is not None and following.kind == WIN and following.player != action.player

    def settled(self, index: int) -> np.ndarray | None:
        """The legal result of the ``index``-th move from the prefetched ones, if the
        move starts from the position the prefetch assumed and its claim is legal."""
        if index >= len(self.prefetched):
            return None
        before, claimed, results = self.prefetched[index]
        if before.tobytes() != self.board.tobytes():
            return None
        return settle(before, claimed, results)

    def outcome(self) -> str | None:
        return self.replay.variant.outcome(self.board)

    # --- the cube --------------------------------------------------------------------

    def double(self, action: Action) -> None:
        names = self.replay.names
        if self.to_move is None and self.replay.variant.name == "backgammon":
            self.error(
                action,
                "double_before_opening_roll",
                "Nobody may double before the opening roll has been played.",
            )
        elif self.to_move is not None and action.player != self.to_move:
            self.error(
                action,
                "double_out_of_turn",
                f"A double is offered at the start of one's own turn, before rolling; "
                f"it was {names[self.to_move]}'s turn.",
            )
        offer = Double(
            action.player, int(action.value), "take", completed_turns=(self.turns[0], self.turns[1])
        )
        fault = check_double(self.state, self.cube, offer, self.replay.rules, names)
        if fault is not None:
            self.error(action, fault.code, fault.message)
        self.pending = action
        if self.to_move is None:
            self.to_move = action.player

    def answer(self, action: Action) -> None:
        pending = self.pending
        if pending is None or pending.player == action.player:
            word = "take" if action.kind == TAKE else "drop"
            self.error(
                action,
                f"{word}_without_double",
                f"There is no double by {self.replay.names[1 - action.player]} to {word}.",
            )
            return
        self.pending = None
        if action.kind == TAKE:
            self.cube = apply_double(self.cube, Double(pending.player, int(pending.value), "take"))
        else:
            self.dropped = pending.player

    def beavers_allowed(self) -> bool:
        rules = self.replay.rules
        return rules.beavers or not rules.is_match and self.replay.record.beavers_unknown

    def beaver(self, action: Action) -> None:
        pending = self.pending
        if not self.beavers_allowed() or pending is None or pending.player == action.player:
            self.error(
                action, "beaver_not_allowed", "A beaver answers a double, in money play only."
            )
            return
        self.pending = None
        if action.value != 2 * pending.value:
            self.error(
                action,
                "double_not_twice_cube",
                f"A beaver turns the cube from {pending.value} to {2 * pending.value}.",
            )
        self.cube = CubeState(int(action.value), action.player, turned=True)
        self.beavered = action

    def raccoon(self, action: Action) -> None:
        beaver = self.beavered
        if not self.beavers_allowed() or beaver is None or beaver.player == action.player:
            self.error(
                action,
                "raccoon_not_allowed",
                "A raccoon answers the opponent's beaver at once, in money play only.",
            )
            return
        self.beavered = None
        if action.value != 2 * beaver.value:
            self.error(
                action,
                "double_not_twice_cube",
                f"A raccoon turns the cube from {beaver.value} to {2 * beaver.value}.",
            )
        self.cube = CubeState(int(action.value), action.player, turned=True)

    # --- the end of the game -----------------------------------------------------------

    def win(self, action: Action) -> None:
        names, cube = self.replay.names, self.cube.value
        points = action.value
        if self.dropped is not None:
            if action.player != self.dropped:
                self.error(
                    action,
                    "wrong_winner",
                    f"The dropped double was {names[self.dropped]}'s, so "
                    f"{names[self.dropped]} wins the game.",
                )
            if points != cube and self.capped(self.dropped, points, cube):
                points = cube
            if points != cube:
                self.error(
                    action,
                    "points_do_not_fit_result",
                    f"A dropped double wins the cube value before the double, {cube} "
                    f"point{'s' if cube != 1 else ''}, not {format_score(points)}.",
                )
            self.ended = (self.dropped, "drop", points)
            return
        if self.finished is not None and not self.broken:
            winner, result = self.finished
            if winner is None:
                self.error(
                    action,
                    "wrong_winner",
                    f"Game {self.game.number} is a draw: both sides bore off every checker.",
                )
            elif winner != action.player:
                self.error(
                    action,
                    "wrong_winner",
                    f"{names[winner]} won game {self.game.number}, not {names[action.player]}.",
                )
            expected = game_points(result, cube, self.replay.rules, self.cube.turned)
            if (
                expected is not None
                and expected != points
                and self.replay.record.jacoby_unknown
                and not self.cube.turned
                and points == cube
            ):
                expected = points  # the Jacoby rule may have been in force (§3.4)
            if expected is not None and winner is not None and self.capped(winner, points, expected):
                points = expected
            if expected is not None and expected != points:
                self.error(
                    action,
                    "points_do_not_fit_result",
                    f"A {result} with the cube at {cube} is worth {format_score(expected)} "
                    f"point{'s' if expected != 1 else ''}, not {format_score(points)}.",
                )
        elif self.extra_turn_for is not None:
            self.error(
                action,
                "last_roll_missing",
                f"{names[self.extra_turn_for]} is owed the last roll before the game ends.",
            )
            result = "resign"
        else:
            result = "resign" if not self.broken else self.written_result(points)
            if resignation_result(points, cube, self.replay.rules) is None:
                points = self.capped_resignation(action.player, points)
            if resignation_result(points, cube, self.replay.rules) is None:
                self.error(
                    action,
                    "points_do_not_fit_result",
                    f"A resignation is worth {resignation_values(self.replay.rules)} times "
                    f"the cube ({cube}), not {format_score(points)} points.",
                )
        self.ended = (action.player, result, points)

    def capped(self, winner: int, written: Points, worth: Points) -> bool:
        """Whether ``written`` points for a game worth ``worth`` are what ``winner`` needed
        to reach the match length: Backgammon Galaxy and Studio write the points needed
        in the match's last game, GNU Backgammon the full value; both are valid, and the
        game counts its full value (engine-contract.md). Only in the transcript's last
        game, and only in backgammon: long nardy's dialect always writes the full value."""
        rules = self.replay.rules
        if not rules.is_match or rules.variant != "backgammon":
            return False
        if not self.replay.last_game(self.game):
            return False
        needed = rules.length - self.state.score[winner]
        return 0 < needed <= written < worth

    def capped_resignation(self, winner: int, written: Points) -> Points:
        """The value of a resignation whose ``Wins`` line shows what ``winner`` needed to
        reach the match length rather than a multiple of the cube. The transcript does
        not say which result was resigned, so the game counts as the least one, a single
        game (the cube), as GNU Backgammon's verdicts count it; ``written`` itself when
        no cap explains it (more than the most a resignation is worth)."""
        rules, cube = self.replay.rules, self.cube.value
        most = max(
            multiplier * cube
            for multiplier in range(1, 4)
            if resignation_result(multiplier * cube, cube, rules) is not None
        )
        if self.capped(winner, written, most + 1):
            return cube
        return written

    def missing_result(self, winner: int | None, result: str) -> None:
        """The game was played out but no ``Wins``/``Draw`` line says so."""
        self.replay.error(
            self.game.number,
            None,
            "result_missing",
            f"Game {self.game.number} is over ({result}), but no 'Wins' line follows.",
            turn=self.last_turn,
        )
        points = game_points(result, self.cube.value, self.replay.rules, self.cube.turned)
        self.ended = (winner, result, points if points is not None else 0)

    def written_result(self, points: Points) -> str:
        return resignation_result(points, self.cube.value, self.replay.rules) or "resign"

    def draw(self, action: Action) -> None:
        if self.finished is None or self.finished[0] is not None or self.broken:
            self.error(
                action,
                "draw_not_possible",
                "A game is drawn only when both sides have borne off every checker "
                "under the last-roll option.",
            )
        self.ended = (None, "draw", self.replay.rules.draw_points)
