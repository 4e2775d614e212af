"""Matches decided without play: withdrawn players, absent players (forfeits), late
entries, and taking a forfeit back.

A withdrawn entrant's remaining matches become walkovers as soon as they have both
players (``settle_withdrawals``, run after every change of the draw). A late entry
after the draw follows the event's rule (``late_entry``):

* seeded last: the player takes the open place of the lowest seed with a bye (the
  seed after the last one, tournaments.md §2.1: seed P + 1 meets seed S − P), as long as
  that player's next match has not started; in a Swiss event they join the next round,
  ranked last;
* consolation: the player takes such an open place but gives the main-flight match as a
  walkover, so they play on as a first-match loser in the consolation flight;
* penalty: they join the next Swiss round with the event's penalty points recorded.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from clubs.models import Player
from clubs.permissions import AnyUser, can_manage_club
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
from tournaments.services import games_adapter
from tournaments.services.common import ActionError, record
from tournaments.services.knockout import KNOCKOUT_FLIGHTS, sync_bracket
from tournaments.services.results import award_walkover
from tournaments.signals import registration_changed


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

    A match already under way is left to the director (a result or an override).
    """
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


def _open_bye_slots(tournament: Tournament) -> list[tuple[Pairing, Entry]]:
    """Main round-1 byes whose holder's next match has not started: (bye pairing, holder),
    the lowest seed first (the place "seeded last" takes)."""
    pairings = {
        (p.round, p.number): p
        for p in tournament.pairings.filter(flight=Flight.MAIN, round__lte=2)
        .select_related("top", "bottom", "match")
    }
    slots = []
    for (round_number, number), pairing in pairings.items():
        holder = pairing.top or pairing.bottom
        if round_number != 1 or pairing.state != Pairing.State.BYE or holder is None:
            continue
        following = pairings.get((2, (number + 1) // 2))
        if following is not None and (
            following.state == Pairing.State.DECIDED
            or (following.match is not None and games_adapter.has_started(following.match))
        ):
            continue
        slots.append((pairing, holder))
    return sorted(slots, key=lambda slot: -(slot[1].seed or 0))


def _consolation_slot_open(tournament: Tournament, bye_number: int) -> bool:
    """The consolation round-1 match fed by main round-1 match ``bye_number`` is still to play."""
    feeding = tournament.pairings.filter(flight=Flight.CONSOLATION, round=1,
                                         number=(bye_number + 1) // 2).select_related("match").first()
    if feeding is None:
        return False
    if feeding.state == Pairing.State.DECIDED:
        return False
    return feeding.match is None or not games_adapter.has_started(feeding.match)


@transaction.atomic
def late_entry(*, tournament: Tournament, player: Player, by: AnyUser, division: str = "") -> Entry:
    """Enter a player after the draw by the event's late-entry rule (see the module)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not can_manage_club(by, tournament.club):
        raise ActionError("not_allowed", "Only the directors of this club enter late players.")
    if tournament.status != Tournament.Status.RUNNING:
        raise RegistrationError("not_running", "Late entries are taken once the draw is made.")
    rule = tournament.late_entry_rule
    if rule == LateEntryRule.NONE:
        raise RegistrationError("late_entries_closed", "This event takes no entries after the draw.")
    if Entry.objects.filter(tournament=tournament, player=player).exists():
        raise RegistrationError("already_registered", f"{player} is already registered.",
                                {"player": player.display_name})
    next_seed = (tournament.entries.aggregate(top=Max("seed"))["top"] or 0) + 1
    entry = Entry(tournament=tournament, player=player, late=True, seed=next_seed,
                  division=division, checked_in_at=timezone.now())
    if tournament.format == Tournament.Format.SWISS and rule in (LateEntryRule.SEEDED_LAST,
                                                                 LateEntryRule.PENALTY):
        if rule == LateEntryRule.PENALTY:
            entry.penalty_points = tournament.late_entry_penalty
        entry.save()
    elif tournament.format == Tournament.Format.KNOCKOUT and rule in (LateEntryRule.SEEDED_LAST,
                                                                      LateEntryRule.CONSOLATION):
        _place_in_bye(tournament, entry, consolation=rule == LateEntryRule.CONSOLATION)
    else:
        raise RegistrationError(
            "late_entry_not_possible",
            "A late entry under this rule is not possible in this format.",
            {"rule": rule, "format": tournament.format},
        )
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
                                                 "position": entry.position})
    return entry


def _place_in_bye(tournament: Tournament, entry: Entry, *, consolation: bool) -> None:
    slots = _open_bye_slots(tournament)
    if consolation:
        if tournament.consolation == Tournament.Consolation.NONE:
            raise RegistrationError("no_consolation", "This event has no consolation flight.")
        slots = [slot for slot in slots if _consolation_slot_open(tournament, slot[0].number)]
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
        from tournaments.services.day import after_draw_change

        after_draw_change(tournament)


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
        from tournaments.services.day import after_draw_change

        after_draw_change(tournament)
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

