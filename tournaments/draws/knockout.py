"""Knockout brackets: the main flight, the consolation flight and the last-chance flight.

tournaments.md §2. A draw is a tuple of ``BracketMatch`` values, each naming where its
two players come from (a fixed entrant, an empty slot, the winner or loser of another
match). The whole structure is fixed when the draw is made; who actually plays where is
worked out from the confirmed results by ``tournaments.draws.progress.resolve``.

Matches are numbered per flight and round from the top of the bracket, starting at 1.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from tournaments.draws.seeding import check_entrants, draw_size, standard_order
from tournaments.errors import DrawBug, DrawError

PlayerId = Hashable

MAIN = "main"
CONSOLATION = "consolation"
LAST_CHANCE = "last_chance"
FLIGHT_ORDER = (MAIN, CONSOLATION, LAST_CHANCE)


@dataclass(frozen=True, order=True, slots=True)
class MatchKey:
    flight: str
    round: int
    number: int

    def __str__(self) -> str:
        flight = self.flight.replace("_", "-")
        return f"round {self.round} match {self.number} of the {flight} flight"


@dataclass(frozen=True, slots=True)
class Entrant:
    """A fixed player, placed when the draw is made."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class Empty:
    """An empty slot: whoever meets it has a bye."""


@dataclass(frozen=True, slots=True)
class WinnerOf:
    match: MatchKey


@dataclass(frozen=True, slots=True)
class LoserOf:
    """The loser of a match; nobody (a bye) if that match was itself a bye."""

    match: MatchKey


@dataclass(frozen=True, slots=True)
class FirstMatchLoserOf:
    """The player who lost their first real match, starting from main round-1 match ``first``.

    If ``first`` was played, its loser. If it was a bye, the bye-holder when it lost
    ``second`` (the main round-2 match it went on to), else nobody (§2.2.2).
    """

    first: MatchKey
    second: MatchKey


@dataclass(frozen=True, slots=True)
class ResetOf:
    """One side of a match played only if the bottom player of ``match`` won it.

    The grand final of a double elimination: its top player comes unbeaten from the
    winners' bracket. If that player wins, the event is over (nobody here); if the
    losers' bracket champion wins, both have lost once and ``side`` of ``match`` plays
    again in the reset match.
    """

    match: MatchKey
    side: str  # "top" or "bottom"


Source = Entrant | Empty | WinnerOf | LoserOf | FirstMatchLoserOf | ResetOf


@dataclass(frozen=True, slots=True)
class BracketMatch:
    key: MatchKey
    top: Source
    bottom: Source


class ConsolationMode(str, Enum):
    NONE = "none"
    FIRST_MATCH_LOSERS = "first_match_losers"  # default, §2.2
    ROUND_ONE_LOSERS = "round_one_losers"  # option, §2.2
    PROGRESSIVE = "progressive"  # option, §2.4


@dataclass(frozen=True)
class KnockoutDraw:
    """All flights of a knockout event, in an order where sources come before their use."""

    size: int
    positions: tuple[PlayerId | None, ...]  # main round-1 slots, top to bottom; None = bye
    matches: tuple[BracketMatch, ...]
    consolation: ConsolationMode = ConsolationMode.FIRST_MATCH_LOSERS
    _index: Mapping[MatchKey, BracketMatch] = field(
        default_factory=dict, compare=False, repr=False, hash=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {match.key: match for match in self.matches})

    def match(self, key: MatchKey) -> BracketMatch:
        return self._index[key]

    def __contains__(self, key: object) -> bool:
        return key in self._index

    def rounds(self, flight: str = MAIN) -> int:
        return max((m.key.round for m in self.matches if m.key.flight == flight), default=0)

    def flight(self, flight: str) -> tuple[BracketMatch, ...]:
        return tuple(match for match in self.matches if match.key.flight == flight)

    @property
    def entrants(self) -> tuple[PlayerId, ...]:
        return tuple(player for player in self.positions if player is not None)


def positions_from_seeds(seeded: Sequence[PlayerId]) -> tuple[PlayerId | None, ...]:
    """Main round-1 slots for players in seed order; seeds beyond P are byes (§2.1)."""
    size = draw_size(max(len(seeded), 2))
    return tuple(seeded[seed - 1] if seed <= len(seeded) else None for seed in standard_order(size))


def knockout_flight(flight: str, positions: Sequence[PlayerId | None]) -> list[BracketMatch]:
    """A plain single-elimination bracket over ``positions`` (length a power of two)."""
    size = len(positions)
    if size < 2 or size & (size - 1):
        raise DrawBug(f"bracket of {size} positions is not a power of two")
    matches = [
        BracketMatch(MatchKey(flight, 1, j + 1), _slot(positions[2 * j]), _slot(positions[2 * j + 1]))
        for j in range(size // 2)
    ]
    matches.extend(_later_rounds(flight, first_round=2, count=size // 4))
    return matches


def _slot(player: PlayerId | None) -> Source:
    return Empty() if player is None else Entrant(player)


def _later_rounds(flight: str, first_round: int, count: int) -> list[BracketMatch]:
    """Rounds where match j is the winners of matches 2j-1 and 2j of the round before."""
    matches: list[BracketMatch] = []
    rnd = first_round
    while count >= 1:
        for j in range(1, count + 1):
            matches.append(
                BracketMatch(
                    MatchKey(flight, rnd, j),
                    WinnerOf(MatchKey(flight, rnd - 1, 2 * j - 1)),
                    WinnerOf(MatchKey(flight, rnd - 1, 2 * j)),
                )
            )
        count //= 2
        rnd += 1
    return matches


def consolation_flight(
    size: int, mode: ConsolationMode, progressive_rounds: int = 2
) -> list[BracketMatch]:
    """The consolation bracket for a main draw of ``size`` (§2.2, §2.4)."""
    if mode is ConsolationMode.NONE or size < 4:
        return []
    if mode is ConsolationMode.PROGRESSIVE:
        return _progressive(size, progressive_rounds)
    first_round: list[BracketMatch] = []
    for j in range(1, size // 4 + 1):
        sources: list[Source] = []
        for m in (2 * j - 1, 2 * j):
            first = MatchKey(MAIN, 1, m)
            if mode is ConsolationMode.FIRST_MATCH_LOSERS:
                sources.append(FirstMatchLoserOf(first, MatchKey(MAIN, 2, (m + 1) // 2)))
            else:
                sources.append(LoserOf(first))
        first_round.append(BracketMatch(MatchKey(CONSOLATION, 1, j), sources[0], sources[1]))
    return first_round + _later_rounds(CONSOLATION, first_round=2, count=size // 8)


def _progressive(size: int, feeds: int) -> list[BracketMatch]:
    main_rounds = size.bit_length() - 1
    if not 2 <= feeds <= main_rounds - 1:
        raise DrawError(
            "bad_progressive_rounds",
            f"A progressive consolation for a {size}-draw can take losers of the first 2 to "
            f"{main_rounds - 1} main rounds, not {feeds}.",
            {"size": size, "rounds": feeds, "maximum": main_rounds - 1},
        )
    matches = [
        BracketMatch(
            MatchKey(CONSOLATION, 1, j),
            LoserOf(MatchKey(MAIN, 1, 2 * j - 1)),
            LoserOf(MatchKey(MAIN, 1, 2 * j)),
        )
        for j in range(1, size // 4 + 1)
    ]
    rnd, alive = 1, size // 4
    for main_round in range(2, feeds + 1):
        if main_round > 2:  # reduce round: the survivors play each other
            rnd += 1
            alive //= 2
            matches.extend(_later_rounds(CONSOLATION, rnd, alive)[:alive])
        rnd += 1
        # feed round: upper-half main losers meet the lower half of the consolation
        matches.extend(
            BracketMatch(
                MatchKey(CONSOLATION, rnd, j),
                WinnerOf(MatchKey(CONSOLATION, rnd - 1, j)),
                LoserOf(MatchKey(MAIN, main_round, alive + 1 - j)),
            )
            for j in range(1, alive + 1)
        )
    return matches + _later_rounds(CONSOLATION, rnd + 1, alive // 2)


def draw_from_positions(
    positions: Sequence[PlayerId | None],
    *,
    consolation: ConsolationMode | str = ConsolationMode.FIRST_MATCH_LOSERS,
    progressive_rounds: int = 2,
) -> KnockoutDraw:
    """A knockout whose main round-1 slots are given directly (None = bye)."""
    mode = ConsolationMode(consolation)
    players = [player for player in positions if player is not None]
    check_entrants(players)
    size = len(positions)
    if size < 2 or size & (size - 1):
        raise DrawError(
            "bad_draw_size",
            f"A knockout draw has a size that is a power of two; {size} is not.",
            {"size": size},
        )
    for j in range(size // 2):
        if positions[2 * j] is None and positions[2 * j + 1] is None:
            raise DrawError(
                "byes_meet",
                f"Two byes meet in round-1 match {j + 1}; byes must go to players.",
                {"match": j + 1},
            )
    matches = knockout_flight(MAIN, positions)
    matches += consolation_flight(size, mode, progressive_rounds)
    return KnockoutDraw(size=size, positions=tuple(positions), matches=tuple(matches), consolation=mode)


def draw_knockout(
    seeded: Sequence[PlayerId],
    *,
    consolation: ConsolationMode | str = ConsolationMode.FIRST_MATCH_LOSERS,
    progressive_rounds: int = 2,
) -> KnockoutDraw:
    """Main flight (and consolation) for players in seed order; byes to the top seeds."""
    check_entrants(seeded)
    return draw_from_positions(
        positions_from_seeds(seeded), consolation=consolation, progressive_rounds=progressive_rounds
    )


def add_flight(draw: KnockoutDraw, flight: str, seeded: Sequence[PlayerId]) -> KnockoutDraw:
    """Add a flight drawn later (the last chance, §2.3): a plain knockout, byes to top seeds."""
    if any(match.key.flight == flight for match in draw.matches):
        raise DrawError(
            "flight_already_drawn",
            f"The {flight.replace('_', '-')} flight has already been drawn.",
            {"flight": flight},
        )
    check_entrants(seeded, what=f"The {flight.replace('_', '-')} flight")
    matches = knockout_flight(flight, positions_from_seeds(seeded))
    return KnockoutDraw(
        size=draw.size,
        positions=draw.positions,
        matches=draw.matches + tuple(matches),
        consolation=draw.consolation,
    )
