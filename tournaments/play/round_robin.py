"""Events played as tables in the database: round robins, the groups before a knockout,
and the rounds, results and standings the Swiss formats share (``play.swiss``).

Pairings come from ``tournaments.draws.round_robin``; standings from
``tournaments.standings`` with the tiebreak order the director set (else the format's).
Table pairings live in the format's ``table_flight`` (``group`` or ``swiss``); a bye is a
pairing with no bottom player, decided for the top one.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from common.bulk import update_rows
from tournaments import page_cache
from tournaments.draws.round_robin import round_robin, snake_groups
from tournaments.models import Entry, Flight, Pairing, Tournament
from tournaments.play import games_adapter
from tournaments.play.common import ActionError, record, require_status
from tournaments.play.divisions import division_finished
from tournaments.play.knockout import lock_for_draw, seeded_entries
from tournaments.play.playoffs import places_after_playoffs
from tournaments.play.ready import stamp_ready, stamp_round_match, tables_in_use
from tournaments.play.tables import TABLE_FLIGHTS, table_standings
from tournaments.signals import draw_changed


def seed_entries(tournament: Tournament, entries: list[Entry]) -> list[int]:
    seeded = seeded_entries(tournament, entries)
    by_id = {entry.pk: entry for entry in entries}
    tournament.entries.update(seed=None, position=None, group=None)
    for seed, entry_id in enumerate(seeded, start=1):
        by_id[entry_id].seed = seed
    return seeded


def deal_groups(tournament: Tournament, *, in_groups: bool = False,
                ) -> tuple[Tournament, list[Entry], list[list[int]]]:
    """The first steps of a table draw, in the caller's transaction: lock the event, check
    it may be drawn with its entrants, seed them and deal them into groups (``in_groups``:
    the event's ``group_count`` groups, snake; else one), each entry's group set on it.
    Returns the locked event, its entries and the groups (entry ids by seed)."""
    tournament, entries = lock_for_draw(tournament)
    seeded = seed_entries(tournament, entries)
    groups = [seeded]
    if in_groups:
        groups = snake_groups(seeded, tournament.group_count)
    by_id = {entry.pk: entry for entry in entries}
    for group_number, players in enumerate(groups, start=1):
        for entry_id in players:
            by_id[entry_id].group = group_number
    return tournament, entries, groups


@transaction.atomic
def make_round_robin_draw(*, tournament: Tournament, actor: AbstractBaseUser | None,
                          in_groups: bool = False) -> int:
    """Number the players by seed, deal groups (snake), pair every round; start round 1.

    Returns the number of pairings made.
    """
    tournament, entries, groups = deal_groups(tournament, in_groups=in_groups)
    pairings: list[Pairing] = []
    for group_number, players in enumerate(groups, start=1):
        for round_pairings in round_robin(players, cycles=tournament.cycles):
            for number, pair in enumerate(round_pairings, start=1):
                pairings.append(table_pairing(tournament, Flight.GROUP, group_number, number, pair.round,
                                         pair.first, pair.second))
    Entry.objects.bulk_update(entries, ["seed", "group"])
    tournament.status = Tournament.Status.RUNNING
    tournament.save()
    # round 1 opens as it is created: every pairing is written once
    open_rounds(tournament, actor, target=1, pairings=pairings, entries={e.pk: e for e in entries})
    record(tournament, actor, "round_robin_draw", after={"groups": groups, "cycles": tournament.cycles})
    return len(pairings)


def table_pairing(
    tournament: Tournament, flight: str, group: int, number: int, round_number: int,
    first: int, second: int | None,
) -> Pairing:
    if second is None:
        return Pairing(tournament=tournament, flight=flight, group=group, round=round_number,
                       number=number, top_id=first, winner_id=first, state=Pairing.State.BYE)
    return Pairing(tournament=tournament, flight=flight, group=group, round=round_number,
                   number=number, top_id=first, bottom_id=second, state=Pairing.State.WAITING)


def last_round(tournament: Tournament) -> int:
    return tournament.pairings.filter(flight__in=TABLE_FLIGHTS).aggregate(last=Max("round"))["last"] or 0


@transaction.atomic
def start_round(
    *, tournament: Tournament, actor: AbstractBaseUser | None, through: int | None = None
) -> int:
    """Open the next round (or every round up to ``through``): its matches are created.

    Returns the round now current.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_status(tournament, Tournament.Status.RUNNING, action="Starting a round")
    final = last_round(tournament)
    target = min(through or tournament.current_round + 1, final)
    if target <= tournament.current_round:
        raise ActionError("no_round_to_start", "Every round of this event has already started.")
    return open_waiting(tournament, actor, target=target)


@dataclass
class Opening:
    """A waiting table pairing as its round opens: what ``play.ready`` stamps, the write
    and the announcement read (``draw_changed``'s ``stamped``), without a model instance
    (a league opens thousands of pairings at once)."""

    pk: int
    tournament_id: int
    flight: str
    group: int
    round: int
    number: int
    top_id: int
    bottom_id: int
    table: str
    ready_at: datetime | None
    forfeit_at: datetime | None
    announced_for: str
    state: str = Pairing.State.WAITING
    match_id: int | None = None
    match: None = None  # stamp_ready stamps the rounds' template matches instead


OPENING_COLUMNS = ("pk", "tournament_id", "flight", "group", "round", "number", "top_id", "bottom_id",
                   "table", "ready_at", "forfeit_at", "announced_for")
OPENED_FIELDS = ["match", "state", "announced_for", "ready_at", "forfeit_at", "table"]


def open_waiting(tournament: Tournament, actor: AbstractBaseUser | None, *, target: int) -> int:
    """Open the waiting rounds up to ``target``, set-based: as ``open_rounds`` does for new
    pairings (each gets its match and is stamped ready, a withdrawn player's
    unannounced), read and written as rows: one read, one insert of the matches (copies of
    each round's stamped match) and one write of the pairings a batch."""
    waiting = [Opening(*row) for row in tournament.pairings.filter(
        flight__in=TABLE_FLIGHTS, round__lte=target, state=Pairing.State.WAITING,
    ).order_by("flight", "round", "number", "pk").values_list(*OPENING_COLUMNS)]
    players = dict(tournament.entries.values_list("pk", "player_id"))
    withdrawn = set(tournament.entries.filter(withdrawn=True).values_list("pk", flat=True))
    for pairing in waiting:
        pairing.state = Pairing.State.READY
    fresh = [p for p in waiting if p.top_id not in withdrawn and p.bottom_id not in withdrawn]
    stamp_ready(tournament, fresh, taken=tables_in_use(tournament), now=timezone.now())  # type: ignore[arg-type]
    length = tournament.length_for(tournament.event_format.table_flight or Flight.GROUP, 1, 1)
    plain = games_adapter.MatchMaker(tournament)(length, None, None)
    stamped: dict[int, Any] = {}  # the round's match, stamped as stamp_ready stamps its matches

    def template(pairing: Opening, announced: bool) -> Any:
        if not announced:  # a withdrawn player's match: a walkover next, never stamped
            return plain
        if pairing.round not in stamped:
            stamped[pairing.round] = copy.copy(plain)
            stamp_round_match(tournament, stamped[pairing.round], pairing.round)
        return stamped[pairing.round]

    announced = {id(p) for p in fresh}
    ids = games_adapter.insert_matches([
        (template(p, id(p) in announced), players[p.top_id], players[p.bottom_id]) for p in waiting])
    for pairing, match_id in zip(waiting, ids, strict=True):
        pairing.match_id = match_id
    update_rows(Pairing, waiting, OPENED_FIELDS)  # type: ignore[arg-type]
    page_cache.touch([tournament.pk])
    page_cache.touch_frames([tournament.pk])  # their matches: in their players' own lists
    tournament.current_round = target
    tournament.save(update_fields=["current_round"])
    record(tournament, actor, "round_started", after={"round": target})
    draw_changed.send(sender=Tournament, tournament=tournament, stamped=fresh)
    return target


def open_rounds(tournament: Tournament, actor: AbstractBaseUser | None, *, target: int,
                pairings: list[Pairing], entries: dict[int, Entry]) -> int:
    """Open the rounds up to ``target`` of new ``pairings`` (a draw, or a Swiss round): the
    waiting ones (up to that round) get their matches and are stamped ready
    (``play.ready``), then every pairing is created, once, in its final state. Rounds of
    pairings already saved open through ``open_waiting``."""
    waiting = [p for p in pairings if p.state == Pairing.State.WAITING and p.round <= target]
    length = tournament.length_for(tournament.event_format.table_flight or Flight.GROUP, 1, 1)
    new_match = games_adapter.MatchMaker(tournament)
    matches = [new_match(length, entries[p.top_id].player_id, entries[p.bottom_id].player_id)  # type: ignore[index]
               for p in waiting]
    for pairing, match in zip(waiting, matches, strict=True):
        pairing.match, pairing.state = match, Pairing.State.READY
    # a withdrawn player's match becomes a walkover (play.walkovers), unannounced
    fresh = [p for p in waiting if not (entries[p.top_id].withdrawn or entries[p.bottom_id].withdrawn)]  # type: ignore[index]
    stamp_ready(tournament, fresh, taken=tables_in_use(tournament), now=timezone.now())
    for pairing, match in zip(waiting, games_adapter.create_matches(matches), strict=True):
        pairing.match = match
    Pairing.objects.bulk_create(pairings)
    tournament.current_round = target
    tournament.save(update_fields=["current_round"])
    record(tournament, actor, "round_started", after={"round": target})
    draw_changed.send(sender=Tournament, tournament=tournament, stamped=fresh)
    return target


def record_table_result(pairing: Pairing, winner: Entry) -> None:
    """A confirmed (or corrected) result of a table match; the format decides what follows."""
    pairing.winner = winner
    pairing.state = Pairing.State.DECIDED
    pairing.save(update_fields=["winner", "state"])


def table_finished(tournament: Tournament) -> bool:
    """Every table pairing made so far has a result (or is a bye)."""
    return not tournament.pairings.filter(flight__in=TABLE_FLIGHTS).exclude(
        state__in=[Pairing.State.DECIDED, Pairing.State.BYE]
    ).exists()


def finish_table(tournament: Tournament) -> None:
    """Places from the standings of the format's table; the event is finished (after
    play-offs for ties on the places that matter, when the event has them)."""
    entries = {e.pk: e for e in tournament.entries.all()}
    standings = table_standings(tournament, flight=tournament.event_format.table_flight, group=None)
    groups = standings.place_groups()
    if tournament.playoff_places:
        decided = places_after_playoffs(tournament, standings)
        if decided is None:  # play-offs under way
            return
        groups = decided
    for group in groups:
        for entry_id in group.players:
            if not entries[entry_id].withdrawn:  # listed last, without a place
                entries[entry_id].place_first, entries[entry_id].place_last = group.first, group.last
    Entry.objects.bulk_update(entries.values(), ["place_first", "place_last"])
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    division_finished(tournament)
