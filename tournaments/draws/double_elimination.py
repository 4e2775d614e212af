"""Double elimination: a winners' bracket, a losers' bracket and a grand final.

Nobody is out before their second loss. The winners' bracket is the ordinary knockout
(the ``main`` flight: byes to the top seeds in round 1, standard bracket order). Its
losers drop into the losers' bracket (the ``losers`` flight):

* losers' round 1: the losers of winners' round 1 play each other (S/4 matches for a
  draw of size S);
* then, for each later winners' round w, a *feed* round where the survivors meet the
  losers of winners' round w, preceded from w = 3 on by a *reduce* round where the
  survivors play each other. Losers' bracket rounds: 2·(log2 S − 1).

Dropped players are fed in an order that keeps them away from the part of the losers'
bracket their winners' bracket opponents came from: reversed for even winners' rounds,
halves swapped for odd ones (the usual way to put off rematches).

The grand final (flight ``grand_final``, round 1) pairs the winners' bracket champion
(top, no loss) with the losers' bracket champion (bottom, one loss). With the reset
option, if the bottom player wins, both have one loss and they play again (round 2);
otherwise that second match is empty.

A byes in the winners' round 1 leaves an empty slot in the losers' round 1, so its
neighbour goes through without playing; ``tournaments.draws.progress.resolve`` handles
that like any bye. Places: see ``double_elimination_places``.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from tournaments.draws.knockout import (
    MAIN,
    BracketMatch,
    ConsolationMode,
    KnockoutDraw,
    LoserOf,
    MatchKey,
    ResetOf,
    Source,
    WinnerOf,
    knockout_flight,
    positions_from_seeds,
)
from tournaments.draws.progress import (
    FINISHED,
    PENDING,
    BracketState,
    Occupant,
    PlaceGroup,
    Status,
)
from tournaments.draws.seeding import check_entrants
from tournaments.errors import DrawError

PlayerId = Hashable

WINNERS = MAIN
LOSERS = "losers"
GRAND_FINAL = "grand_final"
FINAL = MatchKey(GRAND_FINAL, 1, 1)
RESET = MatchKey(GRAND_FINAL, 2, 1)
MINIMUM_ENTRANTS = 2


def draw_double_elimination(seeded: Sequence[PlayerId], *, reset: bool = True) -> KnockoutDraw:
    """The whole double elimination for players in seed order (index 0 is seed 1)."""
    check_entrants(seeded, minimum=MINIMUM_ENTRANTS, what="A double elimination")
    return double_elimination_from_positions(positions_from_seeds(seeded), reset=reset)


def double_elimination_from_positions(
    positions: Sequence[PlayerId | None], *, reset: bool = True
) -> KnockoutDraw:
    """The double elimination whose winners' round-1 slots are given (None = bye)."""
    check_entrants([p for p in positions if p is not None], minimum=MINIMUM_ENTRANTS,
                   what="A double elimination")
    size = len(positions)
    if size < 2 or size & (size - 1):
        raise DrawError(
            "bad_draw_size",
            f"A knockout draw has a size that is a power of two; {size} is not.",
            {"size": size},
        )
    matches = knockout_flight(WINNERS, positions)
    matches += losers_bracket(size)
    winners_rounds = size.bit_length() - 1
    winners_champion = WinnerOf(MatchKey(WINNERS, winners_rounds, 1))
    if size == 2:  # no losers' bracket: the only loser comes straight to the final
        losers_champion: Source = LoserOf(MatchKey(WINNERS, 1, 1))
    else:
        losers_champion = WinnerOf(MatchKey(LOSERS, 2 * winners_rounds - 2, 1))
    matches.append(BracketMatch(FINAL, winners_champion, losers_champion))
    if reset:
        matches.append(BracketMatch(RESET, ResetOf(FINAL, "top"), ResetOf(FINAL, "bottom")))
    return KnockoutDraw(
        size=size, positions=tuple(positions), matches=tuple(matches),
        consolation=ConsolationMode.NONE,
    )


def losers_bracket(size: int) -> list[BracketMatch]:
    """The losers' bracket of a winners' bracket of ``size`` positions (a power of two)."""
    if size < 4:
        return []
    winners_rounds = size.bit_length() - 1
    alive = size // 4
    matches = [
        BracketMatch(
            MatchKey(LOSERS, 1, j),
            LoserOf(MatchKey(WINNERS, 1, 2 * j - 1)),
            LoserOf(MatchKey(WINNERS, 1, 2 * j)),
        )
        for j in range(1, alive + 1)
    ]
    rnd = 1
    for winners_round in range(2, winners_rounds + 1):
        if winners_round > 2:  # reduce round: the survivors play each other
            rnd += 1
            alive //= 2
            matches.extend(
                BracketMatch(
                    MatchKey(LOSERS, rnd, j),
                    WinnerOf(MatchKey(LOSERS, rnd - 1, 2 * j - 1)),
                    WinnerOf(MatchKey(LOSERS, rnd - 1, 2 * j)),
                )
                for j in range(1, alive + 1)
            )
        rnd += 1
        matches.extend(
            BracketMatch(
                MatchKey(LOSERS, rnd, j),
                WinnerOf(MatchKey(LOSERS, rnd - 1, j)),
                LoserOf(MatchKey(WINNERS, winners_round, feed_position(j, alive, winners_round))),
            )
            for j in range(1, alive + 1)
        )
    return matches


def feed_position(j: int, count: int, winners_round: int) -> int:
    """Which winners' round match feeds losers' feed match ``j`` of ``count``."""
    if winners_round % 2 == 0:
        return count + 1 - j
    return (j - 1 + count // 2) % count + 1


def champion(state: BracketState) -> Occupant:
    """The winner of the event, or PENDING while the final (or its reset) is to be played."""
    final = state[FINAL]
    if RESET in state.matches and state[RESET].status is Status.DECIDED:
        return state[RESET].winner
    if final.status is Status.DECIDED and (
        RESET not in state.matches or state[RESET].status is Status.EMPTY
    ):
        return final.winner
    return PENDING


def losses(state: BracketState) -> dict[PlayerId, int]:
    """Confirmed losses of every player who has lost at least once."""
    counted: dict[PlayerId, int] = {}
    for match in state.matches.values():
        if match.status is Status.DECIDED:
            counted[match.loser] = counted.get(match.loser, 0) + 1
    return counted


def double_elimination_places(state: BracketState) -> tuple[PlaceGroup, ...]:
    """Places decided so far. A player's place depends on when they were knocked out.

    The losers of a losers' bracket round share a place range, placed once that round
    and every earlier one are finished; the runner-up and the champion once the event
    is won.
    """
    entrants = {p for m in state.matches.values() for p in m.players}
    by_round: dict[int, list] = {}
    for match in state.flight(LOSERS):
        by_round.setdefault(match.key.round, []).append(match)
    groups: list[PlaceGroup] = []
    eliminated = 0
    for rnd in sorted(by_round):
        if any(m.status not in FINISHED for m in by_round[rnd]):
            break
        knocked_out = tuple(m.loser for m in by_round[rnd] if m.status is Status.DECIDED)
        if knocked_out:
            last = len(entrants) - eliminated
            groups.append(PlaceGroup(last - len(knocked_out) + 1, last, knocked_out))
            eliminated += len(knocked_out)
    winner = champion(state)
    if winner is not PENDING:
        final = state[FINAL]
        decider = state[RESET] if RESET in state.matches and state[RESET].status is Status.DECIDED else final
        groups.append(PlaceGroup(2, 2, (decider.loser,)))
        groups.append(PlaceGroup(1, 1, (winner,)))
    return tuple(sorted(groups, key=lambda group: group.first))
