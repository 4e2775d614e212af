"""The activity log read as sentences: who did what, when, in an event or a club.

Two sources: the tournament's own log (``TournamentLog``: registrations, draws,
walkovers, the director's changes) and the audit trail of its matches
(``games.ResultChange``: results entered, confirmed, disputed, overridden). Each action
has one sentence here; ``UNDO`` names the actions that can be taken back safely, by the
service that checks it is still safe.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club, Player
from clubs.permissions import AnyUser
from games.models import ResultChange
from tournaments.changes import describe
from tournaments.models import Entry, Pairing, Registration, Tournament, TournamentLog
from tournaments.play.common import ActionError
from tournaments.play.walkovers import undo_walkover
from tournaments.selectors.tournaments import visible_tournaments
from tournaments.services.checkin import check_in
from tournaments.services.day import set_table
from tournaments.services.draw import PUBLISHED, undo_draw, undo_refusal
from tournaments.services.registration import set_fee_paid, undo_withdrawal

RESULT_SENTENCES: dict[str, Any] = {
    ResultChange.Action.GAME_ENTERED: gettext_lazy("A game of %(match)s was entered."),
    ResultChange.Action.GAME_REMOVED: gettext_lazy("A game of %(match)s was taken back."),
    ResultChange.Action.SCORE_ENTERED: gettext_lazy("The final score of %(match)s was entered."),
    ResultChange.Action.PROPOSED: gettext_lazy("The result %(score)s of %(match)s was entered."),
    ResultChange.Action.CONFIRMED: gettext_lazy("The result %(score)s of %(match)s was confirmed."),
    ResultChange.Action.DISPUTED: gettext_lazy("The result %(score)s of %(match)s was disputed."),
    ResultChange.Action.REJECTED: gettext_lazy("The result %(score)s of %(match)s was set aside."),
    ResultChange.Action.OVERRIDDEN: gettext_lazy("The result of %(match)s was set to %(score)s: %(reason)s."),
    ResultChange.Action.REPAIRED: gettext_lazy("An impossible stored score of %(match)s was repaired."),
}

WITHDRAWAL_REASONS = {
    "withdrew": gettext_lazy("withdrew"), "no_show": gettext_lazy("did not check in"),
    "director": gettext_lazy("withdrawn by the director"),
}
WALKOVER_REASONS = {
    "absent": gettext_lazy("was absent"), "withdrawn": gettext_lazy("had withdrawn"),
    "no_show": gettext_lazy("did not come to the table in time"),
    "late": gettext_lazy("entered late and plays the consolation"),
}


@dataclass
class Line:
    at: datetime
    text: str
    source: str  # "event" or "result"
    pk: int
    tournament: Tournament | None = None
    actor: str = ""
    undo: str = ""  # the action's undo name, when it may be taken back


def _actor_name(user: Any, players: dict[int, str]) -> str:
    if user is None:
        return _("The system")
    return players.get(user.pk) or _("A director")


def _names(player_ids: Iterable[int]) -> dict[int, str]:
    return dict(Player.objects.filter(pk__in=set(player_ids)).values_list("pk", "display_name"))


def _user_players(user_ids: Iterable[int]) -> dict[int, str]:
    """Display names of the logins' players (never login names: privacy)."""
    return dict(Player.objects.filter(user_id__in=set(user_ids)).values_list("user_id", "display_name"))


def _log_names(logs: list[TournamentLog], *, actors: bool = True
               ) -> tuple[dict[int, str], dict[int, str], dict[int, str]]:
    """Players, entries and actors (unless not wanted) named in these lines, each looked
    up in one query."""
    player_ids: set[int] = set()
    entry_ids: set[int] = set()
    for log in logs:
        for data in (log.after or {}, log.before or {}):
            if isinstance(data.get("player"), int):
                player_ids.add(data["player"])
            for pair in data.get("unavoidable", []) or []:
                player_ids.update(p for p in pair if isinstance(p, int))
            player_ids.update(p for p in data.get("players", []) or [] if isinstance(p, int))
            entry_ids.update(data[key] for key in ("winner", "absent") if isinstance(data.get(key), int))
    entries = dict(Entry.objects.filter(pk__in=entry_ids).values_list("pk", "player__display_name"))
    actor_names = _user_players(log.actor_id for log in logs if log.actor_id) if actors else {}
    return _names(player_ids), entries, actor_names


def _values(log: TournamentLog, names: dict[int, str], entries: dict[int, str]) -> dict[str, Any]:
    after, before = log.after or {}, log.before or {}
    unavoidable = [" – ".join(names.get(p, "?") for p in pair) for pair in after.get("unavoidable", [])]
    status = after.get("status", "")
    reason = after.get("reason", "")
    if log.action == "withdrawn":
        reason = str(WITHDRAWAL_REASONS.get(reason, reason))
    elif log.action == "walkover":
        reason = str(WALKOVER_REASONS.get(reason, WALKOVER_REASONS["absent"]))
    return {
        "player": names.get(after.get("player") or before.get("player"), _("a player")),
        "players": ", ".join(names.get(p, "?") for p in after.get("players", []) or [])
        or ", ".join(unavoidable) or "—",
        "round": after.get("round", ""),
        "winner": entries.get(after.get("winner"), ""),
        "absent": entries.get(after.get("absent"), "?"),
        "status": str(dict(Registration.Status.choices).get(status, status)),
        "table": after.get("table", ""),
        "moved": after.get("moved", 0),
        "reason": reason,
    }


def described(logs: Iterable[TournamentLog]) -> list[tuple[TournamentLog, str]]:
    """Log lines with their sentences (the console's short log)."""
    logs = list(logs)
    names, entries, _actors = _log_names(logs, actors=False)  # the page names them (person)
    return [(log, describe(log.action, log.after, _values(log, names, entries))) for log in logs]


def tournament_lines(logs: Iterable[TournamentLog], *, undo: bool = False) -> list[Line]:
    """Log lines as sentences, with who did it (their player's name, never a login)."""
    logs = list(logs)
    names, entries, actors = _log_names(logs)
    lines = []
    for log in logs:
        text = describe(log.action, log.after, _values(log, names, entries))
        line = Line(log.created_at, text, "event", log.pk, log.tournament,
                    actor=_actor_name(log.actor, actors) if log.actor_id else _("The system"))
        if undo:
            line.undo = undo_name(log)
        lines.append(line)
    return lines


def result_lines(changes: Iterable[ResultChange]) -> list[Line]:
    changes = list(changes)
    actors = _user_players(c.actor_id for c in changes if c.actor_id)
    lines = []
    for change in changes:
        state = change.after or change.before or {}
        score = f"{state.get('score1', '?')}–{state.get('score2', '?')}" if isinstance(state, dict) else ""
        values = {
            "match": str(change.match),
            "score": score,
            "reason": change.reason or "—",
        }
        template = RESULT_SENTENCES.get(change.action)
        text = str(template) % values if template is not None else change.get_action_display()
        pairing = getattr(change.match, "pairing", None)
        lines.append(Line(change.at, text, "result", change.pk,
                          pairing.tournament if pairing is not None else None,
                          actor=_actor_name(change.actor, actors) if change.actor_id else _("The system")))
    return lines


def activity(tournaments: QuerySet[Tournament], *, limit: int = 100, undo: bool = False) -> list[Line]:
    """The newest ``limit`` lines of these events, both sources merged by time."""
    logs = TournamentLog.objects.filter(tournament__in=tournaments).select_related(
        "actor", "tournament").order_by("-created_at", "-pk")[:limit]
    changes = ResultChange.objects.filter(match__pairing__tournament__in=tournaments).select_related(
        "actor", "match__player1", "match__player2", "match__pairing__tournament",
    ).order_by("-at", "-pk")[:limit]
    lines = tournament_lines(logs, undo=undo) + result_lines(changes)
    lines.sort(key=lambda line: (line.at, line.source == "event", line.pk), reverse=True)
    return lines[:limit]


def club_tournaments(club: Club, user: AnyUser | None) -> QuerySet[Tournament]:
    return visible_tournaments(user).filter(club=club)


# --- undo where it is safe -------------------------------------------------------------------

Undo = Callable[[TournamentLog, AnyUser], str]


def _undo_withdrawal(log: TournamentLog, by: AnyUser) -> str:
    entry = Entry.objects.get(tournament=log.tournament, player_id=log.after["player"])
    undo_withdrawal(entry=entry, by=by)
    return _("%(player)s is back in the event.") % {"player": entry.player.display_name}


def _undo_walkover(log: TournamentLog, by: AnyUser) -> str:
    undo_walkover(pairing=Pairing.objects.get(pk=log.after["pairing"]), by=by)
    return _("The walkover is taken back; the match is to be played.")


def _undo_check_in(log: TournamentLog, by: AnyUser) -> str:
    entry = Entry.objects.get(tournament=log.tournament, player_id=log.after["player"])
    check_in(entry=entry, by=by, present=False)
    return _("%(player)s is no longer checked in.") % {"player": entry.player.display_name}


def _undo_fee(log: TournamentLog, by: AnyUser) -> str:
    entry = Entry.objects.get(tournament=log.tournament, player_id=log.after["player"])
    set_fee_paid(entry=entry, paid=log.action != "fee_paid", by=by)
    return _("Entry fee record changed back.")


def _undo_table(log: TournamentLog, by: AnyUser) -> str:
    set_table(pairing=Pairing.objects.get(pk=log.after["pairing"]), table=log.before.get("table", ""),
              by=by)
    return _("Table saved.")


def _undo_draw(log: TournamentLog, by: AnyUser) -> str:
    undo_draw(tournament=log.tournament, by=by)
    return _("The draw was taken back; the event is as it was before the draw.")


UNDO: dict[str, Undo] = {
    PUBLISHED: _undo_draw,
    "withdrawn": _undo_withdrawal,
    "walkover": _undo_walkover,
    "checked_in": _undo_check_in,
    "fee_paid": _undo_fee,
    "fee_unpaid": _undo_fee,
    "table": _undo_table,
}
BEFORE_DRAW = (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION)


def undo_name(log: TournamentLog) -> str:
    """The action's name in ``UNDO`` when offering to take it back makes sense now (the
    service checks again when it is asked)."""
    tournament = log.tournament
    after = log.after or {}
    if log.action == "withdrawn":
        return log.action if tournament.status in BEFORE_DRAW else ""
    if log.action == "walkover":
        return log.action if after.get("reason") in ("no_show", "absent") and \
            tournament.status == Tournament.Status.RUNNING else ""
    if log.action == "checked_in":
        return log.action if tournament.status in BEFORE_DRAW else ""
    if log.action == PUBLISHED:  # the latest draw, while nothing is played
        latest = tournament.log.filter(action=PUBLISHED).order_by("-pk").values_list("pk", flat=True).first()
        return log.action if latest == log.pk and undo_refusal(tournament) is None else ""
    if log.action in ("fee_paid", "fee_unpaid", "table"):
        return log.action
    return ""


def undo(log: TournamentLog, by: AnyUser) -> str:
    action = UNDO.get(log.action) if undo_name(log) else None
    if action is None:
        raise ActionError("cannot_undo", "This can no longer be undone.")
    return action(log, by)
