"""The line: how it is formed, how it turns after a game, who joins and who leaves.

A line is a tuple of players, box first, then the captain, then the crew
(docs/chouette.md §2 and §5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise

from chouette.errors import ChouetteError
from chouette.model import MIN_PLAYERS, LineUp, PlayerId, Side, check_line
from chouette.play import CaptainBet

Line = tuple[PlayerId, ...]


def line_from_rolls(rolls: Mapping[PlayerId, Sequence[int]]) -> Line:
    """§2.1: highest roll is box, second is captain, the rest follow in order of their rolls.

    Each player's rolls are listed in order; players who tied roll again, so comparing
    the sequences decides. A tie that is still open is an error.
    """
    for player, dice in rolls.items():
        if not dice:
            raise ChouetteError("rolls_missing", player=player)
        for value in dice:
            if not 1 <= value <= 6:
                raise ChouetteError("die_out_of_range", player=player, value=value)
    ranked = sorted(rolls, key=lambda player: tuple(rolls[player]), reverse=True)
    for higher, lower in pairwise(ranked):
        high, low = tuple(rolls[higher]), tuple(rolls[lower])
        if high == low:
            tied = tuple(p for p in ranked if tuple(rolls[p]) == high)
            raise ChouetteError("rolloff_tie", players=tied)
        if high[: len(low)] == low:
            # lower tied with higher but has no re-roll to compare
            raise ChouetteError("rolls_missing", player=lower)
    line = tuple(ranked)
    check_line(line)
    return line


def rotate(lineup: LineUp, team_order: tuple[PlayerId, ...], decision: CaptainBet | None) -> Line:
    """The line for the next game (§5).

    ``team_order`` already has the captains who dropped at the end, in the order they
    dropped; ``decision`` is the captain's bet that decides (None: the box stays and
    nobody else moves, as when every bet ended by the team's drops).
    """
    team = list(team_order)
    box = lineup.box
    if decision is None:
        return (box, *team)
    team.remove(decision.captain)
    if decision.winner is Side.BOX:
        return (box, *team, decision.captain)
    return (decision.captain, *team, box)


def join_line(line: Line, player: PlayerId, max_players: int) -> Line:
    """§2.3 (FIBS rule): a newcomer joins behind everybody."""
    if player in line:
        raise ChouetteError("player_already_in_line", player=player)
    if len(line) + 1 > max_players:
        raise ChouetteError("too_many_players", limit=max_players, count=len(line) + 1)
    return (*line, player)


def leave_line(line: Line, player: PlayerId) -> Line:
    """§2.4: the line closes up.

    Ruling: the line is one order, box first, so when the box leaves the captain becomes
    the box and the first crew member the captain; when the captain leaves the first
    crew member becomes captain. The line may drop below three players; the session
    then cannot start another game until somebody joins.
    """
    if player not in line:
        raise ChouetteError("player_not_in_line", player=player)
    return tuple(p for p in line if p != player)


def lineup_of(line: Line) -> LineUp | None:
    """The next game's seats, or None when fewer than three players are left."""
    if len(line) < MIN_PLAYERS:
        return None
    return LineUp.from_line(line)
