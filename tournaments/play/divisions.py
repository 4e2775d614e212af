"""Divisions (flights by strength: Open, Intermediate, Novice) of one event.

Ruling (issue 16, part 3). An event's divisions are declared on the event
(``Tournament.divisions``) and each registration or entry records its division code. At
the draw the event is **split**: one child tournament per division (``parent`` = the
event, ``division`` = the code), with the event's format and settings, and the entrants
of that division **moved** into it (their registrations, fees and check-ins keep
pointing at the same entries). Each child is then drawn by its format like any event.

So a division is an ordinary tournament: its own draw, rounds, results, standings,
places and GP-style ranking points (``leaderboard`` scores each finished division; the
parent event itself is not scored), its own console and desk, and its side events
(consolation, last chance, losers' bracket) stay flights of its own draw, linked to it.
No service, format or page had to learn about divisions for that; the alternative (a
division key on every pairing, seed, round counter and status) would have touched all of
them. The event keeps what is shared: its registration, divisions, the money ledger
(which reads the entries of all its divisions) and its status (running once split,
finished when its last division finishes). Its pages and API show the divisions
(``division_events``) and link to each one's bracket and standings.

Refused, before anything is saved: a division without entrants, entrants without a
division (or of a division no longer declared), and whatever a division's own format
refuses (too few entrants for it, ...), each with a sentence naming the division.
"""

from __future__ import annotations

import copy

from django.contrib.auth.base_user import AbstractBaseUser

from tournaments import event_rules as rules
from tournaments.errors import TournamentError
from tournaments.event_settings import COPIED
from tournaments.messages import error_text
from tournaments.models import Entry, Tournament
from tournaments.play.common import ActionError, record

NAME_LENGTH = Tournament._meta.get_field("name").max_length or 120


def has_divisions(tournament: Tournament) -> bool:
    """Is this event drawn as divisions (declared divisions, not itself a division)?"""
    return bool(tournament.divisions) and tournament.parent_id is None


def require_not_split(tournament: Tournament) -> None:
    """Play happens in the divisions of a split event, not in the event itself."""
    if tournament.division_events.exists():
        raise ActionError(
            "play_in_divisions",
            "Each division of this event has its own draw: do this in the division's event.",
            field="division",
        )


def split_into_divisions(*, tournament: Tournament, actor: AbstractBaseUser | None) -> list[Tournament]:
    """One child tournament per division, its entrants moved in, each drawn by the format.

    Called by ``services.make_draw`` inside its transaction (with the event locked): any
    refusal leaves nothing saved.
    """
    divisions = rules.parse_divisions(tournament.divisions)
    entries = list(tournament.entries.select_related("player").order_by("pk"))
    codes = {division.code for division in divisions}
    stray = [entry for entry in entries if entry.division not in codes]
    if stray:
        names = ", ".join(entry.player.display_name for entry in stray[:10])
        raise ActionError(
            "entrants_without_division",
            f"Every entrant needs one of the event's divisions before the draw; these have "
            f"none: {names}. Choose their division at the entry desk.",
            {"names": names, "count": len(stray)}, field="division",
        )
    for division in divisions:
        if not any(e.division == division.code and not e.withdrawn for e in entries):
            raise ActionError(
                "empty_division",
                f"The {division.name} division has no entrants: enter players into it or "
                f"remove it from the divisions.",
                {"division": division.name}, field="divisions",
            )
    children = []
    for division in divisions:
        child = Tournament(
            club=tournament.club, parent=tournament, division=division.code,
            name=_child_name(tournament.name, division.name), status=Tournament.Status.REGISTRATION,
            created_by=tournament.created_by,
            **{name: copy.deepcopy(getattr(tournament, name)) for name in COPIED},
        )
        child.save()
        members = [entry for entry in entries if entry.division == division.code]
        seeded = sorted((e for e in members if e.seed is not None), key=lambda e: e.seed or 0)
        Entry.objects.filter(pk__in=[e.pk for e in members]).update(
            tournament=child, seed=None, position=None)
        for number, entry in enumerate(seeded, start=1):  # the director's order, from 1
            entry.seed = number
        Entry.objects.bulk_update(seeded, ["seed"])
        try:
            child.event_format.make_draw(tournament=child, actor=actor)
        except TournamentError as error:
            raise ActionError(
                "division_draw_refused",
                f"The {division.name} division cannot be drawn: {error.message}",
                {"division": division.name, "reason": error_text(error)}, field="divisions",
            ) from error
        children.append(child)
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    record(tournament, actor, "divisions_drawn",
           after={child.division: child.pk for child in children})
    return children


def _child_name(event: str, division: str) -> str:
    suffix = f" — {division}"
    return event[: NAME_LENGTH - len(suffix)] + suffix


def division_finished(tournament: Tournament) -> None:
    """After a division's status changed: its event is finished when every division is."""
    if tournament.parent_id is None:
        return
    parent = Tournament.objects.select_for_update().get(pk=tournament.parent_id)
    statuses = set(parent.division_events.values_list("status", flat=True))
    status = (Tournament.Status.FINISHED if statuses == {Tournament.Status.FINISHED}
              else Tournament.Status.RUNNING)
    if parent.status != status:
        parent.status = status
        parent.save(update_fields=["status"])
