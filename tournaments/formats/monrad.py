"""Monrad, the Swiss variant Danish backgammon clubs play: each round pairs neighbours in
the current ranking (1-2, 3-4, ...), skipping rematches (``tournaments.draws.monrad``).

The first round pairs neighbours in the seeding; later rounds rank by the standings (the
event's tiebreaks, else the Swiss ones). Rounds are played in the ``swiss`` flight, so the
crosstable, the standings, the play-offs and the late entries work as for a Swiss event.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from tournaments.draws.monrad import pair_monrad_round
from tournaments.draws.swiss import swiss_rounds
from tournaments.format_registry import register
from tournaments.formats.common import SwissRoundsFormat
from tournaments.models import Entry, Flight, Pairing, Tournament
from tournaments.play.common import ActionError, record, require_no_duplicates, require_status
from tournaments.play.knockout import active_entries
from tournaments.play.round_robin import seed_entries, start_round, table_pairing
from tournaments.play.swiss import swiss_history
from tournaments.play.tables import table_standings


@transaction.atomic
def make_monrad_round(*, tournament: Tournament, actor: AbstractBaseUser | None,
                      allow_repeats: bool = False) -> int:
    """Pair the next round (the first from the seeds) and start it; returns its number."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    entries = active_entries(tournament)
    if tournament.current_round == 0:
        require_status(tournament, Tournament.Status.DRAFT, Tournament.Status.REGISTRATION,
                       action="Making the draw")
        tournament.event_format.check_settings(tournament, len(entries))
        require_no_duplicates(entries)
        ranking = seed_entries(tournament, entries)
        Entry.objects.bulk_update(entries, ["seed"])
        tournament.status = Tournament.Status.RUNNING
        tournament.swiss_rounds = tournament.swiss_rounds or swiss_rounds(len(entries))
        tournament.save()
        record(tournament, actor, "swiss_draw", after={"seeds": ranking})
        return _open_round(tournament, actor, pair_monrad_round(ranking, round_number=1))
    require_status(tournament, Tournament.Status.RUNNING, action="Pairing a round")
    history = swiss_history(tournament)
    if history.unfinished:
        raise ActionError("round_not_finished",
                          "Every match of the current round needs a confirmed result first.")
    if tournament.current_round >= (tournament.swiss_rounds or 0):
        raise ActionError("all_rounds_played", "Every Swiss round of this event has been played.")
    still_in = {entry.pk for entry in entries}
    standings = table_standings(tournament, flight=Flight.SWISS)
    ranking = [row.player for row in standings.rows if row.player in still_in]
    ranking += [entry.pk for entry in entries if entry.pk not in set(ranking)]  # none yet
    number = tournament.current_round + 1
    pairings = pair_monrad_round(ranking, history.played, set(history.byes),
                                 round_number=number, allow_repeats=allow_repeats)
    if allow_repeats:
        record(tournament, actor, "repeats_allowed", after={"round": number})
    return _open_round(tournament, actor, pairings)


def _open_round(tournament: Tournament, actor: AbstractBaseUser | None, pairings: list) -> int:
    number = tournament.current_round + 1
    Pairing.objects.bulk_create(
        table_pairing(tournament, Flight.SWISS, 0, index, number, p.first, p.second)
        for index, p in enumerate(pairings, start=1)
    )
    start_round(tournament=tournament, actor=actor)
    return number


@register
class Monrad(SwissRoundsFormat):
    key = Tournament.Format.MONRAD
    make_round = staticmethod(make_monrad_round)
