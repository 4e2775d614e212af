"""Settling one chouette game: points per bet, per player, and the next line.

docs/chouette.md §4: every bet is settled separately between the box and that member;
the Jacoby rule is applied per bet; the game's amounts sum to zero. The same holds in
both variants; only the results differ (single/gammon/backgammon, oin/mars/koks), and
their multipliers come from engine.outcomes.

A box partner (§8) takes ``partner_share`` per cent of the box's result, rounded toward
zero: an odd point stays with the box, won or lost, as is usual at the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from chouette.core.errors import ChouetteError
from chouette.core.play import Bet, CaptainBet, GameState, apply_double, start_game
from chouette.core.rotation import Line, rotate
from chouette.core.values import (
    BoardResult,
    ChouetteSettings,
    GameRecord,
    LineUp,
    PlayerId,
    RotationRule,
    Side,
    check_cube_value,
    check_distinct,
    check_result_kind,
)


class BetEnd(StrEnum):
    PLAYED = "played"  # settled by the board result
    MEMBER_DROPPED = "member_dropped"  # the member refused a double (or a raccoon)
    BOX_DROPPED = "box_dropped"  # the box refused a double (or passed a beaver)


class RotationReason(StrEnum):
    BOX_BEAT_CAPTAIN = "box_beat_captain"
    CAPTAIN_BEAT_BOX = "captain_beat_box"
    BOX_DROPPED_CAPTAIN = "box_dropped_captain"
    ALL_BETS_DROPPED = "all_bets_dropped"


@dataclass(frozen=True)
class BetOutcome:
    member: PlayerId
    cube_value: int  # at the end; for a drop, the value the drop was paid on
    owner: Side | None  # None: centred
    turned: bool
    end: BetEnd
    winner: Side
    multiplier: int  # 1, 2 or 3 for a played bet (after Jacoby, mars/koks too); 1 for a drop
    points: int  # to the member; the box gets the opposite


@dataclass(frozen=True)
class GameOutcome:
    lineup: LineUp
    bets: tuple[BetOutcome, ...]  # in lineup.team order
    points: tuple[tuple[PlayerId, int], ...]  # box, partner, then the team; sums to zero
    result: BoardResult | None
    captain_drops: tuple[PlayerId, ...]  # captains sent to the end during the game
    deciding_captain: PlayerId | None  # whose bet decided the rotation
    rotation_reason: RotationReason
    next_line: Line  # box, captain, crew for the next game (before joins and leaves)
    next_partner: PlayerId | None = None  # the box's partner kept for the next game

    def points_of(self, player: PlayerId) -> int:
        return dict(self.points).get(player, 0)

    def money(self, stake_per_point: Decimal) -> tuple[tuple[PlayerId, Decimal], ...]:
        return tuple((player, points * Decimal(stake_per_point)) for player, points in self.points)


def settle_game(settings: ChouetteSettings, record: GameRecord) -> GameOutcome:
    """Play the record's cube turns, settle every bet and rotate the line."""
    state = start_game(settings, record.lineup, record.automatic_doubles)
    for double in record.doubles:
        state = apply_double(settings, state, double)
    _check_declared_cubes(state, record)
    live = state.live_members
    if live and record.result is None:
        raise ChouetteError("result_missing", players=live)
    if not live and record.result is not None:
        raise ChouetteError("result_without_live_bet")
    if record.result is not None:
        check_result_kind(settings, record.result.kind)

    bets = tuple(_settle_bet(settings, bet, record.result) for bet in state.bets)
    decision = _deciding_bet(settings, state, record.result)
    box_side = -sum(bet.points for bet in bets)
    lineup = record.lineup
    if lineup.partner is None:
        box_side_points: tuple[tuple[PlayerId, int], ...] = ((lineup.box, box_side),)
    else:
        share = partner_part(box_side, settings.partner_share)
        box_side_points = ((lineup.box, box_side - share), (lineup.partner, share))
    points = box_side_points + tuple((bet.member, bet.points) for bet in bets)
    _check_declared_points(record, points)
    next_line, next_partner = rotate(lineup, state.team_order, decision)
    return GameOutcome(
        lineup=lineup,
        bets=bets,
        points=points,
        result=record.result,
        captain_drops=state.captain_drops,
        deciding_captain=decision.captain if decision else None,
        rotation_reason=_reason(decision),
        next_line=next_line,
        next_partner=next_partner,
    )


def partner_part(box_side: int, share: int) -> int:
    """The partner's part of the box's result: ``share`` per cent, rounded toward zero."""
    part = abs(box_side) * share // 100
    return part if box_side >= 0 else -part


def _settle_bet(settings: ChouetteSettings, bet: Bet, result: BoardResult | None) -> BetOutcome:
    if not bet.live:
        winner = bet.refused_by.other  # type: ignore[union-attr]
        return BetOutcome(
            member=bet.member,
            cube_value=bet.value,
            owner=bet.owner,
            turned=bet.turned,
            end=BetEnd.BOX_DROPPED if bet.refused_by is Side.BOX else BetEnd.MEMBER_DROPPED,
            winner=winner,
            multiplier=1,
            points=bet.points,
        )
    assert result is not None  # settle_game checked it
    gammons_count = bet.turned or not settings.jacoby  # a mars or koks like a gammon
    multiplier = result.kind.multiplier if gammons_count else 1
    amount = multiplier * bet.value
    return BetOutcome(
        member=bet.member,
        cube_value=bet.value,
        owner=bet.owner,
        turned=bet.turned,
        end=BetEnd.PLAYED,
        winner=result.winner,
        multiplier=multiplier,
        points=amount if result.winner is Side.TEAM else -amount,
    )


def _deciding_bet(
    settings: ChouetteSettings, state: GameState, result: BoardResult | None
) -> CaptainBet | None:
    """§5: the captain's bet decides; with the final-captain option the last one does."""
    captain = state.acting_captain
    if result is None or captain is None:
        return state.decision
    if state.decision is not None and settings.rotation is RotationRule.CAPTAIN_BET:
        return state.decision
    return CaptainBet(captain, result.winner, by_play=True)


def _reason(decision: CaptainBet | None) -> RotationReason:
    if decision is None:
        return RotationReason.ALL_BETS_DROPPED
    if decision.winner is Side.BOX:
        return RotationReason.BOX_BEAT_CAPTAIN
    if decision.by_play:
        return RotationReason.CAPTAIN_BEAT_BOX
    return RotationReason.BOX_DROPPED_CAPTAIN


def _check_declared_cubes(state: GameState, record: GameRecord) -> None:
    for member, declared in record.declared_cubes:
        check_cube_value(declared)
        actual = state.bet(member).value
        if actual != declared:
            raise ChouetteError(
                "cube_value_mismatch", player=member, actual=actual, declared=declared
            )


def _check_declared_points(record: GameRecord, points: tuple[tuple[PlayerId, int], ...]) -> None:
    """The amounts the table wrote down: every seated player, summing to zero, as settled."""
    if not record.declared_points:
        return
    declared = record.declared_points
    check_distinct([player for player, _ in declared])
    for player, _ in declared:
        record.lineup.role_of(player)  # player_not_in_game for a stranger
    missing = tuple(player for player in record.lineup.seats if player not in dict(declared))
    if missing:
        raise ChouetteError("points_missing", players=missing)
    total = sum(amount for _, amount in declared)
    if total != 0:
        raise ChouetteError("points_not_zero_sum", total=total)
    actual = dict(points)
    for player, amount in declared:
        if actual[player] != amount:
            raise ChouetteError(
                "points_mismatch", player=player, declared=amount, actual=actual[player]
            )
