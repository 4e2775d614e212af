"""What a match gets as it becomes ready to play: a table, the time it became ready, the
forfeit clock of its round and, on its match, the round's time control.

Stamped on pairings in memory, so that a draw or a round writes each pairing once, in
its final state (not created, then updated row by row). ``services.day.announce_ready``
stamps whatever became ready otherwise (a result moved a winner on) and announces them
all: a pairing stamped here is announced by passing its id on with ``draw_changed``
(``stamped``).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from games.models import Match
from tournaments import event_rules as rules
from tournaments.models import Pairing, Tournament


def announced_for(pairing: Pairing) -> str:
    """Who a pairing was announced for: its players (a new pair is announced again)."""
    return f"{pairing.top_id}:{pairing.bottom_id}"


def tables_in_use(tournament: Tournament) -> set[str]:
    """The tables of the event's matches being played (one query)."""
    return set(tournament.pairings.filter(state=Pairing.State.READY, match__isnull=False)
               .exclude(table="").values_list("table", flat=True))


def stamp_ready(tournament: Tournament, pairings: Iterable[Pairing], *, taken: Iterable[str],
                now: datetime, started: set[int] = frozenset(),  # type: ignore[assignment]
                announce: bool = True) -> list[Match]:
    """Stamp ready ``pairings`` (in memory, in order of flight, round and number): the
    lowest free table (``taken``: the tables in use), the time they became ready and
    their forfeit time, and (with ``announce``) the players they are announced for.
    Their matches (saved or not) get their round's time control unless they have
    started (``started``: match ids). Returns the matches changed."""
    controls = rules.parse_time_controls(tournament.time_controls)
    tables = rules.FreeTables(taken)
    matches: list[Match] = []
    for pairing in sorted(pairings, key=lambda p: (p.flight, p.round, p.number)):
        if announce:
            pairing.announced_for = announced_for(pairing)
        if pairing.ready_at is None:
            pairing.ready_at = now
            minutes = rules.forfeit_minutes_for(controls, pairing.round, tournament.forfeit_minutes)
            pairing.forfeit_at = now + timedelta(minutes=minutes) if minutes else None
        if not pairing.table:
            pairing.table = tables.lowest()
        tables.take(pairing.table)
        control = rules.time_control_for(controls, pairing.round)
        match = pairing.match
        if control is not None and match is not None and match.pk not in started:
            match.time_control = control.text
            match.clocks_required = control.clocks_required
            matches.append(match)
    return matches
