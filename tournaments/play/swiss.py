"""Swiss rounds in the database: the Swiss system and Swiss until N losses.

Each round is paired when the director asks for it (the first from the seeds, the next
ones from the results so far: ``tournaments.draws.swiss`` and ``swiss_losses``) and
started at once. Pairings live in the ``swiss`` flight, group 0.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from tournaments.draws.avoidance import swiss_pairs
from tournaments.draws.swiss import SwissPlayer, pair_first_round, pair_round, swiss_rounds
from tournaments.draws.swiss_losses import is_finished, pair_losses_round, still_in
from tournaments.models import Entry, Flight, Pairing, Tournament
from tournaments.play.avoidance import avoid_first_round
from tournaments.play.common import ActionError, record, require_no_duplicates, require_status
from tournaments.play.knockout import active_entries, rng_for
from tournaments.play.round_robin import open_rounds, seed_entries, table_pairing


@dataclass
class SwissHistory:
    """What the pairing of the next round needs from the rounds played."""

    wins: Counter = field(default_factory=Counter)
    losses: Counter = field(default_factory=Counter)
    byes: Counter = field(default_factory=Counter)
    played: set = field(default_factory=set)
    unfinished: bool = False

    def players(self, entries: list[Entry]) -> list[SwissPlayer]:
        """The players to pair, in score groups by match wins less any penalty points (a
        late entry's, tournaments.standings): the score the standings rank by."""
        return [SwissPlayer(e.pk, e.seed or 0, self.wins[e.pk] - e.penalty_points, self.byes[e.pk])
                for e in entries]


def swiss_history(tournament: Tournament, pairings: list[Pairing] | None = None) -> SwissHistory:
    """The history of the event's Swiss flight, or of the ``pairings`` given (a group's)."""
    history = SwissHistory()
    if pairings is None:
        pairings = list(tournament.pairings.filter(flight=Flight.SWISS))
    for p in pairings:
        if p.state not in (Pairing.State.DECIDED, Pairing.State.BYE):
            history.unfinished = True
            continue
        history.wins[p.winner_id] += 1
        if p.bottom_id is None:
            history.byes[p.top_id] += 1
        else:
            history.played.add(frozenset((p.top_id, p.bottom_id)))
            history.losses[p.bottom_id if p.winner_id == p.top_id else p.top_id] += 1
    return history


def _first_round(tournament: Tournament, entries: list[Entry],
                 actor: AbstractBaseUser | None) -> list[tuple[int, int | None]]:
    require_status(tournament, Tournament.Status.DRAFT, Tournament.Status.REGISTRATION,
                   action="Making the draw")
    tournament.event_format.check_settings(tournament, len(entries))
    require_no_duplicates(entries)
    seeded = seed_entries(tournament, entries)
    rng = rng_for(tournament) if tournament.seeding == Tournament.Seeding.RANDOM else None
    if rng is None:  # top half against bottom half: keep club mates and named pairs apart
        seeded = avoid_first_round(tournament, entries, seeded, swiss_pairs(len(seeded)), actor)
        by_id = {entry.pk: entry for entry in entries}
        for seed, entry_id in enumerate(seeded, start=1):
            by_id[entry_id].seed = seed
    Entry.objects.bulk_update(entries, ["seed"])
    tournament.status = Tournament.Status.RUNNING
    tournament.save()
    record(tournament, actor, "swiss_draw", after={"seeds": seeded, "random_seed": tournament.random_seed})
    return [(p.first, p.second) for p in pair_first_round(seeded, rng=rng)]


def _open_round(tournament: Tournament, actor: AbstractBaseUser | None, entries: list[Entry],
                pairs: list[tuple[int, int | None]]) -> int:
    number = tournament.current_round + 1
    pairings = [table_pairing(tournament, Flight.SWISS, 0, index, number, first, second)
                for index, (first, second) in enumerate(pairs, start=1)]
    # the round opens as it is created: every pairing is written once, in its final state
    return open_rounds(tournament, actor, target=number, pairings=pairings,
                       entries={entry.pk: entry for entry in entries})


def _history_for_next_round(tournament: Tournament) -> SwissHistory:
    require_status(tournament, Tournament.Status.RUNNING, action="Pairing a Swiss round")
    history = swiss_history(tournament)
    if history.unfinished:
        raise ActionError("round_not_finished",
                          "Every match of the current round needs a confirmed result first.")
    return history


@transaction.atomic
def make_swiss_round(*, tournament: Tournament, actor: AbstractBaseUser | None,
                     allow_repeats: bool = False) -> int:
    """Pair the next Swiss round (the first from the seeds) and start it.

    When no pairing without a repeat exists the director is told so; asked again with
    ``allow_repeats``, the round is paired with as few repeats as possible.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    entries = active_entries(tournament)
    if tournament.current_round == 0:
        pairs = _first_round(tournament, entries, actor)
        tournament.swiss_rounds = tournament.swiss_rounds or swiss_rounds(len(entries))
        tournament.save(update_fields=["swiss_rounds"])
        return _open_round(tournament, actor, entries, pairs)
    history = _history_for_next_round(tournament)
    if tournament.current_round >= (tournament.swiss_rounds or 0):
        raise ActionError("all_rounds_played", "Every Swiss round of this event has been played.")
    pairs = pair_round(history.players(entries), history.played,
                       round_number=tournament.current_round + 1, allow_repeats=allow_repeats)
    if allow_repeats:
        record(tournament, actor, "repeats_allowed", after={"round": tournament.current_round + 1})
    return _open_round(tournament, actor, entries, [(p.first, p.second) for p in pairs])


def swiss_over(tournament: Tournament) -> bool:
    """The last Swiss round has been played to the end."""
    rounds = tournament.swiss_rounds or swiss_rounds(tournament.entries.count())
    return tournament.current_round >= rounds and not swiss_history(tournament).unfinished


@transaction.atomic
def make_losses_round(*, tournament: Tournament, actor: AbstractBaseUser | None) -> int:
    """Pair the next round of a Swiss until N losses among the players still in; start it."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    entries = active_entries(tournament)
    if tournament.current_round == 0:
        return _open_round(tournament, actor, entries, _first_round(tournament, entries, actor))
    history = _history_for_next_round(tournament)
    if losses_over(tournament, history):
        raise ActionError("all_rounds_played", "The event is over: no further round is played.")
    pairs = pair_losses_round(history.players(entries), history.losses, history.played,
                              limit=tournament.losses_limit,
                              round_number=tournament.current_round + 1)
    return _open_round(tournament, actor, entries, [(p.first, p.second) for p in pairs])


def losses_over(tournament: Tournament, history: SwissHistory | None = None) -> bool:
    """One player or none has fewer than N losses, or the round limit has been played."""
    history = history or swiss_history(tournament)
    if history.unfinished or tournament.current_round == 0:
        return False
    left = still_in(list(tournament.entries.filter(withdrawn=False).values_list("pk", flat=True)),
                    history.losses, tournament.losses_limit)
    return is_finished(len(left), tournament.current_round, tournament.round_limit)
