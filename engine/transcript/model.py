"""The match record: what a transcript says happened, before anything is checked.

A record is the common form of a `.mat` file and of the project's JSON match record.
Players are seats 0 and 1: the left and right columns of a `.mat` file. Every action
keeps the move number of its line (``turn``) and its text as written, so that the
replay can report errors the way a director reads the transcript.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.match import MatchRules, Points

# What a player can do in a game, in the order a transcript writes it.
MOVE = "move"  # a roll and the play made with it ("" when nothing could move)
DOUBLE = "double"  # offer the cube at ``value``
TAKE = "take"
DROP = "drop"
BEAVER = "beaver"  # money play: the taker redoubles to ``value`` and keeps the cube
RACCOON = "raccoon"  # money play: the doubler redoubles a beaver to ``value``, keeps the cube
WIN = "win"  # the game is over; ``value`` points to this player (also a resignation)
LOSS = "loss"  # read only: the loser's "Losses n point" / "Concedes" (see mat_read)
DRAW = "draw"  # long nardy with the last-roll option: both players finished
ACTION_KINDS = (MOVE, DOUBLE, TAKE, DROP, BEAVER, RACCOON, WIN, DRAW)

VARIANTS = ("backgammon", "nardy")
# The play of a roll that the transcript does not record (Backgammon Studio writes
# ``61: ????``); the move cannot be judged, so it is an error at that move.
NOT_WRITTEN = "????"


@dataclass(frozen=True)
class Action:
    """One cell of a transcript.

    kind: one of ACTION_KINDS. player: 0 (left column) or 1 (right column).
    turn: the move number ``N)`` of the line it is written on (a ``Wins`` line on its
    own takes the number of the line above). dice and play: for a move, the roll and the
    play as written (``""`` for a roll with no legal move). value: the cube value of a
    double, beaver or raccoon, the points of a win (a writer adds "and the match" to the deciding
    win itself). line: the line of the source file (0 when not read from a file).
    """

    kind: str
    player: int
    turn: int
    dice: tuple[int, int] | None = None
    play: str = ""
    value: Points = 0
    line: int = field(default=0, compare=False)

    @property
    def text(self) -> str:
        """The action as a `.mat` cell writes it (without padding)."""
        if self.kind == MOVE:
            assert self.dice is not None
            dice = f"{self.dice[0]}{self.dice[1]}:"
            return f"{dice} {self.play}" if self.play else dice
        if self.kind == DOUBLE:
            return f"Doubles => {self.value}"
        if self.kind == BEAVER:
            return f"Beavers => {self.value}"
        if self.kind == RACCOON:
            return f"Raccoons => {self.value}"
        if self.kind == TAKE:
            return "Takes"
        if self.kind == DROP:
            return "Drops"
        if self.kind == DRAW:
            return "Draw"
        points = _format_points(self.value)
        noun = "point" if self.value == 1 else "points"
        return f"Wins {points} {noun}"


@dataclass(frozen=True)
class GameRecord:
    """One game: its number, the score before it as written, and the actions."""

    number: int
    score: tuple[Points, Points] | None
    actions: tuple[Action, ...]
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class MatchRecord:
    """A whole match or money session as a transcript records it.

    tags: header tags other than the rule options (``Site``, ``Event``, ...) in the order
    written; ``options``: variant options that are not match scoring (long nardy's
    ``BlockRule``, ``NextGameStarter``), by tag name.
    """

    variant: str
    match_length: int
    players: tuple[str, str]
    games: tuple[GameRecord, ...]
    rules: MatchRules
    tags: tuple[tuple[str, str], ...] = ()
    options: tuple[tuple[str, str], ...] = field(default=())
    # A money session whose file does not say whether the Jacoby rule was in force
    # (GNU Backgammon's export never does): an uncubed gammon may then be worth 1 × cube.
    jacoby_unknown: bool = field(default=False, compare=False)
    # Likewise for beavers: such a file's beavers (and raccoons) are taken as written, as
    # GNU Backgammon's import takes them.
    beavers_unknown: bool = field(default=False, compare=False)

    def option(self, name: str, default: str = "") -> str:
        return dict(self.options).get(name, default)


def _format_points(value: Points) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def format_score(value: Points) -> str:
    """A score as transcripts write it: ``3``, ``4.5``."""
    return _format_points(value)
