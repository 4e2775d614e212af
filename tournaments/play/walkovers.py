"""Matches decided without play: withdrawn players, absent players (forfeits), late
entries, and taking a forfeit back.

A withdrawn entrant's remaining matches become walkovers as soon as they have both
players (``settle_withdrawals``, run after every change of the draw). A late entry
after the draw follows the event's rule, per format (``late_entry`` documents them:
seeded last, into the consolation, or with penalty points).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from clubs.models import Player
from clubs.permissions import AnyUser, can_manage_club
from tournaments.draws.knockout import FirstMatchLoserOf, LoserOf, MatchKey, ResetOf, WinnerOf
from tournaments.event_rules import RegistrationError
from tournaments.models import (
    Entry,
    Flight,
    LateEntryRule,
    Pairing,
    Registration,
    Tournament,
    Walkover,
)
from tournaments.play import games_adapter
from tournaments.play.common import ActionError, record
from tournaments.play.divisions import require_not_split
from tournaments.play.knockout import KNOCKOUT_FLIGHTS, load_bracket, sync_bracket
from tournaments.play.results import award_walkover
from tournaments.signals import draw_changed, registration_changed


def _withdrawn_side(pairing: Pairing) -> tuple[Entry, Entry] | None:
    """(present, withdrawn) when one side of a ready pairing has withdrawn."""
    top, bottom = pairing.top, pairing.bottom
    if top is None or bottom is None:
        return None
    if bottom.withdrawn and not top.withdrawn:
        return top, bottom
    if top.withdrawn and not bottom.withdrawn:
        return bottom, top
    if top.withdrawn and bottom.withdrawn:  # both left: the later one to leave goes on
        later = top if (top.withdrawn_at or timezone.now()) >= (bottom.withdrawn_at or timezone.now()) else bottom
        return later, bottom if later is top else top
    return None


def settle_withdrawals(tournament: Tournament) -> int:
    """Give every ready match of a withdrawn entrant to the opponent; returns how many.

    A match already under way is left to the director (a result or an override). A table
    event that the withdrawal leaves over finishes (Swiss until N losses: the last player
    with fewer than N losses; a round with nothing left to play), as a result would.
    """
    given = _give_walkovers(tournament)
    tournament.refresh_from_db(fields=["status", "current_round"])
    if tournament.status == Tournament.Status.RUNNING:
        tournament.event_format.finish_if_over(tournament)
    return given


def _give_walkovers(tournament: Tournament) -> int:
    given = 0
    skipped: set[int] = set()
    while True:
        candidates = (
            tournament.pairings.filter(state=Pairing.State.READY)
            .filter(Q(top__withdrawn=True) | Q(bottom__withdrawn=True))
            .exclude(pk__in=skipped)
            .select_related("top", "bottom", "match")
            .order_by("flight", "round", "number")
        )
        pairing = next(iter(candidates[:1]), None)
        if pairing is None:
            return given
        sides = _withdrawn_side(pairing)
        if sides is None or (pairing.match is not None and games_adapter.has_started(pairing.match)):
            skipped.add(pairing.pk)
            continue
        award_walkover(pairing=pairing, winner=sides[0], actor=None, reason=Walkover.WITHDRAWN)
        given += 1


# --- late entries --------------------------------------------------------------------------


def _sources(source: object) -> tuple[MatchKey, ...]:
    """The matches a bracket slot's occupant comes from."""
    if isinstance(source, (WinnerOf, LoserOf, ResetOf)):
        return (source.match,)
    if isinstance(source, FirstMatchLoserOf):
        return (source.first, source.second)
    return ()


def _untouched_after(key: MatchKey, dependents: dict[MatchKey, list[MatchKey]],
                     pairings: dict[MatchKey, Pairing]) -> bool:
    """No match fed by ``key`` (its winner or its loser, in any flight) has been decided or
    started; one that went through as a bye is followed further, as its walker moved on."""
    for later in dependents.get(key, ()):
        pairing = pairings.get(later)
        if pairing is None:
            continue
        if pairing.state == Pairing.State.DECIDED or (
                pairing.match is not None and games_adapter.has_started(pairing.match)):
            return False
        if pairing.state == Pairing.State.BYE and not _untouched_after(later, dependents, pairings):
            return False
    return True


def _open_bye_slots(tournament: Tournament) -> list[tuple[Pairing, Entry]]:
    """Main round-1 byes a late entrant can still take: (bye pairing, holder), the lowest
    seed first (the place "seeded last" takes). A bye is open while nothing it feeds has
    been played: the holder's next match, and in a double elimination the losers' bracket
    match the round-1 loser drops into (with a consolation, its first match there)."""
    entries, draw, pairings = load_bracket(tournament)
    dependents: dict[MatchKey, list[MatchKey]] = {}
    for bracket_match in draw.matches:
        for source in (bracket_match.top, bracket_match.bottom):
            for key in _sources(source):
                dependents.setdefault(key, []).append(bracket_match.key)
    slots = []
    for key, pairing in pairings.items():
        holder = entries.get(pairing.top_id or pairing.bottom_id or 0)
        if (key.flight != Flight.MAIN or key.round != 1 or pairing.state != Pairing.State.BYE
                or holder is None):
            continue
        if _untouched_after(key, dependents, pairings):
            slots.append((pairing, holder))
    return sorted(slots, key=lambda slot: -(slot[1].seed or 0))


@transaction.atomic
def late_entry(*, tournament: Tournament, player: Player, by: AnyUser, division: str = "") -> Entry:
    """Enter a player after the draw by the event's late-entry rule.

    The rules, per format (each format lists those it applies in
    ``EventFormat.late_entry_rules``, the event's settings refuse another one, and its
    ``place_late_entry`` places the entrant with the helpers below):

    * knockout, double elimination: *seeded last* takes the open place of the lowest seed
      with a round-1 bye (seed P + 1 meets seed S − P), as long as nothing that bye feeds
      has been played; *consolation* (knockout with a consolation flight) takes such a
      place, gives the main-flight match as a walkover and plays on in the consolation.
    * round robin, groups: *seeded last* takes the free place of a group with an odd
      number of players (its smallest such group): the late entrant plays, in the current
      round and every later one, the player who had the bye. Rounds before the current
      one are missed: their bye holders keep their bye, the late entrant scores nothing
      there. *Penalty* does the same and the event's penalty points are taken off the late
      entrant's match wins. A group with an even number of players has no free place:
      refused. Once the knockout after the groups is drawn, refused.
    * Swiss, Swiss until N losses: the player joins the next round, ranked last (no match
      wins); *penalty* also takes the penalty points off their match wins (standings and
      the score groups of later rounds). Refused when no round is left to pair.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not can_manage_club(by, tournament.club):
        raise ActionError("not_allowed", "Only the directors of this club enter late players.")
    require_not_split(tournament)  # late players join a division's event
    division = tournament.division or division
    if tournament.status != Tournament.Status.RUNNING:
        raise RegistrationError("not_running", "Late entries are taken once the draw is made.")
    rule = tournament.late_entry_rule
    if rule == LateEntryRule.NONE:
        raise RegistrationError("late_entries_closed", "This event takes no entries after the draw.")
    tournament.event_format.check_late_entry_rule(tournament)  # a rule set before it was checked
    if Entry.objects.filter(tournament=tournament, player=player).exists():
        raise RegistrationError("already_registered", f"{player} is already registered.",
                                {"player": player.display_name})
    next_seed = (tournament.entries.aggregate(top=Max("seed"))["top"] or 0) + 1
    entry = Entry(tournament=tournament, player=player, late=True, seed=next_seed,
                  division=division, checked_in_at=timezone.now())
    if rule == LateEntryRule.PENALTY:
        entry.penalty_points = tournament.late_entry_penalty
    tournament.event_format.place_late_entry(tournament=tournament, entry=entry, rule=rule)
    waiting = Registration.objects.filter(
        tournament=tournament, player=player,
        status__in=[Registration.Status.PENDING, Registration.Status.WAITLISTED]).first()
    if waiting is not None:  # someone from the waiting list gets in after all
        previous = waiting.status
        waiting.status, waiting.entry = Registration.Status.ACCEPTED, entry
        waiting.decided_at, waiting.decided_by = timezone.now(), by if by.is_authenticated else None
        waiting.save(update_fields=["status", "entry", "decided_at", "decided_by"])
        registration_changed.send(sender=Registration, registration=waiting, previous=previous)
    record(tournament, by, "late_entry", after={"player": player.pk, "rule": rule,
                                                 "position": entry.position, "group": entry.group,
                                                 "penalty": entry.penalty_points})
    return entry


def require_a_round_left(tournament: Tournament, limit: int | None) -> None:
    """A Swiss late entrant joins the next round: there must be one still to pair (the
    format says how many rounds the event has: ``limit``, None for no fixed number)."""
    if limit is not None and tournament.current_round >= limit:
        raise RegistrationError(
            "no_round_left",
            "Every round of this event has been paired: a late entrant would play none.")


def take_table_bye(tournament: Tournament, entry: Entry) -> None:
    """Round robin and groups: the late entrant takes the byes of the current and later
    rounds in the smallest group with an odd number of players (see ``late_entry``)."""
    if tournament.draw_size:  # the knockout after the groups is drawn
        raise RegistrationError("groups_over",
                                "The groups are over: a late entrant has no group left to play in.")
    byes = list(tournament.pairings.filter(flight=Flight.GROUP, state=Pairing.State.BYE,
                                           round__gte=max(tournament.current_round, 1))
                .select_related("top"))
    if not byes:
        raise RegistrationError(
            "no_free_place",
            "No group has a free place: a round robin takes a late entrant only into a group "
            "with an odd number of players, in place of the bye of the rounds still to play.")
    sizes = {group: tournament.entries.filter(group=group, withdrawn=False).count()
             for group in {bye.group for bye in byes}}
    group = min(sizes, key=lambda number: (sizes[number], number))
    entry.group = group
    entry.save()
    ready: list[Pairing] = []
    for bye in (b for b in byes if b.group == group):
        bye.bottom, bye.winner = entry, None
        if bye.round <= tournament.current_round:
            bye.state = Pairing.State.READY
            ready.append(bye)
        else:  # its match is made when the director starts the round
            bye.state = Pairing.State.WAITING
        bye.save(update_fields=["bottom", "winner", "state"])
    if ready:
        length = tournament.length_for(Flight.GROUP, 1, 1)
        matches = games_adapter.create_matches([
            games_adapter.new_match(tournament, length, p.top.player_id, entry.player_id)
            for p in ready])
        for pairing, match in zip(ready, matches, strict=True):
            pairing.match = match
            pairing.save(update_fields=["match"])
    draw_changed.send(sender=Tournament, tournament=tournament)


def place_in_bye(tournament: Tournament, entry: Entry, *, consolation: bool) -> None:
    if consolation and tournament.consolation == Tournament.Consolation.NONE:
        raise RegistrationError("no_consolation", "This event has no consolation flight.")
    slots = _open_bye_slots(tournament)
    if not slots:
        raise RegistrationError("no_open_place",
                                "There is no open place left in the draw for a late entry.")
    bye, holder = slots[0]
    # The bye's empty slot is the partner position of the holder's (positions 2k, 2k + 1).
    position = holder.position ^ 1 if holder.position is not None else None
    if position is None or tournament.entries.filter(position=position).exists():
        raise RegistrationError("no_open_place",
                                "There is no open place left in the draw for a late entry.")
    entry.position = position
    entry.save()
    sync_bracket(tournament)
    if consolation:
        bye.refresh_from_db()
        award_walkover(pairing=bye, winner=holder, actor=None, reason=Walkover.LATE)
    else:
        draw_changed.send(sender=Tournament, tournament=tournament)


# --- taking a forfeit back -----------------------------------------------------------------


@transaction.atomic
def undo_walkover(*, pairing: Pairing, by: AnyUser) -> Pairing:
    """A director takes back a walkover for absence: the match is to be played after all.

    Safe only while the match the winner went on to has not started (knockout), and
    never for a withdrawal (the player left the event).
    """
    tournament = Tournament.objects.select_for_update().get(pk=pairing.tournament_id)
    if not can_manage_club(by, tournament.club):
        raise ActionError("not_allowed", "Only the directors of this club do this.")
    pairing = Pairing.objects.select_for_update(of=("self",)).select_related("top", "bottom").get(pk=pairing.pk)
    if (pairing.state != Pairing.State.DECIDED or pairing.match_id is not None
            or pairing.walkover not in (Walkover.NO_SHOW, Walkover.ABSENT)
            or tournament.status != Tournament.Status.RUNNING):
        raise ActionError("cannot_undo", "This walkover can no longer be undone.")
    if pairing.flight in KNOCKOUT_FLIGHTS and _later_match_started(tournament, pairing):
        raise ActionError("cannot_undo", "The winner's next match has started; enter a result instead.")
    before = {"pairing": pairing.pk, "winner": pairing.winner_id}
    pairing.state, pairing.winner, pairing.walkover = Pairing.State.READY, None, ""
    pairing.ready_at, pairing.forfeit_at, pairing.announced_for = None, None, ""
    if pairing.flight in KNOCKOUT_FLIGHTS:
        pairing.save(update_fields=["state", "winner", "walkover", "ready_at", "forfeit_at",
                                    "announced_for"])
        sync_bracket(tournament)
    else:
        length = tournament.length_for(pairing.flight, pairing.round, 1)
        [match] = games_adapter.create_matches([games_adapter.new_match(
            tournament, length, pairing.top.player_id, pairing.bottom.player_id)])
        pairing.match = match
        pairing.save(update_fields=["state", "winner", "walkover", "ready_at", "forfeit_at",
                                    "announced_for", "match"])
        draw_changed.send(sender=Tournament, tournament=tournament)
    record(tournament, by, "walkover_undone", before=before, after={"pairing": pairing.pk})
    return pairing


def _later_match_started(tournament: Tournament, pairing: Pairing) -> bool:
    """Has a match either player went on to (the winner onward, the loser in another
    flight) started or been decided?"""
    players = [pk for pk in (pairing.top_id, pairing.bottom_id) if pk is not None]
    later = tournament.pairings.filter(
        flight__in=KNOCKOUT_FLIGHTS,
    ).filter(
        Q(top_id__in=players) | Q(bottom_id__in=players)
    ).exclude(pk=pairing.pk).filter(
        Q(flight=pairing.flight, round__gt=pairing.round) | ~Q(flight=pairing.flight)
    ).select_related("match")
    for other in later:
        if other.state == Pairing.State.DECIDED and other.match_id is not None:
            return True
        if other.match is not None and games_adapter.has_started(other.match):
            return True
    return False

