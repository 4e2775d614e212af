"""The draw as a director meets it: a preview, publishing it, and taking it back.

* ``preview_draw``: the real draw (``make_draw``) made inside a transaction that is then
  rolled back, read as plain data first (``DrawPreview``). Nothing survives: no rows, no
  outbox work (the announcements' rows and their on-commit hooks go with the rollback)
  and no dropped page-cache version (``page_cache.held``).
* ``make_draw``: the draw for real. The random seed is fixed before anything else, so a
  preview and the draw published after it with the same seed are the same draw (a
  preview of an event without a seed passes the seed it chose on to the publishing).
  The event's state before the draw is kept in the log line ``draw_published``.
* ``undo_draw``: while nothing is played (no result, game, walkover, later round or
  late entry), the event goes back to that state: its status before the draw
  (registration, or draft when drawn from a draft), no pairings or
  matches, entries' seeds, positions and groups as they were, the no-shows dropped by
  the draw back in, the divisions merged back; the players told of a match are told it
  is withdrawn (one ``draw_withdrawn``).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import Count, Exists, Max, ProtectedError, Q

from clubs.permissions import AnyUser, can_manage_club
from common.bounds import parse_int
from common.bulk import update_rows
from games.choices import MatchStatus
from games.models import Match
from tournaments import page_cache
from tournaments.event_settings import bounds_of
from tournaments.models import (
    Entry,
    Pairing,
    Tournament,
    TournamentLog,
    Withdrawal,
    with_flight_rounds,
)
from tournaments.play import divisions
from tournaments.play.common import ActionError, record
from tournaments.services.checkin import drop_no_shows
from tournaments.signals import draw_withdrawn

BEFORE_DRAW = (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION)
# What a draw changes on the event and on its entries (kept to be put back by an undo).
EVENT_FIELDS = ("status", "current_round", "draw_size", "random_seed", "swiss_rounds")
ENTRY_FIELDS = ("seed", "position", "group", "last_chance_seed", "rating_at_start")
PUBLISHED = "draw_published"


# --- the draw ------------------------------------------------------------------------------


def new_seed() -> int:
    """A fresh seed for the draw's random choices (a preview's "Reshuffle")."""
    return secrets.randbits(48)


def checked_seed(value: object) -> int | None:
    """A random seed as given (a number, or a form's text; empty: none), else refused."""
    if value is None or value == "":
        return None
    low, high = bounds_of("random_seed")
    seed = parse_int(value, low, high)
    if seed is None:
        raise ActionError("bad_random_seed", f"A random seed is a whole number from {low} to {high}.",
                          {"lowest": low, "highest": high}, field="random_seed")
    return seed


def _fix_seed(tournament: Tournament, random_seed: int | None) -> None:
    random_seed = checked_seed(random_seed)
    if random_seed is None and tournament.random_seed is not None:
        return
    tournament.random_seed = random_seed if random_seed is not None else new_seed()
    tournament.save(update_fields=["random_seed"])


def _state_before(tournament: Tournament) -> dict[str, Any]:
    return {
        "event": {name: getattr(tournament, name) for name in EVENT_FIELDS},
        "entries": [list(row) for row in tournament.entries.order_by("pk").values_list("pk", *ENTRY_FIELDS)],
    }


@transaction.atomic
def make_draw(*, tournament: Tournament, actor: AbstractBaseUser | None,
              random_seed: int | None = None) -> None:
    """Make the draw the event's format asks for, and start play.

    Entrants who did not check in (when the event has a check-in) are dropped first. An
    event with divisions is split into one event per division, each drawn by the format.
    ``random_seed``: the seed a preview showed (else the event's own, else a new one).
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status not in BEFORE_DRAW:  # the format says what is wrong
        tournament.event_format.make_draw(tournament=tournament, actor=actor)
        return
    before = _state_before(tournament)
    _fix_seed(tournament, random_seed)
    dropped = drop_no_shows(tournament, actor)
    split = []
    if divisions.has_divisions(tournament):  # one draw per division (play.divisions)
        split = divisions.split_into_divisions(tournament=tournament, actor=actor)
    else:
        tournament.event_format.make_draw(tournament=tournament, actor=actor)
    record(tournament, actor, PUBLISHED, before=before, after={
        **_marks(tournament),
        "no_shows": [entry.pk for entry in dropped],
        "divisions": [child.pk for child in split],
    })


def _marks(tournament: Tournament) -> dict[str, Any]:
    """What says whether play moved on since the draw of ``tournament`` (and its
    divisions): how many pairings there are, the newest, and each event's round."""
    made = Pairing.objects.filter(Q(tournament=tournament) | Q(tournament__parent=tournament)).aggregate(
        count=Count("pk"), last=Max("pk"))
    return {"pairing_count": made["count"], "last_pairing": made["last"] or 0,
            "rounds": {str(pk): number for pk, number in Tournament.objects.filter(
                Q(pk=tournament.pk) | Q(parent=tournament)).values_list("pk", "current_round")}}


# --- the preview ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PreviewMatch:
    """One pairing of the preview: who meets whom (a bye has one side)."""

    flight: str
    group: int
    round: int
    number: int
    stage: str
    top: str | None
    top_seed: int | None
    bottom: str | None
    bottom_seed: int | None
    bye: bool


@dataclass(frozen=True)
class PreviewGroup:
    number: int
    players: tuple[str, ...]


@dataclass(frozen=True)
class PreviewEvent:
    """The draw of the event, or of one of its divisions."""

    name: str
    division: str
    size: int | None
    groups: tuple[PreviewGroup, ...]
    matches: tuple[PreviewMatch, ...]


@dataclass(frozen=True)
class DrawPreview:
    random_seed: int
    dropped: tuple[str, ...]  # no-shows the draw drops (did not check in)
    events: tuple[PreviewEvent, ...]


class _Rollback(Exception):
    def __init__(self, preview: DrawPreview) -> None:
        super().__init__("preview")
        self.preview = preview


def _side(entry: Entry | None) -> tuple[str | None, int | None]:
    return (entry.player.display_name, entry.seed) if entry is not None else (None, None)


def drawn(tournament: Tournament) -> PreviewEvent:
    """What the draw of ``tournament`` made, as the preview shows it: the groups and the
    matches that are ready or byes (the first round, and what byes already settle)."""
    pairings = with_flight_rounds(list(  # what the rounds' names need, in one query
        tournament.pairings.filter(state__in=(Pairing.State.READY, Pairing.State.BYE))
        .select_related("tournament", "top__player", "bottom__player")
        .order_by("flight", "group", "round", "number")))
    matches = []
    for pairing in pairings:
        (top, top_seed), (bottom, bottom_seed) = _side(pairing.top), _side(pairing.bottom)
        matches.append(PreviewMatch(pairing.flight, pairing.group, pairing.round, pairing.number,
                                    pairing.stage_title, top, top_seed, bottom, bottom_seed,
                                    pairing.state == Pairing.State.BYE))
    groups: dict[int, list[str]] = {}
    for entry in tournament.entries.filter(group__isnull=False, withdrawn=False).select_related(
            "player").order_by("group", "seed", "pk"):
        groups.setdefault(entry.group or 0, []).append(entry.player.display_name)
    return PreviewEvent(tournament.name, tournament.division, tournament.draw_size,
                        tuple(PreviewGroup(number, tuple(names)) for number, names in sorted(groups.items())),
                        tuple(matches))


def published(tournament: Tournament) -> list[PreviewEvent]:
    """The draw of an event as made (each division's when it was split)."""
    tournament.refresh_from_db()
    children = list(tournament.division_events.order_by("pk"))
    return [drawn(child) for child in children] if children else [drawn(tournament)]


def preview_draw(*, tournament: Tournament, actor: AbstractBaseUser | None,
                 random_seed: int | None = None) -> DrawPreview:
    """The draw as ``make_draw`` would make it now, with nothing saved or announced.

    Refused as the draw itself would be (the same errors)."""
    if actor is not None and not can_manage_club(actor, tournament.club):
        raise ActionError("not_allowed", "Only the directors of this club make its draw.")
    try:
        with page_cache.held(), transaction.atomic():
            dropped_before = set(tournament.entries.filter(withdrawn=True).values_list("pk", flat=True))
            make_draw(tournament=tournament, actor=actor, random_seed=random_seed)
            event = Tournament.objects.get(pk=tournament.pk)
            dropped = tuple(Entry.objects.filter(
                Q(tournament=event) | Q(tournament__parent=event), withdrawal=Withdrawal.NO_SHOW,
                withdrawn=True).exclude(pk__in=dropped_before).order_by("player__display_name")
                .values_list("player__display_name", flat=True))
            raise _Rollback(DrawPreview(event.random_seed or 0, dropped, tuple(published(event))))
    except _Rollback as done:
        tournament.refresh_from_db()
        return done.preview


# --- taking the draw back --------------------------------------------------------------------


# Play has begun in a pairing: a walkover, a decided match of two players, a match under
# way or finished. Read from the pairing and its match alone, so the console finds it in
# its rounds' aggregate (kept per version of the event, which these rows' writes drop).
PLAYED_PAIRING = (~Q(walkover="") | Q(state=Pairing.State.DECIDED, top__isnull=False, bottom__isnull=False)
                  | Q(match__status__in=(MatchStatus.PLAYING, MatchStatus.FINISHED)))


def undo_refused_already(tournament: Tournament, *, pairings_played: bool) -> bool:
    """True when the draw surely cannot be taken back, known without asking anything more:
    a division, an event not running, or play begun in its own pairings (``pairings_played``:
    one matches ``PLAYED_PAIRING``). False: ``undo_refusal`` has to ask."""
    return (tournament.parent_id is not None or tournament.status != Tournament.Status.RUNNING
            or pairings_played)


def undo_refusal(tournament: Tournament) -> ActionError | None:
    """Why the draw of ``tournament`` cannot be taken back now (None: it can).

    One query says whether there is a draw and whether anything was played (the console
    asks on every view, mostly of events under way); only a draw with nothing played
    reads its log line and looks for later rounds."""
    if tournament.parent_id is not None:
        return ActionError("undo_draw_in_event", "This division was drawn with its event: take "
                           "the draw back on the event's console.")
    if tournament.status != Tournament.Status.RUNNING:
        return ActionError("no_draw_to_undo", "There is no draw to take back.")
    of_event = Q(tournament=tournament) | Q(tournament__parent=tournament)  # and its divisions
    facts = Tournament.objects.filter(pk=tournament.pk).annotate(
        drawn=Exists(TournamentLog.objects.filter(tournament=tournament, action=PUBLISHED)),
        played=Exists(Pairing.objects.filter(of_event).filter(
            PLAYED_PAIRING | Q(match__games__isnull=False) | Q(match__results__isnull=False)
            | Q(match__changes__isnull=False) | Q(match__transcripts__isnull=False))),
        late=Exists(Entry.objects.filter(of_event, late=True)),
    ).values("drawn", "played", "late").get()
    if not facts["drawn"]:
        return ActionError("no_draw_to_undo", "There is no draw to take back.")
    if facts["played"]:
        return ActionError("draw_in_play", "The draw can no longer be taken back: a result, a game "
                           "or a walkover is already in.")
    log = tournament.log.filter(action=PUBLISHED).order_by("-pk").first()
    assert log is not None  # drawn
    marks = _marks(tournament)
    if facts["late"] or any(log.after.get(name) != value for name, value in marks.items()):
        return ActionError("draw_moved_on", "The draw can no longer be taken back: a later round "
                           "has started or a player was entered late.")
    return None


@transaction.atomic
def undo_draw(*, tournament: Tournament, by: AnyUser) -> Tournament:
    """Take the draw back (see the module): refused once anything is played."""
    tournament = Tournament.objects.select_for_update().select_related("club").get(pk=tournament.pk)
    if not can_manage_club(by, tournament.club):
        raise ActionError("not_allowed", "Only the directors of this club take its draw back.")
    refusal = undo_refusal(tournament)
    if refusal is not None:
        raise refusal
    log = tournament.log.filter(action=PUBLISHED).order_by("-pk").first()
    assert log is not None  # undo_refusal checked it
    children = list(Tournament.objects.select_for_update().filter(pk__in=log.after.get("divisions", [])))
    events = [tournament, *children]
    pairings = Pairing.objects.filter(tournament__in=events)
    told = _told_players(pairings)
    match_ids = list(pairings.exclude(match__isnull=True).values_list("match_id", flat=True))
    try:
        pairings.delete()
        Match.objects.filter(pk__in=match_ids).delete()
    except ProtectedError as error:  # something of a later layer holds a match (a dispute)
        raise ActionError("draw_in_play", "The draw can no longer be taken back: a result, a game "
                          "or a walkover is already in.") from error
    Entry.objects.filter(tournament__in=children).update(tournament=tournament, seed=None, position=None)
    for child in children:
        child.delete()
    _restore(tournament, log.before, no_shows=log.after.get("no_shows", []))
    undone = record(tournament, by, "draw_undone", after={"players": sorted(told)})
    if told:
        draw_withdrawn.send(sender=Tournament, tournament=tournament, players=sorted(told),
                            occurrence=str(undone.pk))
    return tournament


def _told_players(pairings: Any) -> set[int]:
    """The players whose match of these pairings was announced to them."""
    told: set[int] = set()
    for top, bottom in pairings.exclude(announced_for="").values_list("top__player_id", "bottom__player_id"):
        told.update(p for p in (top, bottom) if p is not None)
    return told


def _restore(tournament: Tournament, before: dict[str, Any], *, no_shows: list[int]) -> None:
    for name, value in before["event"].items():
        setattr(tournament, name, value)
    tournament.save(update_fields=list(before["event"]))
    rows = {row[0]: row[1:] for row in before["entries"]}
    entries = list(tournament.entries.filter(pk__in=rows))
    for entry in entries:
        for name, value in zip(ENTRY_FIELDS, rows[entry.pk], strict=True):
            setattr(entry, name, value)
    # seeds and positions are unique per event: clear them first, then write them back
    tournament.entries.update(seed=None, position=None)
    update_rows(Entry, entries, ENTRY_FIELDS)
    tournament.entries.filter(pk__in=no_shows, withdrawal=Withdrawal.NO_SHOW).update(
        withdrawn=False, withdrawn_at=None, withdrawal="")
