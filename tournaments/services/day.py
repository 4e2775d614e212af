"""The day of the event: matches announced with their table, time control and forfeit
clock; players at their table; absent players forfeiting; the director's adjustments.

``after_draw_change`` runs whenever the draw moves (a draw made, a result confirmed, a
round started, a walkover): withdrawn players' matches become walkovers first, then
every match that has just got both players is announced (one ``pairings_published`` for
all of them, and one ``rounds_published`` for the rounds they open) with a table, its round's time
control recorded on the match, and, when the event forfeits absent players, the time
by which both players must be at the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import CharField, Count, Value
from django.db.models.functions import Cast, Concat
from django.utils import timezone

from clubs.permissions import AnyUser, can_manage_club, is_player_self
from common.bulk import update_rows
from games.models import Match
from tournaments import page_cache
from tournaments.models import Entry, Pairing, Tournament, Walkover
from tournaments.play import games_adapter
from tournaments.play.common import ActionError, record
from tournaments.play.ready import MATCH_STAMPS, stamp_ready
from tournaments.play.results import award_walkover
from tournaments.play.walkovers import settle_withdrawals
from tournaments.signals import pairings_published, rounds_published

MAX_EXTENSION_MINUTES = 240


def after_draw_change(tournament: Tournament, stamped: Iterable[Pairing] = ()) -> None:
    settle_withdrawals(tournament)
    announce_ready(tournament, stamped=stamped)


def announce_ready(tournament: Tournament, now: datetime | None = None,
                   stamped: Iterable[Pairing] = ()) -> list[Pairing]:
    """Announce the ready matches whose players are new or changed (see the module), in
    one ``pairings_published`` (and one ``rounds_published`` for the rounds they open).

    ``stamped``: pairings stamped ready as they were created or opened (``play.ready``),
    saved, to be announced as they are, without reading them again (a league's opened
    rounds are thousands); the others are found by one query (ready, and announced for
    other players or none) and stamped here, in one set-based write.
    """
    now = now or timezone.now()
    stamped = [p for p in stamped if p.state == Pairing.State.READY and p.match_id is not None]
    stamped_ids = {p.pk for p in stamped}
    ready = tournament.pairings.filter(state=Pairing.State.READY, match__isnull=False)
    # a ready pairing has both players: announced for them reads "top:bottom" (ready.announced_for)
    players = Concat(Cast("top_id", CharField()), Value(":"), Cast("bottom_id", CharField()))
    to_stamp = [p for p in ready.exclude(announced_for=players).select_related("match")
                if p.pk not in stamped_ids]
    fresh = sorted([*stamped, *to_stamp], key=lambda p: (p.flight, p.round, p.number))
    if not fresh:
        return []
    changed = {p.pk for p in to_stamp if p.announced_for}
    # A round opens with its first announced pairings. Announced before: those announced
    # (by rounds, counted in one query) but the ones stamped by this draw or round.
    announced_before = Counter({(row["flight"], row["round"]): row["count"] for row in (
        tournament.pairings.exclude(announced_for="").values("flight", "round")
        .annotate(count=Count("pk")).order_by())})
    announced_before.subtract(Counter((p.flight, p.round) for p in stamped))
    if to_stamp:
        restamped = {p.pk for p in to_stamp}
        taken = [table for pk, table in ready.exclude(table="").values_list("pk", "table")
                 if pk not in restamped]
        started = games_adapter.started_matches(p.match for p in to_stamp)
        matches = stamp_ready(tournament, to_stamp, taken=taken, now=now, started=started)
        Pairing.objects.bulk_update(to_stamp, ["announced_for", "ready_at", "forfeit_at", "table"])
        update_rows(Match, matches, MATCH_STAMPS)
        page_cache.touch_players(pk for m in matches for pk in (m.player1_id, m.player2_id))
    opened = list(dict.fromkeys((p.flight, p.round) for p in fresh
                                if not announced_before[(p.flight, p.round)]))
    if opened:
        rounds_published.send(sender=Tournament, tournament=tournament, rounds=opened)
    pairings_published.send(sender=Tournament, tournament=tournament, pairings=fresh, changed=changed)
    return fresh


def _lock_pairing(pairing: Pairing) -> tuple[Tournament, Pairing]:
    tournament = Tournament.objects.select_for_update(of=("self",)).select_related("club").get(pk=pairing.tournament_id)
    pairing = Pairing.objects.select_for_update(of=("self",)).select_related("top", "bottom", "match").get(pk=pairing.pk)
    return tournament, pairing


@transaction.atomic
def set_table(*, pairing: Pairing, table: str, by: AnyUser) -> Pairing:
    """A director gives a match its table or board (any short label: "7", "B2").

    Only the pairing's row is locked, for the three statements that change it and log
    the change: a table moves no result, so the event's row is left to the others."""
    tournament = pairing.tournament
    if not can_manage_club(by, tournament.club):
        raise ActionError("not_allowed", "Only the directors of this club assign tables.")
    table = table.strip()
    if len(table) > 20:
        raise ActionError("bad_table", "A table is named in at most 20 characters.")
    before = Pairing.objects.select_for_update().values_list("table", flat=True).get(pk=pairing.pk)
    pairing.table = table
    pairing.save(update_fields=["table"])
    record(tournament, by, "table", before={"pairing": pairing.pk, "table": before},
           after={"pairing": pairing.pk, "table": table})
    return pairing


@transaction.atomic
def mark_present(*, pairing: Pairing, entry: Entry, by: AnyUser, present: bool = True) -> Pairing:
    """A player says they are at the table (or a director ticks them): no forfeit for them."""
    tournament, pairing = _lock_pairing(pairing)
    if entry.pk not in (pairing.top_id, pairing.bottom_id):
        raise ActionError("not_in_match", "This player does not play this match.")
    if not (can_manage_club(by, tournament.club) or is_player_self(by, entry.player)):
        raise ActionError("not_allowed", "Players say only that they themselves are present.")
    if pairing.state != Pairing.State.READY:
        raise ActionError("match_not_ready", "This match does not have both players yet.")
    field = "top_present_at" if entry.pk == pairing.top_id else "bottom_present_at"
    setattr(pairing, field, timezone.now() if present else None)
    pairing.save(update_fields=[field])
    record(tournament, by, "present" if present else "not_present",
           after={"pairing": pairing.pk, "player": entry.player_id})
    return pairing


@transaction.atomic
def extend_forfeit(*, pairing: Pairing, minutes: int | None, by: AnyUser) -> Pairing:
    """A director gives absent players more time (``minutes`` from now) or, with None,
    turns the automatic forfeit off for this match."""
    tournament, pairing = _lock_pairing(pairing)
    if not can_manage_club(by, tournament.club):
        raise ActionError("not_allowed", "Only the directors of this club do this.")
    if pairing.state != Pairing.State.READY:
        raise ActionError("match_not_ready", "This match is not waiting to be played.")
    if minutes is not None and not 1 <= minutes <= MAX_EXTENSION_MINUTES:
        raise ActionError("bad_minutes", f"Give 1 to {MAX_EXTENSION_MINUTES} minutes.",
                          {"maximum": MAX_EXTENSION_MINUTES})
    before = pairing.forfeit_at.isoformat() if pairing.forfeit_at else None
    pairing.forfeit_at = timezone.now() + timedelta(minutes=minutes) if minutes else None
    pairing.save(update_fields=["forfeit_at"])
    record(tournament, by, "forfeit_extended", before={"pairing": pairing.pk, "at": before},
           after={"pairing": pairing.pk, "minutes": minutes})
    return pairing


def forfeit_due(now: datetime | None = None, limit: int = 200) -> list[int]:
    """Forfeit absent players whose time is up (the sweep); returns the pairings decided.

    One player at the table and the other not: a walkover to the one present. A match
    under way (games or a result entered) counts as both present. Nobody there: the
    clock stops and the director decides.
    """
    now = now or timezone.now()
    decided = []
    due = list(Pairing.objects.filter(
        state=Pairing.State.READY, forfeit_at__lte=now, match__isnull=False,
        tournament__status=Tournament.Status.RUNNING,
    ).values_list("pk", flat=True)[:limit])
    for pk in due:
        with transaction.atomic():
            pairing = Pairing.objects.select_related("tournament").get(pk=pk)
            tournament, pairing = _lock_pairing(pairing)
            if pairing.state != Pairing.State.READY or pairing.forfeit_at is None or pairing.forfeit_at > now:
                continue
            started = games_adapter.has_started(pairing.match)
            top, bottom = pairing.top_present_at is not None, pairing.bottom_present_at is not None
            if started or top == bottom:
                pairing.forfeit_at = None
                pairing.save(update_fields=["forfeit_at"])
                if not started and not top:
                    record(tournament, None, "both_absent", after={"pairing": pairing.pk})
                continue
            winner = pairing.top if top else pairing.bottom
            award_walkover(pairing=pairing, winner=winner, actor=None, reason=Walkover.NO_SHOW)
            decided.append(pk)
    return decided
