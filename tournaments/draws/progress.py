"""Who plays where: a knockout draw plus its confirmed results.

``resolve`` walks the draw once, in order, and works out each match's two occupants
(a player, a bye, or not known yet), its status and its winner. Winners advance as soon
as a result is confirmed; losers drop into the consolation flight per its sources.
``preview_correction`` says what a corrected earlier result would change, and whether a
later match that would change has already started (then it is the director's call).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping
from dataclasses import dataclass
from enum import Enum

from tournaments.draws.knockout import (
    CONSOLATION,
    MAIN,
    Empty,
    Entrant,
    FirstMatchLoserOf,
    KnockoutDraw,
    LoserOf,
    MatchKey,
    ResetOf,
    Source,
    WinnerOf,
)
from tournaments.errors import DrawBug, DrawError

PlayerId = Hashable


class Marker(Enum):
    BYE = "bye"  # nobody: the opponent advances
    PENDING = "pending"  # somebody, not known yet

    def __repr__(self) -> str:
        return self.name


BYE = Marker.BYE
PENDING = Marker.PENDING
Occupant = PlayerId | Marker


class Status(str, Enum):
    WAITING = "waiting"  # a side is not known yet
    READY = "ready"  # two players, no confirmed result
    DECIDED = "decided"  # a confirmed result
    BYE = "bye"  # one player against nobody: advances without playing
    EMPTY = "empty"  # nobody on either side


FINISHED = (Status.DECIDED, Status.BYE, Status.EMPTY)


@dataclass(frozen=True, slots=True)
class MatchState:
    key: MatchKey
    top: Occupant
    bottom: Occupant
    status: Status
    winner: Occupant = PENDING
    loser: Occupant = PENDING

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(side for side in (self.top, self.bottom) if not isinstance(side, Marker))


@dataclass(frozen=True)
class BracketState:
    matches: Mapping[MatchKey, MatchState]
    ignored_results: tuple[MatchKey, ...] = ()  # only filled when resolving leniently

    def __getitem__(self, key: MatchKey) -> MatchState:
        return self.matches[key]

    def flight(self, flight: str) -> list[MatchState]:
        return [state for key, state in self.matches.items() if key.flight == flight]

    def playable(self) -> list[MatchState]:
        return [state for state in self.matches.values() if state.status is Status.READY]

    def champion(self, flight: str = MAIN) -> Occupant:
        last = max((key for key in self.matches if key.flight == flight), default=None)
        return PENDING if last is None else self.matches[last].winner


def resolve(
    draw: KnockoutDraw, results: Mapping[MatchKey, PlayerId], *, strict: bool = True
) -> BracketState:
    """Occupants, status and winner of every match, from the confirmed ``results``.

    ``results`` maps a match to its winner. With ``strict`` a result that does not fit
    (match not ready, winner not in the match) raises DrawError; otherwise it is left
    out and listed in ``ignored_results``.
    """
    unknown = [key for key in results if key not in draw]
    if unknown:
        raise DrawError(
            "unknown_match",
            f"There is no match {unknown[0]} in this draw.",
            {"match": str(unknown[0])},
        )
    states: dict[MatchKey, MatchState] = {}
    ignored: list[MatchKey] = []
    for match in draw.matches:
        top = _occupant(match.top, states)
        bottom = _occupant(match.bottom, states)
        state = _state(match.key, top, bottom, results.get(match.key), strict)
        if match.key in results and state.status is not Status.DECIDED:
            ignored.append(match.key)
        states[match.key] = state
    return BracketState(matches=states, ignored_results=tuple(ignored))


def play_out(draw: KnockoutDraw, winner: Callable[[MatchState], PlayerId]) -> BracketState:
    """The draw played to its end, ``winner`` choosing who wins each match as it becomes
    ready (simulations: generated federations, benchmarks)."""
    results: dict[MatchKey, PlayerId] = {}
    while True:
        state = resolve(draw, results)
        ready = state.playable()
        if not ready:
            return state
        for match in ready:
            results[match.key] = winner(match)


def _occupant(source: Source, states: Mapping[MatchKey, MatchState]) -> Occupant:
    if isinstance(source, Entrant):
        return source.player
    if isinstance(source, Empty):
        return BYE
    if isinstance(source, WinnerOf):
        return states[source.match].winner
    if isinstance(source, LoserOf):
        return states[source.match].loser
    if isinstance(source, FirstMatchLoserOf):
        first = states[source.first]
        if first.status is not Status.BYE:
            return first.loser
        holder, second = first.winner, states[source.second]
        if second.status is Status.DECIDED:
            return holder if second.loser == holder else BYE
        return BYE if second.status is Status.BYE else PENDING
    if isinstance(source, ResetOf):
        final = states[source.match]
        if final.status is Status.DECIDED:
            return BYE if final.winner == final.top else getattr(final, source.side)
        return PENDING if final.status is Status.WAITING or final.status is Status.READY else BYE
    raise DrawBug(f"unknown source {source!r}")


def _state(
    key: MatchKey, top: Occupant, bottom: Occupant, winner: PlayerId | None, strict: bool
) -> MatchState:
    if top is PENDING or bottom is PENDING:
        status = Status.WAITING
    elif top is BYE and bottom is BYE:
        return MatchState(key, top, bottom, Status.EMPTY, BYE, BYE)
    elif top is BYE or bottom is BYE:
        player = bottom if top is BYE else top
        status = Status.BYE
        if winner is None:
            return MatchState(key, top, bottom, status, player, BYE)
    else:
        status = Status.READY
    if winner is None:
        return MatchState(key, top, bottom, status)
    if status is not Status.READY:
        if strict:
            why = "is a bye" if status is Status.BYE else "does not have both players yet"
            raise DrawError(
                "match_not_ready",
                f"A result cannot be entered for {key}: the match {why}.",
                {"match": str(key)},
            )
        return MatchState(key, top, bottom, status, *(_bye_advance(top, bottom, status)))
    if winner not in (top, bottom) or top == bottom:
        if strict:
            raise DrawError(
                "winner_not_in_match",
                f"{winner} is not playing in {key}; its players are {top} and {bottom}.",
                {"match": str(key), "winner": winner},
            )
        return MatchState(key, top, bottom, status)
    loser = bottom if winner == top else top
    return MatchState(key, top, bottom, Status.DECIDED, winner, loser)


def _bye_advance(top: Occupant, bottom: Occupant, status: Status) -> tuple[Occupant, Occupant]:
    if status is Status.BYE:
        return (bottom if top is BYE else top), BYE
    return PENDING, PENDING


@dataclass(frozen=True, slots=True)
class PlaceGroup:
    """Players sharing places ``first``..``last`` (one player when first == last)."""

    first: int
    last: int
    players: tuple[PlayerId, ...]


def flight_places(state: BracketState, flight: str = MAIN) -> tuple[PlaceGroup, ...]:
    """Places decided so far in a flight (§2.1.6): losers of one round share a place range.

    A round's losers are placed once every match of that round is finished; the winner
    once the last match is decided. Byes do not count as players.
    """
    matches = state.flight(flight)
    if not matches:
        return ()
    rounds = max(m.key.round for m in matches)
    by_round: dict[int, list[MatchState]] = {}
    for match in matches:
        by_round.setdefault(match.key.round, []).append(match)
    entrants = {p for m in matches for p in m.players}
    eliminated = 0
    groups: list[PlaceGroup] = []
    for rnd in range(1, rounds + 1):
        round_matches = by_round[rnd]
        if any(m.status not in FINISHED for m in round_matches):
            break
        losers = tuple(m.loser for m in round_matches if m.status is Status.DECIDED)
        eliminated += len(losers)
        if losers:
            first = len(entrants) - eliminated + 1
            groups.append(PlaceGroup(first, first + len(losers) - 1, losers))
    champion = by_round[rounds][0].winner
    if not isinstance(champion, Marker) and by_round[rounds][0].status in FINISHED:
        groups.append(PlaceGroup(1, 1, (champion,)))
    return tuple(sorted(groups, key=lambda group: group.first))


@dataclass(frozen=True, slots=True)
class SlotChange:
    match: MatchKey
    side: str  # "top" or "bottom"
    before: Occupant
    after: Occupant


@dataclass(frozen=True)
class CorrectionPreview:
    """What correcting one result would change."""

    match: MatchKey
    new_winner: PlayerId
    changes: tuple[SlotChange, ...]
    started: tuple[MatchKey, ...]  # changed matches already under way or decided
    results: Mapping[MatchKey, PlayerId]  # the results after the correction, if applied

    @property
    def needs_director(self) -> bool:
        return bool(self.started)


def preview_correction(
    draw: KnockoutDraw,
    results: Mapping[MatchKey, PlayerId],
    match: MatchKey,
    new_winner: PlayerId,
    *,
    started: Collection[MatchKey] = (),
) -> CorrectionPreview:
    """The effect of changing ``match``'s winner to ``new_winner``.

    ``started`` names matches under way without a result. Later matches whose players
    would change and that have started or have a result are listed in ``started``: the
    director decides about those (their results are dropped from ``results`` here).
    """
    before = resolve(draw, results)
    current = before[match]
    if current.status is not Status.DECIDED:
        raise DrawError(
            "nothing_to_correct",
            f"{match} has no confirmed result to correct.",
            {"match": str(match)},
        )
    if new_winner not in current.players:
        raise DrawError(
            "winner_not_in_match",
            f"{new_winner} is not playing in {match}; its players are "
            f"{current.top} and {current.bottom}.",
            {"match": str(match), "winner": new_winner},
        )
    corrected = dict(results)
    corrected[match] = new_winner
    after = resolve(draw, corrected, strict=False)
    changes: list[SlotChange] = []
    touched: list[MatchKey] = []
    for key, old in before.matches.items():
        new = after[key]
        moved = [
            SlotChange(key, side, getattr(old, side), getattr(new, side))
            for side in ("top", "bottom")
            if getattr(old, side) != getattr(new, side)
        ]
        changes.extend(moved)
        if moved and (key in results or key in started):
            touched.append(key)
    for key in after.ignored_results:
        corrected.pop(key)
    return CorrectionPreview(match, new_winner, tuple(changes), tuple(touched), corrected)


@dataclass(frozen=True, slots=True)
class FeedSource:
    """Losers of ``flight`` in rounds ``first_round``..``last_round`` (None: to the end)."""

    flight: str
    first_round: int = 1
    last_round: int | None = None


LAST_CHANCE_SOURCES = (FeedSource(MAIN, 2), FeedSource(CONSOLATION, 1, 2))


def last_chance_closed(
    draw: KnockoutDraw, state: BracketState, *, after: tuple[str, int] = (CONSOLATION, 2)
) -> bool:
    """Entry to the last chance closes when the given flight's round ends (§2.3).

    Without that flight (no consolation), it closes when main round 2 ends.
    """
    flight, rnd = after if draw.rounds(after[0]) else (MAIN, 2)
    rnd = min(rnd, draw.rounds(flight))
    return all(
        m.status in FINISHED for m in state.flight(flight) if m.key.round <= rnd
    )


def last_chance_entrants(
    draw: KnockoutDraw, state: BracketState, sources: tuple[FeedSource, ...] = LAST_CHANCE_SOURCES
) -> tuple[PlayerId, ...]:
    """Losers fed to the last chance so far; main losers already in the consolation excluded."""
    in_consolation = {p for m in state.flight(CONSOLATION) for p in m.players}
    entrants: list[PlayerId] = []
    for source in sources:
        for key in sorted(k for k in state.matches if k.flight == source.flight):
            last = source.last_round if source.last_round is not None else key.round
            match = state[key]
            if not source.first_round <= key.round <= last or match.status is not Status.DECIDED:
                continue
            if source.flight == MAIN and match.loser in in_consolation:
                continue
            if match.loser not in entrants:
                entrants.append(match.loser)
    return tuple(entrants)
