"""Knockout events in the database: the draw, advancing winners, corrections, conflicts.

The bracket's structure comes from ``tournaments.draws.knockout`` and who plays where from
``tournaments.draws.progress.resolve``; this module stores the draw (each entry's round-1
position, the last-chance seeds), keeps one Pairing per bracket match in step with the
resolved state, and creates the matches of pairings whose two players are known.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from games.models import Match
from tournaments import rating_lookup
from tournaments.draws.avoidance import knockout_pairs
from tournaments.draws.knockout import (
    LAST_CHANCE,
    KnockoutDraw,
    MatchKey,
    add_flight,
    positions_from_seeds,
)
from tournaments.draws.progress import (
    FINISHED,
    BracketState,
    Marker,
    Status,
    last_chance_closed,
    last_chance_entrants,
    preview_correction,
    resolve,
)
from tournaments.draws.seeding import SeedingEntrant, draw_size, seed_entrants
from tournaments.models import BracketConflict, Entry, Flight, Pairing, Tournament
from tournaments.play import games_adapter
from tournaments.play.avoidance import avoid_first_round
from tournaments.play.common import ActionError, record, require_no_duplicates, require_status
from tournaments.play.divisions import division_finished
from tournaments.play.ready import stamp_ready, tables_in_use
from tournaments.signals import draw_changed

KNOCKOUT_FLIGHTS = (
    Flight.MAIN, Flight.CONSOLATION, Flight.LAST_CHANCE, Flight.LOSERS, Flight.GRAND_FINAL,
)
STATE_OF = {
    Status.WAITING: Pairing.State.WAITING,
    Status.READY: Pairing.State.READY,
    Status.DECIDED: Pairing.State.DECIDED,
    Status.BYE: Pairing.State.BYE,
    Status.EMPTY: Pairing.State.EMPTY,
}


def rng_for(tournament: Tournament) -> random.Random:
    """The event's random source; its seed is stored so that a draw can be reproduced.

    A director (or an integrator, through the API) may set the seed before the draw;
    otherwise one is drawn here. Either way it is saved with the tournament.
    """
    if tournament.random_seed is None:
        tournament.random_seed = secrets.randbits(48)
    return random.Random(tournament.random_seed)


def start_ratings(tournament: Tournament, entries: list[Entry]) -> None:
    """Store each entrant's club rating for the event's game as the event starts.

    The rating lists belong to the leaderboard app (``tournaments.rating_lookup``);
    without it everybody is unrated.
    """
    ratings = rating_lookup.ratings_at([e.player_id for e in entries], tournament.variant, tournament.starts_on)
    for entry in entries:
        entry.rating_at_start = ratings.get(entry.player_id)
    Entry.objects.bulk_update(entries, ["rating_at_start"])


def seeding_rating(entry: Entry) -> float | None:
    """The rating an entrant is seeded by: their club rating at the start, or, for a
    player with no rated match here yet, the rating they brought in
    (``Player.declared_rating``: a CSV import, or set by their directors); else None
    (seeded as unrated, 1500). The imported rating only seeds: it is no club rating,
    moves no points and is not stored as the entry's rating at start."""
    if entry.rating_at_start is not None:
        return entry.rating_at_start
    declared = entry.player.declared_rating
    return float(declared) if declared is not None else None


def seeded_entries(tournament: Tournament, entries: list[Entry]) -> list[int]:
    """Entry ids in seed order, by the event's seeding mode (tournaments.md §2.1.4).

    Records the entrants' ratings at the start first: the rating seeding uses them
    (``seeding_rating``: an imported rating for a player not rated here yet).
    Equal ratings are ordered by what everybody can see: the players' display names,
    then the order of entry (``entries`` come in entry order).
    """
    start_ratings(tournament, entries)
    seeding = [SeedingEntrant(e.pk, e.player.display_name, seeding_rating(e)) for e in entries]
    # Manual seeds are ranks among the entrants who play: a seeded player who withdrew
    # before the draw (or was dropped at it for not checking in) leaves no gap for the
    # director to close by hand; the others keep their order.
    given = sorted((e for e in entries if e.seed is not None), key=lambda e: e.seed)
    manual = {e.pk: rank for rank, e in enumerate(given, start=1)}
    return list(
        seed_entrants(
            seeding,
            tournament.seeding,
            rng=rng_for(tournament),
            top=tournament.seeded_top,
            manual_seeds=manual,
        )
    )


def active_entries(tournament: Tournament) -> list[Entry]:
    return list(tournament.entries.filter(withdrawn=False).select_related("player").order_by("pk"))


def lock_for_draw(tournament: Tournament) -> tuple[Tournament, list[Entry]]:
    """The first step of every draw, in the caller's transaction: lock the event, check it
    may be drawn now and with its entrants; returns the locked event and its entries."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_status(tournament, Tournament.Status.DRAFT, Tournament.Status.REGISTRATION,
                   action="Making the draw")
    entries = active_entries(tournament)
    tournament.event_format.check_settings(tournament, len(entries))
    require_no_duplicates(entries)
    return tournament, entries


@transaction.atomic
def make_knockout_draw(*, tournament: Tournament, actor: AbstractBaseUser | None) -> KnockoutDraw:
    """Seed the entrants, fix the bracket (all flights but the last chance) and start play.

    The bracket's shape comes from the event's format (``bracket_from_positions``).
    """
    tournament, entries = lock_for_draw(tournament)
    seeded = seeded_entries(tournament, entries)
    seeded = avoid_first_round(tournament, entries, seeded, knockout_pairs(
        len(seeded), draw_size(len(seeded))), actor)
    draw = tournament.event_format.bracket_from_positions(tournament, positions_from_seeds(seeded))
    by_id = {entry.pk: entry for entry in entries}
    tournament.entries.update(seed=None, position=None)
    for seed, entry_id in enumerate(seeded, start=1):
        by_id[entry_id].seed = seed
    for position, entry_id in enumerate(draw.positions):
        if entry_id is not None:
            by_id[entry_id].position = position
    Entry.objects.bulk_update(entries, ["seed", "position"])
    tournament.draw_size = draw.size
    tournament.status = Tournament.Status.RUNNING
    tournament.current_round = 1
    tournament.save()
    sync_bracket(tournament, drawn=by_id)  # creates the bracket's pairings, each in its final state
    record(tournament, actor, "knockout_draw", after={"seeds": seeded, "size": draw.size})
    return draw


def knockout_draw_of(tournament: Tournament, entries: Iterable[Entry]) -> KnockoutDraw:
    """Rebuild the draw from the stored positions and last-chance seeds."""
    entries = list(entries)
    positions: list[int | None] = [None] * (tournament.draw_size or 0)
    for entry in entries:
        if entry.position is not None:
            positions[entry.position] = entry.pk
    draw = tournament.event_format.bracket_from_positions(tournament, positions)
    last_chance = sorted((e for e in entries if e.last_chance_seed), key=lambda e: e.last_chance_seed)
    if last_chance:
        draw = add_flight(draw, LAST_CHANCE, [e.pk for e in last_chance])
    return draw


def _key(pairing: Pairing) -> MatchKey:
    return MatchKey(pairing.flight, pairing.round, pairing.number)


def load_bracket(tournament: Tournament) -> tuple[dict[int, Entry], KnockoutDraw, dict[MatchKey, Pairing]]:
    """The entries by id, the draw rebuilt from their positions, the pairings by key."""
    return _load(tournament)


def _load(tournament: Tournament) -> tuple[dict[int, Entry], KnockoutDraw, dict[MatchKey, Pairing]]:
    entries = {entry.pk: entry for entry in tournament.entries.select_related("player")}
    draw = knockout_draw_of(tournament, entries.values())
    pairings = {
        _key(p): p
        for p in tournament.pairings.filter(flight__in=KNOCKOUT_FLIGHTS).select_related("match")
    }
    return entries, draw, pairings


def results_of(pairings: dict[MatchKey, Pairing]) -> dict[MatchKey, int]:
    """The bracket's results: who each decided pairing advances."""
    return {
        key: p.winner_id
        for key, p in pairings.items()
        if p.state == Pairing.State.DECIDED and p.winner_id is not None
    }


def _entry_id(occupant: object) -> int | None:
    return None if isinstance(occupant, Marker) else occupant  # type: ignore[return-value]


def sync_bracket(tournament: Tournament, drawn: dict[int, Entry] | None = None) -> BracketState:
    """Bring every pairing in line with the resolved bracket; create ready matches.

    Idempotent. Draws the last-chance flight when its entry closes, sets the places of
    the main flight and finishes the event when every flight is over. ``drawn``: the
    entries (by id, with their players) of a draw just made, which has no pairings yet:
    not read again.
    """
    if drawn is None:
        entries, draw, pairings = _load(tournament)
    else:
        entries, draw, pairings = drawn, knockout_draw_of(tournament, drawn.values()), {}
    state = resolve(draw, results_of(pairings), strict=False)
    if _draw_last_chance(tournament, draw, state, entries):
        entries, draw, pairings = _load(tournament)
        state = resolve(draw, results_of(pairings), strict=False)
    changed: dict[int, Pairing] = {}  # by id(): unsaved pairings are told apart by identity
    unplayed: list[Match] = []
    new_matches: list[tuple[Pairing, Match]] = []
    created: list[Pairing] = []  # the bracket's matches without a pairing yet: a new draw or flight
    rounds: dict[str, int] = {}
    new_match = games_adapter.MatchMaker(tournament)
    for key, match_state in state.matches.items():
        pairing = pairings.get(key)
        if pairing is None:
            pairing = Pairing(tournament=tournament, flight=key.flight, round=key.round, number=key.number)
            created.append(pairing)
        top, bottom = _entry_id(match_state.top), _entry_id(match_state.bottom)
        new_state = STATE_OF[match_state.status]
        winner = _entry_id(match_state.winner) if new_state == Pairing.State.BYE else pairing.winner_id
        if new_state not in (Pairing.State.DECIDED, Pairing.State.BYE):
            winner = None
        if (pairing.top_id, pairing.bottom_id, pairing.state, pairing.winner_id) != (top, bottom, new_state, winner):
            pairing.top_id, pairing.bottom_id, pairing.state, pairing.winner_id = top, bottom, new_state, winner
            changed[id(pairing)] = pairing
        players = (
            entries[top].player if top else None,
            entries[bottom].player if bottom else None,
        )
        if (pairing.match is not None and new_state == Pairing.State.READY
                and _seats(pairing.match) != _ids(players)
                and games_adapter.has_started(pairing.match)):
            # played (or under way) between other players, whom a correction has moved:
            # kept with its games as a record, and the right players play a new match
            pairing.match = None
            changed[id(pairing)] = pairing
        if pairing.match is None:
            if new_state == Pairing.State.READY:
                if key.flight not in rounds:  # draw.rounds looks at every match: once a flight
                    rounds[key.flight] = draw.rounds(key.flight)
                length = tournament.length_for(key.flight, key.round, rounds[key.flight])
                new_matches.append((pairing, new_match(
                    length, players[0].pk, players[1].pk  # type: ignore[union-attr]
                )))
        elif new_state == Pairing.State.READY:
            _reseat_if_moved(pairing.match, players)
        elif new_state != Pairing.State.DECIDED:
            # a correction emptied a side (now a bye, or waiting again): an unplayed match
            # goes; one played or under way is kept with its games as a record, and the
            # pairing gets a new match once both its players are known again
            if not games_adapter.has_started(pairing.match):
                unplayed.append(pairing.match)
            pairing.match = None
            changed[id(pairing)] = pairing
    new = {id(pairing) for pairing in created}
    # New pairings whose two players are known are stamped ready as they are created
    # (``play.ready``): written once, in their final state, and announced by id.
    fresh = [p for p, _ in new_matches if id(p) in new and not _withdrawn(entries, p)]
    for pairing, match in new_matches:
        pairing.match = match  # unsaved yet: its round's time control is stamped on it
    if fresh:
        stamp_ready(tournament, fresh, taken=tables_in_use(tournament), now=timezone.now())
    if new_matches:
        made = games_adapter.create_matches([match for _, match in new_matches])
        for (pairing, _), match in zip(new_matches, made, strict=True):
            pairing.match = match
            changed[id(pairing)] = pairing
    Pairing.objects.bulk_create(created)
    Pairing.objects.bulk_update([p for key, p in changed.items() if key not in new],
                                ["top", "bottom", "state", "winner", "match"])
    for match in unplayed:
        games_adapter.discard_unplayed(match)
    _set_places(tournament, state, entries)
    _finish_if_over(tournament, state)
    draw_changed.send(sender=Tournament, tournament=tournament, stamped=fresh)
    return state


def _withdrawn(entries: dict[int, Entry], pairing: Pairing) -> bool:
    """A player of the pairing has withdrawn: their match becomes a walkover, unannounced."""
    return any(entries[pk].withdrawn for pk in (pairing.top_id, pairing.bottom_id) if pk is not None)


def _seats(match: Match) -> tuple[int | None, int | None]:
    return (match.player1_id, match.player2_id)


def _ids(players: tuple) -> tuple[int | None, ...]:
    return tuple(player.pk if player else None for player in players)


def _reseat_if_moved(match: Match, players: tuple) -> None:
    """A correction moved the players of a match that has not started: re-seat it."""
    if _seats(match) != _ids(players) and not games_adapter.has_started(match):
        games_adapter.reseat(match, *players)


def _draw_last_chance(
    tournament: Tournament, draw: KnockoutDraw, state: BracketState, entries: dict[int, Entry]
) -> bool:
    if not tournament.last_chance or draw.rounds(LAST_CHANCE) or not last_chance_closed(draw, state):
        return False
    fed = last_chance_entrants(draw, state)
    if len(fed) < 2:
        return False
    seeded = sorted(fed, key=lambda entry_id: (entries[entry_id].seed or 0, entry_id))
    for seed, entry_id in enumerate(seeded, start=1):
        entries[entry_id].last_chance_seed = seed
    Entry.objects.bulk_update([entries[e] for e in seeded], ["last_chance_seed"])
    # its pairings are created by ``sync_bracket``, which reloads the draw next
    record(tournament, None, "last_chance_draw", after={"seeds": seeded})
    return True


def _set_places(tournament: Tournament, state: BracketState, entries: dict[int, Entry]) -> None:
    places = {
        player: (group.first, group.last)
        for group in tournament.event_format.bracket_places(state)
        for player in group.players
    }
    # after a group stage the others were placed when it ended (round_robin._place_non_qualifiers)
    in_bracket = [entry for entry in entries.values() if entry.position is not None]
    changed = []
    for entry in in_bracket:
        entry_id = entry.pk
        place = places.get(entry_id, (None, None))
        if (entry.place_first, entry.place_last) != place:
            entry.place_first, entry.place_last = place
            changed.append(entry)
    Entry.objects.bulk_update(changed, ["place_first", "place_last"])


def _finish_if_over(tournament: Tournament, state: BracketState) -> None:
    # Once every match is over, the last chance was either drawn or had under two entrants.
    over = all(m.status in FINISHED for m in state.matches.values())
    if over and tournament.status == Tournament.Status.RUNNING:
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])
        division_finished(tournament)


def record_knockout_result(pairing: Pairing, winner: Entry) -> None:
    """A first confirmed result of a knockout pairing: the winner advances at once."""
    if pairing.state != Pairing.State.READY:
        raise ActionError(
            "match_not_ready",
            f"A result cannot count for the bracket: {_key(pairing)} is {pairing.get_state_display()}.",
            {"match": str(_key(pairing))},
        )
    pairing.winner = winner
    pairing.state = Pairing.State.DECIDED
    pairing.save(update_fields=["winner", "state"])
    sync_bracket(pairing.tournament)


def _under_way(pairings: dict[MatchKey, Pairing]) -> list[MatchKey]:
    """The pairings whose match has started but has no result yet."""
    return [
        key for key, p in pairings.items()
        if p.match is not None and p.state == Pairing.State.READY and games_adapter.has_started(p.match)
    ]


def correct_knockout_result(
    pairing: Pairing, new_winner: Entry, *, actor: AbstractBaseUser | None = None
) -> BracketConflict | None:
    """A corrected result: move the bracket along unless a later match has started.

    Returns the conflict left for the director when the correction reaches a match that
    is under way or decided.
    """
    tournament = pairing.tournament
    _entries, draw, pairings = _load(tournament)
    started = _under_way(pairings)
    preview = preview_correction(draw, results_of(pairings), _key(pairing), new_winner.pk, started=started)
    previous = pairings[_key(pairing)].winner
    if not preview.needs_director:
        pairing.winner = new_winner
        pairing.save(update_fields=["winner"])
        sync_bracket(tournament)
        record(tournament, actor, "correction_applied",
               before={"match": str(_key(pairing)), "winner": previous.pk},
               after={"match": str(_key(pairing)), "winner": new_winner.pk})
        return None
    BracketConflict.objects.filter(pairing=pairing, status=BracketConflict.Status.OPEN).update(
        status=BracketConflict.Status.KEPT, resolved_at=timezone.now()
    )
    conflict = BracketConflict.objects.create(
        tournament=tournament,
        pairing=pairing,
        previous_winner=previous,
        new_winner=new_winner,
        affected=[[k.flight, k.round, k.number] for k in preview.started],
    )
    record(tournament, actor, "correction_needs_director",
           before={"winner": previous.pk}, after={"winner": new_winner.pk, "conflict": conflict.pk})
    return conflict


def _reached_now(conflict: BracketConflict) -> set[tuple[str, int, int]]:
    """The later matches the correction reaches as the bracket stands now: more may have
    been played, or started, since the conflict was left for the director."""
    pairing = conflict.pairing
    if pairing.state != Pairing.State.DECIDED:
        raise ActionError("conflict_outdated",
                          "The bracket has moved on since this correction: this match is no "
                          "longer decided. Keep the bracket as played, or correct it again.")
    _entries, draw, pairings = _load(conflict.tournament)
    if conflict.new_winner_id not in (pairing.top_id, pairing.bottom_id):
        raise ActionError("conflict_outdated",
                          "The bracket has moved on since this correction: its winner no longer "
                          "plays in this match. Keep the bracket as played, or correct it again.")
    started = _under_way(pairings)
    preview = preview_correction(draw, results_of(pairings), _key(pairing), conflict.new_winner_id,
                                 started=started)  # fmt: skip
    return {(key.flight, key.round, key.number) for key in preview.started}


@transaction.atomic
def resolve_conflict(
    *, conflict: BracketConflict, apply: bool, actor: AbstractBaseUser | None
) -> BracketConflict:
    """The director's decision on a late correction.

    Keep: the bracket stays as played. Apply: the corrected winner advances; the later
    matches it reaches are detached from the bracket (kept, with their games, as a record)
    and replayed between the right players.
    """
    Tournament.objects.select_for_update().filter(pk=conflict.tournament_id).first()
    conflict = BracketConflict.objects.select_for_update(of=("self",)).select_related("tournament", "pairing").get(
        pk=conflict.pk
    )
    if conflict.status != BracketConflict.Status.OPEN:
        raise ActionError("conflict_closed", "This correction has already been decided.")
    if apply:
        affected = {tuple(k) for k in conflict.affected} | _reached_now(conflict)
        for pairing in conflict.tournament.pairings.filter(flight__in=KNOCKOUT_FLIGHTS):
            if (pairing.flight, pairing.round, pairing.number) in affected:
                pairing.match, pairing.winner, pairing.state = None, None, Pairing.State.WAITING
                pairing.save(update_fields=["match", "winner", "state"])
        conflict.pairing.winner = conflict.new_winner
        conflict.pairing.save(update_fields=["winner"])
        sync_bracket(conflict.tournament)
    conflict.status = BracketConflict.Status.APPLIED if apply else BracketConflict.Status.KEPT
    conflict.resolved_by = actor if actor is not None and actor.is_authenticated else None
    conflict.resolved_at = timezone.now()
    conflict.save()
    record(conflict.tournament, actor, "conflict_applied" if apply else "conflict_kept",
           before={"winner": conflict.previous_winner_id}, after={"winner": conflict.new_winner_id})
    return conflict
