"""Signal receivers of the tournaments app, connected in TournamentsConfig.ready()."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models.signals import post_delete, post_save
from django.utils.translation import gettext as _

from clubs import club_page
from clubs.club_page import Section
from clubs.models import Player
from games.models import Match
from games.services.played_dates import register_earliest_day
from games.signals import result_confirmed
from tournaments import calendar_items
from tournaments.models import BracketConflict, Entry, Pairing, Tournament, TournamentLog
from tournaments.page_cache import SCHEDULE_FIELDS, enabled, touch
from tournaments.play.results import on_result_confirmed
from tournaments.selectors.tournaments import club_events
from tournaments.services.day import after_draw_change
from tournaments.signals import draw_changed


def advance_draw(sender: Any, **kwargs: Any) -> None:
    on_result_confirmed(**kwargs)


def settle_and_announce(sender: Any, tournament: Any, stamped: Any = (), **kwargs: Any) -> None:
    after_draw_change(tournament, stamped=stamped)


def events_section(club: Any, request: Any) -> Any:
    """The club page's section of events (upcoming and past)."""
    return Section(_("Events"), "tournaments/_club_events.html",
                   club_events(club, request.user), order=10)


# --- what drops a cached page's version (tournaments.page_cache) ----------------------------


def _on_row(sender: Any, instance: Any, update_fields: Any = None, **_: Any) -> None:
    # the change log, a correction's conflict (the console's), or a pairing's table or
    # presence saved alone: its event's tables keep their version
    schedule_only = sender in (TournamentLog, BracketConflict) or (
        sender is Pairing and bool(update_fields) and set(update_fields) <= SCHEDULE_FIELDS)
    touch([instance.tournament_id], results=not schedule_only)


def _on_event(sender: Any, instance: Any, **_: Any) -> None:
    touch([instance.pk])


def _on_match(sender: Any, instance: Any, **_: Any) -> None:
    """A match's score or state shows in its event's bracket and day pages; in its tables
    only once its pairing is decided (a corrected result). A confirmation decides the
    pairing after this save, and that save drops the tables' version."""
    if enabled() and instance.pk is not None:
        rows = list(Pairing.objects.filter(match_id=instance.pk).values_list("tournament_id", "state"))
        touch([event for event, _state in rows], results=False)
        touch([event for event, state in rows if state == Pairing.State.DECIDED])


def _on_player(sender: Any, instance: Any, **_: Any) -> None:
    """A player's names: on the pages of the events they entered, and on the consoles
    whose change log names their login as the one who acted."""
    if enabled() and instance.pk is not None:
        events = Entry.objects.filter(player_id=instance.pk).order_by().values_list("tournament_id", flat=True)
        if instance.user_id is not None:
            events = events.union(_acted_in(instance.user_id))
        touch(events)


def _acted_in(user_id: int) -> Any:
    return TournamentLog.objects.filter(actor_id=user_id).order_by().values_list("tournament_id", flat=True)


def _on_user(sender: Any, instance: Any, update_fields: Any = None, **_: Any) -> None:
    """A login's names (a console's change log names who acted: ``person``); a sign-in
    (its time) or a new password changes none of them."""
    if enabled() and instance.pk is not None and not (
            update_fields and set(update_fields) <= {"last_login", "password"}):
        touch(_acted_in(instance.pk).distinct())


def event_first_day(match: Match) -> datetime.date | None:
    """An event's match cannot have been played before the event began."""
    return (Pairing.objects.filter(match_id=match.pk)
            .values_list("tournament__starts_on", flat=True).first())


def connect() -> None:
    for model in (Entry, Pairing, TournamentLog, BracketConflict):
        post_save.connect(_on_row, sender=model, dispatch_uid=f"page_cache.{model.__name__}")
        post_delete.connect(_on_row, sender=model, dispatch_uid=f"page_cache.{model.__name__}.d")
    post_save.connect(_on_event, sender=Tournament, dispatch_uid="page_cache.tournament")
    post_save.connect(_on_match, sender=Match, dispatch_uid="page_cache.match")
    post_save.connect(_on_player, sender=Player, dispatch_uid="page_cache.player")
    post_save.connect(_on_user, sender=get_user_model(), dispatch_uid="page_cache.user")
    club_page.register(events_section)
    calendar_items.register()
    result_confirmed.connect(advance_draw, dispatch_uid="tournaments.advance_draw")
    register_earliest_day(event_first_day)
    draw_changed.connect(settle_and_announce, dispatch_uid="tournaments.settle_and_announce")
