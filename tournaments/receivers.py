"""Signal receivers of the tournaments app, connected in TournamentsConfig.ready()."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.db.models.signals import post_delete, post_save
from django.utils.translation import gettext as _

from clubs import club_page
from clubs.club_page import Section
from clubs.models import Club, Membership, Player
from clubs.public_names import display_names_changed
from games.models import Match, MatchResult, ResultStatus
from games.services.played_dates import register_earliest_day
from games.signals import result_confirmed
from tournaments import calendar_items
from tournaments.models import (
    ENTRY_SHOWN_TO_PLAYERS,
    PAIRING_FRAME_FIELDS,
    BracketConflict,
    Entry,
    Pairing,
    Tournament,
    TournamentLog,
    seated_players,
)
from tournaments.page_cache import (
    SCHEDULE_FIELDS,
    enabled,
    touch,
    touch_events,
    touch_frames,
    touch_players,
    touch_site,
)
from tournaments.play.results import on_result_confirmed
from tournaments.selectors.tournaments import club_events
from tournaments.services.day import after_draw_change
from tournaments.signals import draw_changed

# What the players' own lists show of a match's seats, a player and a login (the names).
MATCH_SEATS = frozenset({"player1", "player2"})
PLAYER_SHOWN = frozenset({"display_name", "user"})
USER_SHOWN = frozenset({"username", "first_name", "last_name"})


def advance_draw(sender: Any, **kwargs: Any) -> None:
    on_result_confirmed(**kwargs)


def settle_and_announce(sender: Any, tournament: Any, stamped: Any = (), **kwargs: Any) -> None:
    after_draw_change(tournament, stamped=stamped)


def events_section(club: Any, request: Any) -> Any:
    """The club page's section of events (upcoming and past)."""
    return Section(_("Events"), "tournaments/_club_events.html",
                   club_events(club, request.user), order=10)


# --- what drops a cached page's version (tournaments.page_cache) ----------------------------
# The events' versions (their public fragments), and what the players' own lists show
# (``page_cache.for_player``): the frames of their events and the players' own versions.


def _shown(update_fields: Any, fields: frozenset[str]) -> bool:
    """Whether a save of these fields (None: all of them, or a deletion) changes any of
    ``fields``."""
    return update_fields is None or any(f.removesuffix("_id") in fields for f in update_fields)


def _on_entry(sender: Any, instance: Entry, update_fields: Any = None, **_: Any) -> None:
    touch([instance.tournament_id])
    if _shown(update_fields, ENTRY_SHOWN_TO_PLAYERS):
        touch_frames([instance.tournament_id])
        touch_players([instance.player_id])  # a new entry: their copy did not look at its frame


def _on_pairing(sender: Any, instance: Pairing, created: bool = False, update_fields: Any = None,
                **_: Any) -> None:
    # a pairing's table or presence saved alone: its event's tables keep their version
    schedule_only = bool(update_fields) and set(update_fields) <= SCHEDULE_FIELDS
    touch([instance.tournament_id], results=not schedule_only)
    if created or _shown(update_fields, PAIRING_FRAME_FIELDS):
        touch_frames([instance.tournament_id])
    elif enabled():
        touch_players(seated_players([instance]))


def _on_console_row(sender: Any, instance: Any, **_: Any) -> None:
    """The change log and a correction's conflicts: the console shows them, no table does."""
    touch([instance.tournament_id], results=False)


def _on_match(sender: Any, instance: Match, update_fields: Any = None, **_: Any) -> None:
    """A match's score or state shows in its event's bracket and day pages; in its tables
    only once its pairing is decided (a corrected result). A confirmation decides the
    pairing after this save, and that save drops the tables' version."""
    touch_site()  # live matches and the latest results
    if enabled() and instance.pk is not None:
        rows = list(Pairing.objects.filter(match_id=instance.pk).values_list("tournament_id", "state"))
        tournaments = [event for event, _state in rows]
        decided = [event for event, state in rows if state == Pairing.State.DECIDED]
        touch([event for event in tournaments if event not in decided], results=False)
        touch(decided)
        touch_players(_players_of(instance))
        if _shown(update_fields, MATCH_SEATS):  # reseated: its former players' lists too
            touch_frames(tournaments)


def _on_match_deleted(sender: Any, instance: Match, **_: Any) -> None:
    touch_site()
    touch_players(_players_of(instance))


def _on_result(sender: Any, instance: MatchResult, **_: Any) -> None:
    touch_site()
    if enabled():
        touch_players(_players_of(instance.match) if MatchResult.match.is_cached(instance)
                      else _match_players([instance.match_id]))


def _on_result_confirmed(sender: Any, match: Match, **_: Any) -> None:
    """A confirmation writes its result without a signal (games.services.results); the
    ratings move (leaderboard.receivers)."""
    touch_site()
    touch_players(_players_of(match))


def _on_player(sender: Any, instance: Player, update_fields: Any = None, **_: Any) -> None:
    if enabled() and instance.pk is not None:
        _names_changed([instance.pk], shown=_shown(update_fields, PLAYER_SHOWN))


def _on_display_names(sender: Any, player_ids: list[int], **_: Any) -> None:
    if enabled():
        _names_changed(player_ids)


def _names_changed(player_ids: list[int], *, shown: bool = True) -> None:
    """Players whose rows changed: the pages of their events; when what shows of them
    changed (a name, their login), every list that names them: their events' entrants'
    (frames), their own, those where a result they entered waits to be confirmed, and the
    consoles whose change log names their login."""
    tournaments = list(Entry.objects.filter(player_id__in=player_ids)
                       .values_list("tournament_id", flat=True).distinct())  # fmt: skip
    touch(tournaments)
    if shown:
        touch_site()
        touch_frames(tournaments)
        touch_players(player_ids)
        touch_players(_proposed_by(Q(entered_by__player__in=player_ids)))
        touch(_acted_in(Player.objects.filter(pk__in=player_ids).exclude(user=None)
                        .values_list("user_id", flat=True)))  # fmt: skip


def _on_user(sender: Any, instance: Any, update_fields: Any = None, **_: Any) -> None:
    """A login's names show on the results it proposed (a director's, who may play none)
    and in the change logs of the consoles where it acted; a sign-in (its time) or a new
    password changes none of them."""
    if enabled() and instance.pk is not None and _shown(update_fields, USER_SHOWN):
        touch_players(_proposed_by(Q(entered_by_id=instance.pk)))
        touch(_acted_in([instance.pk]))


def _acted_in(user_ids: Any) -> list[int]:
    """The events whose change log names one of these logins as the one who acted."""
    return list(TournamentLog.objects.filter(actor_id__in=user_ids).order_by()
                .values_list("tournament_id", flat=True).distinct())  # fmt: skip


def _on_tournament(sender: Any, instance: Tournament, **_: Any) -> None:
    touch_events([instance.pk])


def _on_club(sender: Any, instance: Any, **_: Any) -> None:
    """Its time zone and start bound the dates shown and asked on its events' lists."""
    touch_site(events=True)
    if enabled() and instance.pk is not None:
        touch_frames(Tournament.objects.filter(club_id=instance.pk).values_list("pk", flat=True))


def _on_public_row(sender: Any, **_: Any) -> None:
    """A row the site's own pages count or list (a membership, a player gone)."""
    touch_site()


def _players_of(match: Match) -> list[int]:
    return [match.player1_id, match.player2_id]


def _match_players(match_ids: list[int]) -> list[int]:
    return [pk for row in Match.objects.filter(pk__in=match_ids)
            .values_list("player1_id", "player2_id") for pk in row]  # fmt: skip


def _proposed_by(who: Q) -> list[int]:
    """The players of the matches with a result waiting for confirmation entered by ``who``
    (My matches names whoever proposed it)."""
    rows = MatchResult.objects.filter(who, status=ResultStatus.PROPOSED).values_list(
        "match__player1_id", "match__player2_id")
    return [pk for row in rows for pk in row]


def event_first_day(match: Match) -> datetime.date | None:
    """An event's match cannot have been played before the event began."""
    return (Pairing.objects.filter(match_id=match.pk)
            .values_list("tournament__starts_on", flat=True).first())


def connect() -> None:
    for model, receiver in ((Entry, _on_entry), (Pairing, _on_pairing), (MatchResult, _on_result),
                            (TournamentLog, _on_console_row), (BracketConflict, _on_console_row)):
        post_save.connect(receiver, sender=model, dispatch_uid=f"page_cache.{model.__name__}")
        post_delete.connect(receiver, sender=model, dispatch_uid=f"page_cache.{model.__name__}.d")
    post_save.connect(_on_match, sender=Match, dispatch_uid="page_cache.match")
    post_delete.connect(_on_match_deleted, sender=Match, dispatch_uid="page_cache.match.d")
    post_save.connect(_on_player, sender=Player, dispatch_uid="page_cache.player")
    display_names_changed.connect(_on_display_names, dispatch_uid="page_cache.display_names")
    post_save.connect(_on_user, sender=get_user_model(), dispatch_uid="page_cache.user")
    for model, receiver in ((Tournament, _on_tournament), (Club, _on_club)):
        post_save.connect(receiver, sender=model, dispatch_uid=f"page_cache.{model.__name__}")
        post_delete.connect(receiver, sender=model, dispatch_uid=f"page_cache.{model.__name__}.d")
    result_confirmed.connect(_on_result_confirmed, dispatch_uid="page_cache.result_confirmed")
    post_save.connect(_on_public_row, sender=Membership, dispatch_uid="page_cache.membership")
    post_delete.connect(_on_public_row, sender=Membership, dispatch_uid="page_cache.membership.d")
    post_delete.connect(_on_public_row, sender=Player, dispatch_uid="page_cache.player.d")
    club_page.register(events_section)
    calendar_items.register()
    result_confirmed.connect(advance_draw, dispatch_uid="tournaments.advance_draw")
    register_earliest_day(event_first_day)
    draw_changed.connect(settle_and_announce, dispatch_uid="tournaments.settle_and_announce")
