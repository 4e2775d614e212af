"""The group stage of "groups, then a knockout" played as Swiss groups, the play-offs for
the qualifying places of the groups (issue 16), and the knockout of the qualifiers.

Swiss groups. The entrants are seeded and dealt into groups (snake seeding) as for
round-robin groups; each group then plays ``swiss_rounds`` Swiss rounds (empty: ceil(log2)
of the smallest group's size, stored at the draw), paired within the group by the Swiss
core (``tournaments.draws.swiss``: score groups, no rematch, at most one bye per player).
Every group plays round n at the same time: the director pairs the next round of all
groups at once once the current one is over. Pairings live in the ``group`` flight with
their group's number, so the crosstables, standings and the knockout of the qualifiers
read them as they read round-robin groups.

Play-offs for the qualifying places. With ``playoff_places`` = N, players of a group the
tiebreaks leave tied on one of its places 1..N play off for it (``play.playoffs``,
flight ``playoff``, the pairing's group is the group's number) when the director asks
for the knockout; the knockout is drawn, from the places the play-offs decided, once
every play-off is over and no tie is left on those places.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from tournaments.draws.knockout import draw_from_positions
from tournaments.draws.round_robin import group_knockout_positions, knockout_positions_short
from tournaments.draws.swiss import pair_first_round, pair_round, swiss_rounds
from tournaments.models import Entry, Flight, GroupFormat, Pairing, Tournament
from tournaments.play.common import ActionError, record, require_status
from tournaments.play.divisions import division_finished
from tournaments.play.knockout import active_entries, sync_bracket
from tournaments.play.playoffs import open_playoff_round
from tournaments.play.round_robin import deal_groups, start_round, table_pairing
from tournaments.play.swiss import swiss_history
from tournaments.play.tables import table_results, table_standings
from tournaments.standings import after_playoffs


def group_sizes(entrants: int, groups: int) -> list[int]:
    """The sizes of ``groups`` groups dealt from ``entrants`` players (snake seeding)."""
    return [entrants // groups + (1 if index < entrants % groups else 0) for index in range(groups)]


def default_group_rounds(smallest_group: int) -> int:
    return swiss_rounds(smallest_group)


@transaction.atomic
def make_swiss_groups_draw(*, tournament: Tournament, actor: AbstractBaseUser | None) -> int:
    """Seed, deal the groups, pair round 1 of every group (top half against bottom half of
    the group's seeds) and start it. Returns the number of pairings made."""
    tournament, entries, groups = deal_groups(tournament, in_groups=True)
    pairings: list[Pairing] = []
    for group_number, players in enumerate(groups, start=1):
        for number, pair in enumerate(pair_first_round(players), start=1):
            pairings.append(table_pairing(tournament, Flight.GROUP, group_number, number, 1,
                                          pair.first, pair.second))
    Entry.objects.bulk_update(entries, ["seed", "group"])
    Pairing.objects.bulk_create(pairings)
    tournament.swiss_rounds = tournament.swiss_rounds or default_group_rounds(
        min(len(group) for group in groups))
    tournament.status = Tournament.Status.RUNNING
    tournament.save()
    start_round(tournament=tournament, actor=actor)
    record(tournament, actor, "swiss_groups_draw",
           after={"groups": groups, "rounds": tournament.swiss_rounds})
    return len(pairings)


@transaction.atomic
def make_swiss_group_round(*, tournament: Tournament, actor: AbstractBaseUser | None,
                           allow_repeats: bool = False) -> int:
    """Pair the next Swiss round of every group from its results so far, and start it.

    Refused while a match of the current round has no result, and once every round is
    paired. Returns the round started.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_status(tournament, Tournament.Status.RUNNING, action="Pairing a Swiss round")
    if tournament.draw_size or tournament.current_round >= (tournament.swiss_rounds or 0):
        raise ActionError("all_rounds_played", "Every Swiss round of this event has been played.")
    number = tournament.current_round + 1
    pairings = list(tournament.pairings.filter(flight=Flight.GROUP))
    entries = active_entries(tournament)
    created: list[Pairing] = []
    for group in sorted({entry.group for entry in entries if entry.group is not None}):
        history = swiss_history(tournament, [p for p in pairings if p.group == group])
        if history.unfinished:
            raise ActionError("round_not_finished",
                              "Every match of the current round needs a confirmed result first.")
        members = [entry for entry in entries if entry.group == group]
        if len(members) < 2:  # the others withdrew: the one left waits for the knockout
            continue
        pairs = pair_round(history.players(members), history.played, round_number=number,
                           allow_repeats=allow_repeats)
        created.extend(table_pairing(tournament, Flight.GROUP, group, index, number, p.first, p.second)
                       for index, p in enumerate(pairs, start=1))
    Pairing.objects.bulk_create(created)
    if allow_repeats:
        record(tournament, actor, "repeats_allowed", after={"round": number})
    start_round(tournament=tournament, actor=actor)
    return number


def require_group_rounds_played(tournament: Tournament) -> None:
    """Swiss groups: every round has been paired (the results are checked by the caller)."""
    rounds = tournament.swiss_rounds or 0
    if tournament.group_format == GroupFormat.SWISS and tournament.current_round < rounds:
        raise ActionError(
            "group_rounds_left",
            f"The groups play {rounds} Swiss rounds and {tournament.current_round} have been "
            f"paired: pair the next round before the knockout.",
            {"rounds": rounds, "played": tournament.current_round})


def group_orders(tournament: Tournament, groups: list[int]) -> tuple[dict[int, list[int]], bool]:
    """Each group's entries in finishing order (play-offs counted), and whether play-offs
    are under way (then the orders are not final).

    With ``playoff_places``, a group whose tiebreaks leave players tied on one of its
    places 1..N gets a play-off round among them (another one while they stay level).
    """
    places = tournament.playoff_places or 0
    playoffs = list(tournament.pairings.filter(flight=Flight.PLAYOFF).select_related("match"))
    if any(p.state not in (Pairing.State.DECIDED, Pairing.State.BYE) for p in playoffs):
        raise ActionError("playoffs_not_finished",
                          "Every play-off match needs a confirmed result before the knockout.")
    orders: dict[int, list[int]] = {}
    opened = False
    for group in groups:
        standings = table_standings(tournament, group=group)
        if not places:
            orders[group] = [row.player for row in standings.rows if not row.withdrawn]
            continue
        own = [p for p in playoffs if p.group == group]
        placed, needed = after_playoffs(standings, table_results(own), range(1, places + 1))
        gone = {row.player for row in standings.rows if row.withdrawn}
        orders[group] = [player for place in placed for player in place.players
                         if player not in gone]
        if needed:
            open_playoff_round(tournament, needed, 1 + max((p.round for p in own), default=0),
                               group=group)
            opened = True
    return orders, opened


# --- the knockout after the groups ----------------------------------------------------------


@transaction.atomic
def make_group_knockout(*, tournament: Tournament, actor: AbstractBaseUser | None) -> str:
    """The knockout of the top finishers of each group, once every group match is over.

    Returns ``"knockout"`` once it is drawn, or ``"playoff"`` when players tied on a
    group's play-off places (``playoff_places``) must first play off: the knockout is
    drawn when the director asks again after the play-offs.
    """
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
    sync_bracket(tournament)  # creates the knockout's pairings, each in its final state
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
