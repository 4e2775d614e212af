"""What a match gets as it becomes ready to play: a table, the time it became ready, the
forfeit clock of its round and, on its match, the round's time control and the clock the
event's clock rule gives it (``event_rules.match_clock``).

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


# what stamp_ready writes on a match (services.day writes them on saved matches)
MATCH_STAMPS = ("time_control", "clocks_required", "clock_seconds", "clock_delay_seconds")


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
    Their matches (saved or not) get their round's time control and their clock unless
    they have started (``started``: match ids). Returns the matches changed."""
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
        match = pairing.match
        if match is not None and match.pk not in started \
                and _stamp_match(tournament, match, rules.time_control_for(controls, pairing.round)):
            matches.append(match)
    return matches


def stamp_round_match(tournament: Tournament, match: Match, round_number: int) -> None:
    """Give an unsaved match what ``stamp_ready`` gives the matches of round ``round_number``
    (its time control and clock): a template for many matches of that round."""
    controls = rules.parse_time_controls(tournament.time_controls)
    _stamp_match(tournament, match, rules.time_control_for(controls, round_number))


def _stamp_match(tournament: Tournament, match: Match, control: rules.TimeControl | None) -> bool:
    """Give a match its round's time control (when the event writes one) and the clock
    the event's clock rule works out for its length; whether anything changed."""
    changed = False
    if control is not None:
        match.time_control = control.text
        match.clocks_required = control.clocks_required
        changed = True
    clock = rules.match_clock(
        tournament.clock_rule, length=match.length,
        minutes_per_point=tournament.clock_minutes_per_point,
        delay_seconds=tournament.clock_delay_seconds, bank_minutes=tournament.clock_bank_minutes)
    stamped = (clock.bank_seconds, clock.delay_seconds) if clock else (None, None)
    if (match.clock_seconds, match.clock_delay_seconds) != stamped:
        match.clock_seconds, match.clock_delay_seconds = stamped
        changed = True
    return changed
