"""The cube side of one chouette game: live bets, cube turns, captains who drop.

``start_game`` and ``apply_double`` walk through a game's cube turns and check each
against the rules of docs/chouette.md §3, §7 and §8; the board itself is not modelled,
only who is still in, what every cube shows and who holds the captain's seat.
Any broken rule raises ChouetteError before anything is returned.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from chouette.core.errors import ChouetteError
from chouette.core.values import (
    Answer,
    ChouetteSettings,
    Consulting,
    CubeMode,
    Double,
    LineUp,
    PlayerId,
    RotationRule,
    Side,
)


@dataclass(frozen=True)
class Bet:
    """One team member's bet against the box, as it stands (or as it ended)."""

    member: PlayerId
    value: int = 1
    owner: Side | None = None  # None: the cube is centred
    turned: bool = False  # offered and taken during the game (the Jacoby test)
    refused_by: Side | None = None  # set when the bet ended by a drop
    settled_at: int = 0  # the amount the drop cost, in points

    @property
    def live(self) -> bool:
        return self.refused_by is None

    @property
    def points(self) -> int:
        """Points to the member for a bet ended by a drop (0 while live)."""
        if self.refused_by is None:
            return 0
        return self.settled_at if self.refused_by is Side.BOX else -self.settled_at


@dataclass(frozen=True)
class CaptainBet:
    """The bet that decides the rotation (chouette.md §5) and how it went."""

    captain: PlayerId
    winner: Side
    by_play: bool


@dataclass(frozen=True)
class GameState:
    lineup: LineUp
    bets: tuple[Bet, ...]  # in lineup.team order
    team_order: tuple[PlayerId, ...]  # the team's line, dropped captains moved to the end
    captain_drops: tuple[PlayerId, ...] = ()  # captains moved to the end, in order
    decision: CaptainBet | None = None  # set when the captain's bet ended in their favour

    def bet(self, member: PlayerId) -> Bet:
        for bet in self.bets:
            if bet.member == member:
                return bet
        if member == self.lineup.box:
            raise ChouetteError("box_has_no_cube", player=member)
        raise ChouetteError("player_not_in_game", player=member)

    @property
    def live_members(self) -> tuple[PlayerId, ...]:
        """Members with a live bet, in the current line order."""
        live = {bet.member for bet in self.bets if bet.live}
        return tuple(member for member in self.team_order if member in live)

    @property
    def acting_captain(self) -> PlayerId | None:
        """The highest-ranked member who still has a live bet (§3.4, §3.5)."""
        live = self.live_members
        return live[0] if live else None

    @property
    def over(self) -> bool:
        return not self.live_members


def start_game(settings: ChouetteSettings, lineup: LineUp, automatic_doubles: int = 0) -> GameState:
    """Every cube centred, at 1 or doubled by the opening ties (rules-backgammon §8.6)."""
    if automatic_doubles < 0 or automatic_doubles > settings.max_automatic_doubles:
        raise ChouetteError(
            "automatic_doubles_over_limit",
            limit=settings.max_automatic_doubles,
            value=automatic_doubles,
        )
    if len(lineup.seats) > settings.max_players:
        raise ChouetteError("too_many_players", limit=settings.max_players, count=len(lineup.seats))
    value = 2**automatic_doubles
    return GameState(
        lineup=lineup,
        bets=tuple(Bet(member=member, value=value) for member in lineup.team),
        team_order=lineup.team,
    )


def cubes_available(state: GameState, by: Side) -> tuple[PlayerId, ...]:
    """Members whose cube ``by`` may turn now: live, and centred or owned by ``by``."""
    return tuple(m for m in state.live_members if state.bet(m).owner is not by.other)


def consultants(settings: ChouetteSettings, state: GameState) -> tuple[PlayerId, ...]:
    """Who the acting captain may consult now: live members only (§6)."""
    if settings.consulting is Consulting.NONE:
        return ()
    return state.live_members[1:]


def apply_double(settings: ChouetteSettings, state: GameState, double: Double) -> GameState:
    """The state after one cube turn, or ChouetteError if the turn breaks a rule."""
    if state.over:
        raise ChouetteError("bet_already_ended", player=double.answers[0][0])
    answers = _expand_answers(settings, state, double)
    for member, answer in answers:
        bet = state.bet(member)
        if not bet.live:
            raise ChouetteError("bet_already_ended", player=member)
        if bet.owner is double.by.other:
            raise ChouetteError("cube_not_available", player=member, side=double.by.value)
        if answer.is_beaver and not settings.beavers:
            raise ChouetteError("beavers_not_allowed", player=member)
        if answer.is_raccoon and not settings.raccoons:
            raise ChouetteError("raccoons_not_allowed", player=member)
    _check_house_rules(settings, state, double.by, answers)

    captain = state.acting_captain
    turned = {member: _answered(state.bet(member), double.by, answer) for member, answer in answers}
    bets = tuple(turned.get(bet.member, bet) for bet in state.bets)
    state = replace(state, bets=bets)
    if captain in turned and not turned[captain].live:
        state = _captain_bet_ended(settings, state, turned[captain])
    return state


def _expand_answers(
    settings: ChouetteSettings, state: GameState, double: Double
) -> tuple[tuple[PlayerId, Answer], ...]:
    """With one team cube, a double concerns every live bet (§7)."""
    if settings.cube_mode is CubeMode.MULTIPLE:
        return double.answers
    live = state.live_members
    if double.by is Side.TEAM:
        captain = state.acting_captain
        if len(double.answers) != 1 or double.answers[0][0] != captain:
            raise ChouetteError("single_cube_team_double", captain=captain)
        return tuple((member, double.answers[0][1]) for member in live)
    for member, _ in double.answers:
        state.bet(member)  # an unknown player or the box is reported as such
    missing = tuple(member for member in live if member not in dict(double.answers))
    if missing:
        raise ChouetteError("answer_missing", players=missing)
    return double.answers


def _check_house_rules(
    settings: ChouetteSettings,
    state: GameState,
    by: Side,
    answers: tuple[tuple[PlayerId, Answer], ...],
) -> None:
    if by is not Side.TEAM or settings.cube_mode is CubeMode.SINGLE:
        return
    answered = dict(answers)
    every_cube_from_the_centre = set(answered) == set(state.lineup.team) and all(
        state.bet(member).owner is None for member in answered
    )
    if settings.initial_cubes_rule and every_cube_from_the_centre:
        count = len(answered)
        # §8: "at least half", and with three players both or neither.
        required = count if count == 2 else math.ceil(count / 2)
        taken = sum(1 for answer in answered.values() if answer.accepted)
        if 0 < taken < required:
            raise ChouetteError("initial_cubes_rule", required=required, count=count)
    captain = state.acting_captain
    if settings.box_must_take_captain and captain in answered:
        others_taken = any(answer.accepted for member, answer in answers if member != captain)
        if others_taken and not answered[captain].accepted:
            raise ChouetteError("box_must_take_captain", captain=captain)


def _answered(bet: Bet, doubler: Side, answer: Answer) -> Bet:
    """rules-backgammon §8.1–8.3: values and owners after the answer."""
    taker = doubler.other
    value = bet.value
    if answer is Answer.TAKE:
        return replace(bet, value=2 * value, owner=taker, turned=True)
    if answer is Answer.BEAVER:
        return replace(bet, value=4 * value, owner=taker, turned=True)
    if answer is Answer.RACCOON:
        return replace(bet, value=8 * value, owner=taker, turned=True)
    if answer is Answer.DROP:
        return replace(bet, refused_by=taker, settled_at=value)
    if answer is Answer.BEAVER_PASSED:
        return replace(bet, refused_by=doubler, settled_at=2 * value)
    return replace(bet, refused_by=taker, settled_at=4 * value)  # RACCOON_PASSED


def _captain_bet_ended(settings: ChouetteSettings, state: GameState, bet: Bet) -> GameState:
    """§3.4, §3.5 and §5: the acting captain's bet ended by a drop."""
    final_captain = settings.rotation is RotationRule.FINAL_CAPTAIN
    if state.decision is not None and not final_captain:
        return state  # the rotation is settled; this bet only affects money (§5.3)
    if bet.refused_by is Side.TEAM:
        # The captain dropped: to the end of the line at once; the next live member plays on.
        order = tuple(m for m in state.team_order if m != bet.member) + (bet.member,)
        return replace(
            state,
            team_order=order,
            captain_drops=state.captain_drops + (bet.member,),
            decision=None,
        )
    # The box dropped the captain's cube: the captain has won the rotation bet
    # (provisionally, when only the final captain's result counts).
    return replace(state, decision=CaptainBet(bet.member, Side.TEAM, by_play=False))
