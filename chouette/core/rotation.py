"""The line: how it is formed, how it turns after a game, who joins and who leaves.

A line is a tuple of players, box first, then the captain, then the crew
(docs/chouette.md §2 and §5). A box partner (§8) stands beside the box, outside the line;
``Seating`` holds the line, the partner and the players waiting for the game in progress.

Rulings where chouette.md §8 leaves the details to the house (they follow the FIBS
chouette regulations, which the project already follows for late arrivals):

* Box partner. Before a game, when the table allows partners, the box has none and at
  least six players are present, the player after the captain (the next in line) joins
  the box. The partnership lasts while the box keeps winning, even if players leave, as
  long as the team keeps two players; when the box loses, the old box goes to the end,
  the partner becomes the captain and the next player in line the new box's partner.
  A partner who leaves ends the partnership; a box who leaves hands the box to the
  partner.
* Split. A newcomer who would be one too many at a table that splits takes the last
  players of the line with them to a new table: the new table gets half of everybody
  (rounded down), the newcomer last in its line; the old table keeps the rest, box
  first. Players waiting to join count as the end of the line.
* Merge. Everybody present at the other table sits down behind everybody here, in that
  table's order (box, partner, captain, crew, then anybody waiting).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from chouette.core.errors import ChouetteError
from chouette.core.play import CaptainBet
from chouette.core.values import (
    BOX_PARTNER_FROM,
    MIN_PLAYERS,
    SPLIT_FROM,
    ChouetteSettings,
    LineUp,
    PlayerId,
    Side,
    check_distinct,
    check_line,
)

Line = tuple[PlayerId, ...]


@dataclass(frozen=True)
class Seating:
    """Who is at the table between two games."""

    line: Line  # box, captain, crew: the rotation order, without the partner
    partner: PlayerId | None = None
    waiting: Line = ()  # arrived during a game; they join after its rotation

    @property
    def present(self) -> Line:
        """Everybody seated, as shown: box, partner, captain, crew."""
        if self.partner is None or not self.line:
            return self.line
        return (self.line[0], self.partner, *self.line[1:])

    @property
    def everybody(self) -> Line:
        """Seated and waiting: the players the table's limit counts."""
        return (*self.present, *self.waiting)

    @property
    def lineup(self) -> LineUp | None:
        """The next game's seats, or None when fewer than three players are present."""
        if len(self.present) < MIN_PLAYERS:
            return None
        return LineUp.from_line(self.line, self.partner)


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


def rotate(
    lineup: LineUp, team_order: tuple[PlayerId, ...], decision: CaptainBet | None
) -> tuple[Line, PlayerId | None]:
    """The line and the box's partner for the next game (§5 and the partner ruling above).

    ``team_order`` already has the captains who dropped at the end, in the order they
    dropped; ``decision`` is the captain's bet that decides (None: the box stays and
    nobody else moves, as when every bet ended by the team's drops).
    """
    team = list(team_order)
    box = lineup.box
    if decision is None:
        return (box, *team), lineup.partner
    team.remove(decision.captain)
    if decision.winner is Side.BOX:
        return (box, *team, decision.captain), lineup.partner
    if lineup.partner is not None:
        # The box lost: its partner is the next captain; a new partnership may form.
        return (decision.captain, lineup.partner, *team, box), None
    return (decision.captain, *team, box), None


def with_partner(seating: Seating, settings: ChouetteSettings) -> Seating:
    """Form or end the box's partnership before the next game (the ruling above)."""
    line, partner = seating.line, seating.partner
    if partner is not None and len(line) < MIN_PLAYERS:
        # Only one team player would be left: the partner rejoins the team as captain.
        return replace(seating, line=(line[0], partner, *line[1:]), partner=None)
    if settings.box_partner and partner is None and len(line) >= BOX_PARTNER_FROM:
        return replace(seating, line=(*line[:2], *line[3:]), partner=line[2])
    return seating


def join_seating(
    seating: Seating, player: PlayerId, settings: ChouetteSettings, during_game: bool = False
) -> Seating:
    """§2.3: behind everybody now, or after the game in progress when ``during_game``."""
    if player in seating.everybody:
        raise ChouetteError("player_already_in_line", player=player)
    count = len(seating.everybody) + 1
    if count > settings.max_players:
        if settings.split_when_full:
            # A split happens between games, when the newcomer sits down.
            code = "split_after_the_game" if during_game else "table_must_split"
            raise ChouetteError(code, player=player, limit=settings.max_players)
        raise ChouetteError("table_full", player=player, limit=settings.max_players)
    if during_game:
        return replace(seating, waiting=(*seating.waiting, player))
    return replace(seating, line=(*seating.line, player))


def leave_seating(seating: Seating, player: PlayerId) -> Seating:
    """§2.4: the line closes up; a leaving box hands the box to the partner."""
    if player in seating.waiting:
        return replace(seating, waiting=tuple(p for p in seating.waiting if p != player))
    if player == seating.partner:
        return replace(seating, partner=None)
    line = leave_line(seating.line, player)
    if seating.partner is not None and seating.line and player == seating.line[0]:
        return replace(seating, line=(seating.partner, *line), partner=None)
    return replace(seating, line=line)


def split_movers(seating: Seating, player: PlayerId, settings: ChouetteSettings) -> Line:
    """The players who leave with ``player`` when the table splits (the ruling above)."""
    if player in seating.everybody:
        raise ChouetteError("player_already_in_line", player=player)
    count = len(seating.everybody) + 1
    if count <= settings.max_players:
        raise ChouetteError("table_not_full", player=player, limit=settings.max_players)
    if not settings.split_when_full:
        raise ChouetteError("table_full", player=player, limit=settings.max_players)
    if count < SPLIT_FROM:
        raise ChouetteError(
            "split_needs_more_players", limit=settings.max_players, count=SPLIT_FROM - 1
        )
    leaving = count // 2 - 1
    return (*seating.line, *seating.waiting)[-leaving:]


def split_seating(seating: Seating, player: PlayerId, movers: Sequence[PlayerId]) -> Seating:
    """The table left behind after a split (``movers`` as recorded)."""
    if player in seating.everybody:
        raise ChouetteError("player_already_in_line", player=player)
    for mover in movers:
        if mover not in (*seating.line, *seating.waiting):
            raise ChouetteError("player_not_in_line", player=mover)
    line = tuple(p for p in seating.line if p not in movers)
    waiting = tuple(p for p in seating.waiting if p not in movers)
    left = replace(seating, line=line, waiting=waiting)
    if len(left.present) < MIN_PLAYERS or len(movers) + 1 < MIN_PLAYERS:
        raise ChouetteError("split_too_small")
    return left


def merge_seating(
    seating: Seating, players: Sequence[PlayerId], settings: ChouetteSettings
) -> Seating:
    """The other table's players sit down behind everybody, in their order."""
    if not players:
        raise ChouetteError("merge_nobody")
    check_distinct(players)
    for player in players:
        if player in seating.everybody:
            raise ChouetteError("player_already_in_line", player=player)
    count = len(seating.everybody) + len(players)
    if count > settings.max_players:
        raise ChouetteError("merge_too_many", limit=settings.max_players, count=count)
    return replace(seating, line=(*seating.line, *players))


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
