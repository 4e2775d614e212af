"""Whole events of every format played out on paper: pairings, winners and places.

Pure (no Django): the draws are the tournaments app's own generators
(``tournaments.draws``), the results come from ``beats(a, b)`` (who wins a match), so a
generated event has the shape a real one of its format leaves behind: a knockout's
bracket with its byes and consolation flight, a double elimination's losers' bracket and
grand final, round-robin groups with their byes, Swiss and Monrad rounds without
rematches, Swiss until N losses, groups then a knockout.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

from tournaments.draws.double_elimination import double_elimination_places, draw_double_elimination
from tournaments.draws.knockout import KnockoutDraw, draw_knockout
from tournaments.draws.monrad import pair_monrad_round
from tournaments.draws.progress import BracketState, Marker, Status, flight_places, play_out
from tournaments.draws.round_robin import group_knockout, round_robin, snake_groups
from tournaments.draws.swiss import SwissPlayer, pair_first_round, pair_round, swiss_rounds
from tournaments.draws.swiss_losses import is_finished, pair_losses_round, still_in

PlayerId = Hashable
Beats = Callable[[PlayerId, PlayerId], PlayerId]

GROUP, SWISS, MAIN = "group", "swiss", "main"

# Field sizes per format (capped by the club's size), and what each format needs at least.
FIELD_SIZES: dict[str, tuple[int, int]] = {
    "knockout": (8, 32),
    "double_elimination": (8, 24),
    "round_robin": (5, 10),
    "groups_knockout": (8, 16),
    "swiss": (12, 40),
    "monrad": (10, 30),
    "swiss_losses": (10, 32),
}
FORMATS = tuple(FIELD_SIZES)
MINIMUM_FIELD = 4


@dataclass(frozen=True, slots=True)
class PlannedPairing:
    """One pairing of the draw: ``played`` ones get a match, byes and empty slots do not."""

    flight: str
    group: int
    round: int
    number: int
    top: PlayerId | None
    bottom: PlayerId | None
    winner: PlayerId | None
    state: str  # Pairing.State: decided, bye, empty

    @property
    def played(self) -> bool:
        return self.state == "decided"


@dataclass
class PlannedEvent:
    format: str
    seeded: tuple[PlayerId, ...]
    pairings: list[PlannedPairing] = field(default_factory=list)
    places: dict[PlayerId, tuple[int, int]] = field(default_factory=dict)
    groups: dict[PlayerId, int] = field(default_factory=dict)
    settings: dict[str, object] = field(default_factory=dict)


def play_event(fmt: str, seeded: Sequence[PlayerId], beats: Beats, rng: random.Random) -> PlannedEvent:
    """``fmt`` played to its end by ``seeded`` (best first)."""
    event = PlannedEvent(fmt, tuple(seeded))
    PLAYERS[fmt](event, beats, rng)
    return event


# --- brackets ----------------------------------------------------------------------------


def _play_bracket(draw: KnockoutDraw, beats: Beats) -> BracketState:
    return play_out(draw, lambda match: beats(match.top, match.bottom))


def _bracket_pairings(state: BracketState) -> list[PlannedPairing]:
    def who(side: object) -> PlayerId | None:
        return None if isinstance(side, Marker) else side

    pairings = []
    for key, match in state.matches.items():
        if match.status is Status.DECIDED:
            pairings.append(PlannedPairing(key.flight, 0, key.round, key.number, match.top,
                                           match.bottom, match.winner, "decided"))
        elif match.status is Status.BYE:
            top, bottom = who(match.top), who(match.bottom)
            pairings.append(PlannedPairing(key.flight, 0, key.round, key.number, top or bottom,
                                           None, top or bottom, "bye"))
        else:
            pairings.append(PlannedPairing(key.flight, 0, key.round, key.number, None, None, None,
                                           "empty"))
    return pairings


def _places(groups: object) -> dict[PlayerId, tuple[int, int]]:
    return {player: (group.first, group.last) for group in groups for player in group.players}


def _knockout(event: PlannedEvent, beats: Beats, rng: random.Random) -> None:
    consolation = rng.choice(("none", "first_match_losers", "round_one_losers"))
    event.settings = {"consolation": consolation}
    state = _play_bracket(draw_knockout(event.seeded, consolation=consolation), beats)
    event.pairings = _bracket_pairings(state)
    event.places = _places(flight_places(state, MAIN))


def _double_elimination(event: PlannedEvent, beats: Beats, rng: random.Random) -> None:
    state = _play_bracket(draw_double_elimination(event.seeded), beats)
    event.pairings = _bracket_pairings(state)
    event.places = _places(double_elimination_places(state))


# --- tables ------------------------------------------------------------------------------


def _table_places(players: Sequence[PlayerId], wins: Counter, offset: int = 0) -> dict:
    """Places by match wins, best first; equal wins share their places."""
    ordered = sorted(players, key=lambda p: -wins[p])
    places, index = {}, 0
    while index < len(ordered):
        tied = [p for p in ordered[index:] if wins[p] == wins[ordered[index]]]
        first, last = offset + index + 1, offset + index + len(tied)
        places.update({player: (first, last) for player in tied})
        index += len(tied)
    return places


def _round_robin_group(event: PlannedEvent, players: Sequence[PlayerId], group: int,
                       beats: Beats) -> Counter:
    wins: Counter = Counter()
    for round_pairings in round_robin(players):
        for number, pair in enumerate(round_pairings, start=1):
            if pair.second is None:
                event.pairings.append(PlannedPairing(GROUP, group, pair.round, number, pair.first,
                                                     None, pair.first, "bye"))
                continue
            winner = beats(pair.first, pair.second)
            wins[winner] += 1
            event.pairings.append(PlannedPairing(GROUP, group, pair.round, number, pair.first,
                                                 pair.second, winner, "decided"))
    for player in players:
        event.groups[player] = group
    return wins


def _round_robin(event: PlannedEvent, beats: Beats, rng: random.Random) -> None:
    wins = _round_robin_group(event, event.seeded, 1, beats)
    event.places = _table_places(event.seeded, wins)


def _groups_knockout(event: PlannedEvent, beats: Beats, rng: random.Random) -> None:
    count = 2 if len(event.seeded) < 12 else 4
    event.settings = {"group_count": count, "qualifiers_per_group": 2}
    qualifiers, rest, wins = [], [], Counter()
    for group, players in enumerate(snake_groups(event.seeded, count), start=1):
        wins.update(_round_robin_group(event, players, group, beats))
        ranked = sorted(players, key=lambda p: -wins[p])  # stable: seed order breaks ties
        qualifiers.append(ranked[:2])
        rest.extend(ranked[2:])
    state = _play_bracket(group_knockout(qualifiers), beats)
    event.pairings.extend(_bracket_pairings(state))
    event.places = _places(flight_places(state, MAIN))
    event.places.update(_table_places(rest, wins, offset=len(event.places)))


def _swiss_pairing(event: PlannedEvent, round_number: int, number: int, first: PlayerId,
                   second: PlayerId | None, beats: Beats, wins: Counter, byes: Counter,
                   played: set, losses: Counter | None = None) -> None:
    if second is None:
        wins[first] += 1
        byes[first] += 1
        event.pairings.append(PlannedPairing(SWISS, 0, round_number, number, first, None, first, "bye"))
        return
    winner = beats(first, second)
    wins[winner] += 1
    if losses is not None:
        losses[second if winner == first else first] += 1
    played.add(frozenset((first, second)))
    event.pairings.append(PlannedPairing(SWISS, 0, round_number, number, first, second, winner,
                                         "decided"))


def _swiss(event: PlannedEvent, beats: Beats, rng: random.Random) -> None:
    players = list(event.seeded)
    seed = {player: index for index, player in enumerate(players, start=1)}
    wins, byes, played = Counter(), Counter(), set()
    rounds = swiss_rounds(len(players))
    event.settings = {"swiss_rounds": rounds}
    pairings = pair_first_round(players)
    for round_number in range(1, rounds + 1):
        if round_number > 1:
            field_ = [SwissPlayer(p, seed[p], wins[p], byes[p]) for p in players]
            pairings = pair_round(field_, played, round_number=round_number, allow_repeats=True)
        for number, pairing in enumerate(pairings, start=1):
            _swiss_pairing(event, round_number, number, pairing.first, pairing.second, beats, wins,
                           byes, played)
    event.places = _table_places(players, wins)


def _monrad(event: PlannedEvent, beats: Beats, rng: random.Random) -> None:
    players = list(event.seeded)
    wins, byes, played = Counter(), Counter(), set()
    rounds = swiss_rounds(len(players)) + 1
    event.settings = {"swiss_rounds": rounds}
    for round_number in range(1, rounds + 1):
        ranking = sorted(players, key=lambda p: -wins[p])  # stable: seed order breaks ties
        pairings = pair_monrad_round(ranking, played, set(byes), round_number=round_number,
                                     allow_repeats=True)
        for number, pairing in enumerate(pairings, start=1):
            _swiss_pairing(event, round_number, number, pairing.first, pairing.second, beats, wins,
                           byes, played)
    event.places = _table_places(players, wins)


def _swiss_losses(event: PlannedEvent, beats: Beats, rng: random.Random) -> None:
    players = list(event.seeded)
    seed = {player: index for index, player in enumerate(players, start=1)}
    limit = 2
    event.settings = {"losses_limit": limit}
    wins, losses, byes, played = Counter(), Counter(), Counter(), set()
    pairings, rounds = pair_first_round(players), 0
    while True:
        rounds += 1
        for number, pairing in enumerate(pairings, start=1):
            _swiss_pairing(event, rounds, number, pairing.first, pairing.second, beats, wins, byes,
                           played, losses)
        if is_finished(len(still_in(players, losses, limit)), rounds):
            break
        field_ = [SwissPlayer(p, seed[p], wins[p], byes[p]) for p in players]
        pairings = pair_losses_round(field_, losses, played, limit=limit, round_number=rounds + 1)
    event.places = _table_places(players, wins)


PLAYERS: dict[str, Callable[[PlannedEvent, Beats, random.Random], None]] = {
    "knockout": _knockout,
    "double_elimination": _double_elimination,
    "round_robin": _round_robin,
    "groups_knockout": _groups_knockout,
    "swiss": _swiss,
    "monrad": _monrad,
    "swiss_losses": _swiss_losses,
}
