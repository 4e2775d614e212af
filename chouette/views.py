"""Chouette pages. Thin: parse a form, call a service, render the table (a partial for htmx).

Anyone may read. Writes are checked again by the services (participants of the session
and directors of its club); an anonymous visitor who posts is sent to the login page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from chouette import core, services
from chouette.forms import GameForm, MergeForm, SeatForm, StartSessionForm, UndoForm
from chouette.live import table_etag
from chouette.messages import describe
from chouette.models import ChouetteSession
from chouette.permissions import can_record, can_start_session, clubs_opening_tables
from chouette.selectors import sessions as selectors
from chouette.selectors.offline import offline_table
from clubs.models import Club, Player
from clubs.permissions import player_for
from clubs.selectors import club_members
from common.bounds import parse_int
from common.confirm import ask_first
from common.idempotency import idempotent_page, mark_refused
from common.live import live_answer, unchanged

# Refusals that mean the phone showed an old table: the fresh form replaces the posted one.
STALE_PAGE = frozenset({"wrong_game_number", "lineup_mismatch"})


OPENABLE_SHOWN = 12  # a site admin directs every club: the list stays short


def session_list(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug) if slug else None
    context = {
        "club": club,
        "sessions": selectors.sessions(club),
        "clubs": Club.objects.filter(chouette_sessions__isnull=False).distinct(),
        "can_start": club is not None and can_start_session(request.user, club),
        # on the list of every club: a button per club where this user may open a table
        "openable": clubs_opening_tables(request.user)[:OPENABLE_SHOWN] if club is None else [],
    }
    return render(request, "chouette/session_list.html", context)


def session_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_start_session(request.user, club):
        raise PermissionDenied
    form = StartSessionForm(
        request.POST or None, members=club_members(club), initial={"date": timezone.localdate()}
    )
    error = None
    if request.method == "POST" and form.is_valid():
        try:
            session = services.start_session(
                club=club,
                opening_line=form.opening_line(),
                by=request.user,
                table=form.table_rules(),
                date=form.cleaned_data["date"],
            )
        except core.ChouetteError as exc:
            names = {p.pk: p.display_name for p in form.opening_line()}
            error = describe(exc, names)
        except services.SessionError as exc:
            error = str(exc.message)
        else:
            return redirect(session)
    status = 400 if request.method == "POST" else 200
    context = {"club": club, "form": form, "error": error}
    return render(request, "chouette/session_form.html", context, status=status)


def table(request: HttpRequest, pk: int) -> HttpResponse:
    """The table; polled by the phones at it (htmx), each poll answered 304 while the
    table has not changed (its version is in the entity tag)."""
    session = _session(pk)
    if not request.htmx:
        return render(request, "chouette/table.html", _table_context(request, session))
    etag = table_etag(request, session)
    if (answer := unchanged(request, etag)) is not None:
        return answer
    return live_answer(_render_table(request, session), etag)


def game_form(request: HttpRequest, pk: int) -> HttpResponse:
    """The game form alone, optionally prefilled (htmx swaps it in for the quick presets)."""
    session = _session(pk)
    context = _table_context(request, session, preset=request.GET.get("preset", ""))
    if request.htmx:
        return render(request, "chouette/_game_form.html", context)
    return render(request, "chouette/table.html", context)


@require_POST
@idempotent_page
def record_game(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    if (refusal := _refusal(request, session)) is not None:
        return refusal
    state = selectors.state_of(session)
    if state.next_lineup is None:
        error = describe(core.ChouetteError("too_few_players", count=len(state.line)), {})
        return _render_table(request, session, status=400, error=error)
    names = selectors.names_of(session)
    form = GameForm(request.POST, lineup=state.next_lineup, names=names, settings=state.settings)
    if not form.is_valid():
        return _render_table(request, session, status=400, game_form=form)

    def record() -> Any:
        return services.record_chouette_game(
            session=session,
            record=form.to_record(),
            by=request.user,
            number=form.cleaned_data.get("number"),
        )

    return _write(request, session, record, game_form=form, done=_("Game recorded."))


@require_POST
def preview(request: HttpRequest, pk: int) -> HttpResponse:
    """What the game on the form would give, cube by cube, before it is saved (htmx)."""
    session = _session(pk)
    if (refusal := _refusal(request, session)) is not None:
        return refusal
    state = selectors.state_of(session)
    number = request.POST.get("correcting", "")
    lineup = state.next_lineup
    row = parse_int(number, 1, len(state.rows))
    if row is not None:
        lineup = state.rows[row - 1].outcome.lineup
    if lineup is None:
        return HttpResponse("")
    names = selectors.names_of(session)
    form = GameForm(
        request.POST,
        lineup=lineup,
        names=names,
        settings=state.settings,
        turns=_posted_turns(request),
    )
    context: dict[str, Any] = {"preview": None, "preview_error": ""}
    if form.is_valid():
        try:
            outcome = core.settle_game(state.settings, form.to_record())
        except core.ChouetteError as exc:
            context["preview_error"] = describe(exc, names)
        else:
            context["preview"] = selectors.preview_of(outcome, selectors.players_of(session))
    return render(request, "chouette/_preview.html", context)


def correct_game(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """GET: game ``number`` on the game form; POST: store the correction and settle every
    later game again."""
    session = _session(pk)
    if (refusal := _refusal(request, session)) is not None:
        return refusal
    loaded = selectors.load(session)
    try:
        record = core.game_record(loaded, number)
    except core.ChouetteError:
        raise Http404 from None
    state = core.replay(loaded)
    names = selectors.names_of(session)
    form = GameForm(
        request.POST or None,
        lineup=record.lineup,
        names=names,
        settings=state.settings,
        turns=len(record.doubles),
        initial=GameForm.initial_from(record),
    )
    error = ""
    if request.method == "POST" and form.is_valid():
        try:
            services.correct_chouette_game(
                session=session, number=number, record=form.to_record(), by=request.user
            )
        except core.ChouetteError as exc:
            error = describe(exc, names)
        except services.SessionError as exc:
            error = str(exc.message)
        else:
            messages.success(
                request,
                _("Game %(number)d was corrected; the games after it are settled again.")
                % {"number": number},
            )
            return redirect(session)
    context = {
        **_table_context(request, session),
        "correction": form,
        "number": number,
        "error": error,
    }
    status = 400 if request.method == "POST" else 200
    return render(request, "chouette/correct_game.html", context, status=status)


def undo(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the confirmation page; POST: undo the last game (the one the page showed)."""
    session = _session(pk)
    if request.method != "POST":
        context = _table_context(request, session)
        return render(request, "chouette/undo_confirm.html", context)
    form = UndoForm(request.POST)
    number = form.cleaned_data.get("number") if form.is_valid() else None

    def undo_last() -> Any:
        return services.undo_last_chouette_game(session=session, by=request.user, number=number)

    return _write(request, session, undo_last, done=_("The last game was undone."))


@require_POST
def join(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    form = SeatForm(request.POST, players=club_members(session.club))
    if not form.is_valid():
        return _render_table(request, session, status=400, error=_("Choose a player."))
    player: Player = form.cleaned_data["player"]
    during_game = form.cleaned_data["during_game"]
    joined: list[services.JoinResult] = []

    def seat() -> Any:
        joined.append(
            services.join_chouette(
                session=session, player=player, by=request.user, during_game=during_game
            )
        )

    if during_game:
        done = _("%(player)s sits down after the game in progress.") % {"player": player}
    else:
        done = _("%(player)s joined the line.") % {"player": player}
    return _write(request, session, seat, done=done, result=joined, newcomer=player)


@require_POST
def merge(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    form = MergeForm(request.POST, tables=selectors.merge_candidates(session))
    if not form.is_valid():
        return _render_table(request, session, status=400, error=_("Choose a table."))
    other: ChouetteSession = form.cleaned_data["other"]
    return _write(
        request,
        session,
        lambda: services.merge_chouette(session=session, other=other, by=request.user),
        done=_("The players of the other table sat down here."),
    )


@require_POST
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    form = SeatForm(request.POST, players=Player.objects.filter(chouette_seats__session=session))
    if not form.is_valid():
        return _render_table(request, session, status=400, error=_("Choose a player."))
    player: Player = form.cleaned_data["player"]
    return _write(
        request,
        session,
        lambda: services.leave_chouette(session=session, player=player, by=request.user),
        done=_("%(player)s left the line.") % {"player": player},
    )


@require_POST
def finish(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    if (refusal := _refusal(request, session)) is not None:
        return refusal
    asking = ask_first(request, _("Finish this session? No more games can be recorded."),
                       back=session.get_absolute_url(), about=str(session))
    if asking is not None:
        return asking
    return _write(
        request,
        session,
        lambda: services.finish_session(session=session, by=request.user),
        done=_("The session is finished."),
    )


def _session(pk: int) -> ChouetteSession:
    return get_object_or_404(ChouetteSession.objects.select_related("club"), pk=pk)


def _refusal(request: HttpRequest, session: ChouetteSession) -> HttpResponse | None:
    """Anonymous visitors go to the login page; other outsiders get 403 before any parsing."""
    if not request.user.is_authenticated:
        login = redirect_to_login(session.get_absolute_url())
        return HttpResponseClientRedirect(login.url) if request.htmx else login
    if not can_record(request.user, session):
        raise PermissionDenied
    return None


def _write(
    request: HttpRequest,
    session: ChouetteSession,
    action: Callable[[], Any],
    *,
    done: str = "",
    game_form: GameForm | None = None,
    result: list[services.JoinResult] | None = None,
    newcomer: Player | None = None,
) -> HttpResponse:
    """Run a service; on success show the fresh table, on a refused rule show why."""
    if not request.user.is_authenticated:
        return _refusal(request, session)  # type: ignore[return-value]
    try:
        action()
    except core.ChouetteError as exc:
        names = selectors.names_of(session)
        if newcomer is not None:
            names[newcomer.pk] = newcomer.display_name
        error = describe(exc, names)
        if exc.code in STALE_PAGE:
            game_form = None  # the page was old: show the table as it is now
        return _render_table(request, session, status=400, error=error, game_form=game_form)
    except services.SessionError as exc:
        return _render_table(request, session, status=400, error=str(exc.message))
    session.refresh_from_db()
    new_table = result[0].new_table if result else None
    if new_table is not None:
        done = _("The table was full: it split, and %(players)s moved to a new table.") % {
            "players": ", ".join(p.display_name for p in selectors.seated_at(new_table))
        }
    if request.htmx:
        return _render_table(request, session, notice=done)
    if done:
        messages.success(request, done)
    return redirect(session)


def _render_table(
    request: HttpRequest, session: ChouetteSession, *, status: int = 200, **extra: Any
) -> HttpResponse:
    context = _table_context(request, session, **extra)
    if request.htmx:
        # htmx swaps only 2xx answers; the error is shown inside the partial, and said in
        # a header too, for a phone sending the games it kept offline (nardy/offline.js).
        response = render(request, "chouette/_table.html", context)
        return mark_refused(response, _refused(context)) if status >= 400 else response
    return render(request, "chouette/table.html", context, status=status)


def _refused(context: dict[str, Any]) -> str:
    """Why a write was refused, in one sentence (the table's error or the form's)."""
    if context["error"]:
        return str(context["error"])
    form = context["game_form"]
    if form is not None and form.errors:
        return " ".join(str(error) for errors in form.errors.values() for error in errors)
    return _("The site refused it.")


def _table_context(
    request: HttpRequest,
    session: ChouetteSession,
    *,
    preset: str = "",
    game_form: GameForm | None = None,
    error: str = "",
    notice: str = "",
) -> dict[str, Any]:
    view = selectors.table(session)
    writable = session.is_running and can_record(request.user, session)
    lineup = view.state.next_lineup
    if writable and lineup is not None and game_form is None:
        game_form = GameForm(
            lineup=lineup,
            names=view.names,
            settings=view.state.settings,
            preset=preset,
            number=view.games_played + 1,
        )
    present = {player.pk for player in (*view.present, *view.waiting)}
    me = player_for(request.user)
    members = list(club_members(session.club))
    return {
        "session": session,
        "etag": table_etag(request, session),
        "table": view,
        "can_record": writable,
        "game_form": game_form if writable else None,
        "join_candidates": [p for p in members if p.pk not in present],
        "can_join_self": session.is_running
        and me is not None
        and me.pk not in present
        and any(p.pk == me.pk for p in members),
        "me": me,
        "error": error,
        "notice": notice,
        "merge_form": _merge_form(session) if writable else None,
        # what the scorer's phone needs to go on entering games without the network
        "offline_table": offline_table(view) if writable and game_form is not None else None,
        "split_tables": session.split_tables.all(),
    }


def _merge_form(session: ChouetteSession) -> MergeForm | None:
    candidates = selectors.merge_candidates(session)
    if not candidates.exists():
        return None
    return MergeForm(tables=candidates, auto_id="merge-%s")


def _posted_turns(request: HttpRequest) -> int:
    """How many cube turns the posted form had (the correction form may have more)."""
    turns = [key for key in request.POST if key.startswith("turn") and key.endswith("_by")]
    return len(turns)
