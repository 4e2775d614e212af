"""Events played as tables in the database: round robins, the groups before a knockout,
and the rounds, results and standings the Swiss formats share (``services.swiss``).

Pairings come from ``tournaments.draws.round_robin``; standings from
``tournaments.standings`` with the tiebreak order the director set (else the format's).
Table pairings live in the format's ``table_flight`` (``group`` or ``swiss``); a bye is a
pairing with no bottom player, decided for the top one.
"""

from __future__ import annotations

from collections.abc import Collection

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from games.services.scoring import to_points
from tournaments.draws.knockout import draw_from_positions
from tournaments.draws.round_robin import (
    group_knockout_positions,
    knockout_positions_short,
    round_robin,
    snake_groups,
)
from tournaments.models import Entry, Flight, Pairing, Tournament
from tournaments.services import games_adapter
from tournaments.services.common import ActionError, record, require_no_duplicates, require_status
from tournaments.services.divisions import division_finished
from tournaments.services.knockout import (
    active_entries,
    create_pairings,
    seeded_entries,
    sync_bracket,
)
from tournaments.standings import MatchResult, Standings, compute_standings

TABLE_FLIGHTS = (Flight.GROUP, Flight.SWISS)


def seed_entries(tournament: Tournament, entries: list[Entry]) -> list[int]:
    seeded = seeded_entries(tournament, entries)
    by_id = {entry.pk: entry for entry in entries}
    tournament.entries.update(seed=None, position=None, group=None)
    for seed, entry_id in enumerate(seeded, start=1):
        by_id[entry_id].seed = seed
    return seeded


def deal_groups(tournament: Tournament) -> tuple[Tournament, list[Entry], list[list[int]]]:
    """The first steps of a table draw, in the caller's transaction: lock the event, check
    it may be drawn with its entrants, seed them and deal them into groups (snake; one
    group unless the event plays groups then knockout), each entry's group set on it.
    Returns the locked event, its entries and the groups (entry ids by seed)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_status(tournament, Tournament.Status.DRAFT, Tournament.Status.REGISTRATION,
                   action="Making the draw")
    entries = active_entries(tournament)
    tournament.event_format.check_settings(tournament, len(entries))
    require_no_duplicates(entries)
    seeded = seed_entries(tournament, entries)
    groups = [seeded]
    if tournament.format == Tournament.Format.GROUPS_KNOCKOUT:
        groups = snake_groups(seeded, tournament.group_count)
    by_id = {entry.pk: entry for entry in entries}
    for group_number, players in enumerate(groups, start=1):
        for entry_id in players:
            by_id[entry_id].group = group_number
    return tournament, entries, groups


@transaction.atomic
def make_round_robin_draw(*, tournament: Tournament, actor: AbstractBaseUser | None) -> int:
    """Number the players by seed, deal groups (snake), pair every round; start round 1.

    Returns the number of pairings made.
    """
    tournament, entries, groups = deal_groups(tournament)
    pairings: list[Pairing] = []
    for group_number, players in enumerate(groups, start=1):
        for round_pairings in round_robin(players, cycles=tournament.cycles):
            for number, pair in enumerate(round_pairings, start=1):
                pairings.append(table_pairing(tournament, Flight.GROUP, group_number, number, pair.round,
                                         pair.first, pair.second))
    Entry.objects.bulk_update(entries, ["seed", "group"])
    Pairing.objects.bulk_create(pairings)
    tournament.status = Tournament.Status.RUNNING
    tournament.save()
    start_round(tournament=tournament, actor=actor)
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
    return max(
        (p.round for p in tournament.pairings.filter(flight__in=TABLE_FLIGHTS).only("round")),
        default=0,
    )


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
    waiting = list(
        tournament.pairings.filter(
            flight__in=TABLE_FLIGHTS, round__lte=target, state=Pairing.State.WAITING
        ).select_related("top", "bottom")
    )
    length = tournament.length_for(tournament.event_format.table_flight or Flight.GROUP, 1, 1)
    matches = games_adapter.create_matches([
        games_adapter.new_match(tournament, length, p.top.player_id, p.bottom.player_id)
        for p in waiting
    ])
    for pairing, match in zip(waiting, matches, strict=True):
        pairing.match, pairing.state = match, Pairing.State.READY
    Pairing.objects.bulk_update(waiting, ["match", "state"])
    tournament.current_round = target
    tournament.save(update_fields=["current_round"])
    record(tournament, actor, "round_started", after={"round": target})
    from tournaments.services.day import after_draw_change  # walkovers, announcements

    after_draw_change(tournament)
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
        from tournaments.services.playoffs import places_after_playoffs

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


def table_results(pairings: list[Pairing]) -> list[MatchResult]:
    """Standings input from decided pairings (their matches' scores) and byes."""
    results = []
    for p in pairings:
        if p.state == Pairing.State.BYE:
            results.append(MatchResult(first=p.top_id, second=None, winner=p.top_id))
        elif p.state == Pairing.State.DECIDED and p.match is None:  # a walkover
            results.append(MatchResult(first=p.top_id, second=p.bottom_id, winner=p.winner_id,
                                       walkover=True))
        elif p.state == Pairing.State.DECIDED and p.match is not None:
            results.append(MatchResult(
                first=p.top_id, second=p.bottom_id, winner=p.winner_id,
                first_score=to_points(p.match.score1), second_score=to_points(p.match.score2),
                length=p.match.length,
            ))
    return results


def table_standings(
    tournament: Tournament, *, flight: str = Flight.GROUP, group: int | None = None,
    pairings: list[Pairing] | None = None, entry_ids: list[int] | None = None,
    withdrawn: Collection[int] = (),
) -> Standings:
    """Standings of a group (or the whole event) with the event's tiebreak order.

    Withdrawn entrants stay in (their results stand for their opponents) and are listed
    after everyone still in the event (tournaments.standings.compute_standings); given
    ``entry_ids``, ``withdrawn`` says which of them withdrew.
    """
    if pairings is None:
        query = tournament.pairings.filter(flight=flight).select_related("match")
        if group is not None:
            query = query.filter(group=group)
        pairings = list(query)
    if entry_ids is None:
        entries = tournament.entries.all()
        if group is not None:
            entries = entries.filter(group=group)
        rows = list(entries.order_by("seed", "pk").values_list("pk", "withdrawn"))
        entry_ids = [pk for pk, _ in rows]
        withdrawn = {pk for pk, gone in rows if gone}
    order = tournament.tiebreaks or tournament.event_format.default_tiebreaks
    return compute_standings(entry_ids, table_results(pairings), order,
                             penalties=penalties_of(tournament, entry_ids), withdrawn=withdrawn)


def penalties_of(tournament: Tournament, entry_ids: list[int]) -> dict[int, int]:
    """Penalty points of late entries (LateEntryRule.PENALTY), taken off their match wins."""
    return dict(tournament.entries.filter(pk__in=entry_ids, penalty_points__gt=0)
                .values_list("pk", "penalty_points"))


@transaction.atomic
def make_group_knockout(*, tournament: Tournament, actor: AbstractBaseUser | None) -> str:
    """The knockout of the top finishers of each group, once every group match is over.

    Returns ``"knockout"`` once it is drawn, or ``"playoff"`` when players tied on a
    group's play-off places (``playoff_places``) must first play off: the knockout is
    drawn when the director asks again after the play-offs.
    """
    from tournaments.services.groups import group_orders, require_group_rounds_played

    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not tournament.event_format.bracket or tournament.draw_size:
        raise ActionError("no_group_knockout", "This event has no group knockout still to draw.")
    unfinished = tournament.pairings.filter(flight=Flight.GROUP).exclude(
        state__in=[Pairing.State.DECIDED, Pairing.State.BYE]
    )
    if unfinished.exists():
        raise ActionError("groups_not_finished",
                          "Every group match needs a confirmed result before the knockout.")
    require_group_rounds_played(tournament)
    group_numbers = sorted(set(tournament.entries.exclude(group=None).values_list("group", flat=True)))
    orders, playoffs_opened = group_orders(tournament, group_numbers)
    if playoffs_opened:
        return "playoff"
    per_group = tournament.qualifiers_per_group
    qualifiers = [orders[group][:per_group] for group in group_numbers]
    entries = {e.pk: e for e in tournament.entries.all()}
    left = [player for group in qualifiers for player in group]
    if len(left) < 2:  # withdrawals left nobody to play the winner: the groups decide
        return _finish_without_knockout(tournament, entries, left, actor)
    if any(len(group) < per_group for group in qualifiers):  # withdrawals: byes for the missing
        positions = knockout_positions_short(qualifiers, per_group)
    else:
        positions = group_knockout_positions(qualifiers)
    draw = draw_from_positions(positions, consolation="none")
    for position, entry_id in enumerate(positions):
        if entry_id is not None:
            entries[entry_id].position = position
    Entry.objects.bulk_update(entries.values(), ["position"])
    _place_non_qualifiers(entries, {p for p in positions if p is not None})
    tournament.draw_size = draw.size
    tournament.save(update_fields=["draw_size"])
    create_pairings(tournament, (m.key for m in draw.matches))
    sync_bracket(tournament)
    record(tournament, actor, "group_knockout_draw", after={"qualifiers": qualifiers})
    return "knockout"


def _finish_without_knockout(tournament: Tournament, entries: dict[int, Entry], left: list[int],
                             actor: AbstractBaseUser | None) -> str:
    """Every group's players but one (or all) withdrew: that player wins, the others keep
    share the places after them, and the event is over without a knockout."""
    for entry_id in left:
        entries[entry_id].place_first = entries[entry_id].place_last = 1
    Entry.objects.bulk_update([entries[e] for e in left], ["place_first", "place_last"])
    _place_non_qualifiers(entries, set(left))
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    record(tournament, actor, "finished_without_knockout", after={"winner": left})
    division_finished(tournament)
    return "finished"


def _place_non_qualifiers(entries: dict[int, Entry], qualified: set[int]) -> None:
    others = [e for e in entries.values() if e.pk not in qualified and not e.withdrawn]
    for entry in others:
        entry.place_first, entry.place_last = len(qualified) + 1, len(qualified) + len(others)
    Entry.objects.bulk_update(others, ["place_first", "place_last"])
