"""Play-offs for ties (tournaments.md §3.3.5; issue 16, part 2).

Ruling. A round robin or Swiss event may set ``playoff_places`` = N (0: off, the default).
When its last round is over, players the event's tiebreaks leave tied on one of places
1..N play for it: every pair of them meets once (flight ``playoff``, a 3-point match by
default: ``match_lengths["playoff"]``). Their play-off wins (then head-to-head among
those still level) order them inside their shared places; players still level on a
place that matters play another play-off round, and so on. Then the event finishes with
those places (``Entry.place_first``/``place_last``: the standings' "Places" and the API's
``places``); ties on later places are shared as before. A director who wants play-offs
*instead of* tiebreaks gives the tiebreak order ``wins`` alone.

Groups then a knockout: N counts each group's places, and the play-offs are played when
the groups are over, before the knockout is drawn (``play.groups.group_orders``).
"""

from __future__ import annotations

from itertools import combinations

from tournaments.draws.progress import PlaceGroup
from tournaments.models import Flight, Pairing, Tournament
from tournaments.play import games_adapter
from tournaments.play.common import record
from tournaments.play.tables import table_results
from tournaments.signals import draw_changed
from tournaments.standings import Standings, after_playoffs


def places_after_playoffs(tournament: Tournament, standings: Standings) -> tuple[PlaceGroup, ...] | None:
    """The final places, or None while play-offs are under way (a new round is opened here
    when the last one left players level on a place that matters)."""
    pairings = list(tournament.pairings.filter(flight=Flight.PLAYOFF).select_related("match"))
    if any(p.state not in (Pairing.State.DECIDED, Pairing.State.BYE) for p in pairings):
        return None
    places = range(1, tournament.playoff_places + 1)
    groups, needed = after_playoffs(standings, table_results(pairings), places)
    if not needed:
        return groups
    open_playoff_round(tournament, needed, 1 + max((p.round for p in pairings), default=0))
    return None


def open_playoff_round(tournament: Tournament, tied: tuple[tuple[int, ...], ...], number: int,
                       *, group: int = 0) -> None:
    """Every pair of each tied set meets once (round ``number``; ``group``: the group whose
    qualifying places are played off, groups then a knockout; 0 otherwise)."""
    pairs = [pair for group in tied for pair in combinations(sorted(group), 2)]
    entries = {e.pk: e for e in tournament.entries.filter(pk__in={p for pair in pairs for p in pair})}
    length = tournament.length_for(Flight.PLAYOFF, 1, 1)
    matches = games_adapter.create_matches([
        games_adapter.new_match(tournament, length, entries[a].player_id, entries[b].player_id)
        for a, b in pairs])
    Pairing.objects.bulk_create(
        Pairing(tournament=tournament, flight=Flight.PLAYOFF, group=group, round=number, number=index,
                top_id=a, bottom_id=b, match=match, state=Pairing.State.READY)
        for index, ((a, b), match) in enumerate(zip(pairs, matches, strict=True), start=1))
    record(tournament, None, "playoff_round",
           after={"round": number, "group": group, "tied": [list(g) for g in tied]})
    draw_changed.send(sender=Tournament, tournament=tournament)
