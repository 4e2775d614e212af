"""Match pages. Thin: forms parse, services write, selectors read; htmx gets partials.

Every POST answers an htmx request with the re-rendered panel (errors in place) and a
plain form post with a redirect back to the match (or the page with its errors).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from common.idempotency import idempotent_page, mark_refused
from common.listing import filtered_page
from games import selectors, services
from games.board_svg import render_board
from games.filters import MatchFilter
from games.forms import (
    DisputeForm,
    FinalScoreForm,
    GameForm,
    MatchForm,
    OverrideForm,
    TranscriptForm,
    seen_result,
)
from games.models import Match, MatchResult, MatchTranscript, TranscriptStatus
from games.services.errors import NotAllowed, ServiceError
from games.transcript_view import safe_replay_of

View = Callable[..., HttpResponse]


def login_required(view: View) -> View:
    """Send anonymous visitors to the login page; htmx is told to go there (not swap it)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated:
            return view(request, *args, **kwargs)
        next_url = request.htmx.current_url_abs_path if request.htmx else None
        login = redirect_to_login(next_url or request.get_full_path())
        return HttpResponseClientRedirect(login.url) if request.htmx else login

    return wrapped


@require_GET
def match_list(request: HttpRequest) -> HttpResponse:
    filters, page = filtered_page(request, MatchFilter, selectors.matches(request.user))
    context = {
        "filters": filters,
        "page": page,
        "matches": page.object_list,
        "can_create": selectors.directed_clubs(request.user).exists(),
    }
    return render(request, "games/match_list.html", context)


@login_required
def match_create(request: HttpRequest) -> HttpResponse:
    """A director creates a match in one of their clubs."""
    clubs = selectors.directed_clubs(request.user)
    if not clubs.exists():
        raise PermissionDenied(_("Only club directors create matches."))
    form = MatchForm(request.POST or None, clubs=clubs)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        club = data.pop("club")
        try:
            match = services.create_match(club=club, by=request.user, **data)
        except NotAllowed as error:
            raise PermissionDenied(str(error)) from None
        except ServiceError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            messages.success(request, _("The match has been created."))
            return redirect(match)
    return render(request, "games/match_form.html", {"form": form})


def _match(request: HttpRequest, pk: int) -> Match:
    """The match if this user may see it (404 otherwise: private events stay hidden)."""
    return get_object_or_404(selectors.matches(request.user), pk=pk)


PANEL = "games/_match_panel.html"


def _page(
    request: HttpRequest,
    match: Match,
    partial: str = PANEL,
    refusal: str | None = None,
    **forms_in_use: Any,
) -> HttpResponse:
    view = selectors.match_view(match, request.user)
    context: dict[str, Any] = {
        "refusal": refusal,
        "view": view,
        "match": match,
        "game_form": forms_in_use.get("game_form") or GameForm(match=match),
        "score_form": forms_in_use.get("score_form") or FinalScoreForm(match=match),
        "dispute_form": forms_in_use.get("dispute_form") or DisputeForm(),
        "override_form": forms_in_use.get("override_form") or OverrideForm(match=match),
        "transcript_form": forms_in_use.get("transcript_form") or TranscriptForm(),
        "transcripts": _transcript_rows(match),
    }
    if request.htmx:
        return render(request, partial, context)
    context["changes"] = match.changes.select_related("actor__player")
    return render(request, "games/match_detail.html", context)


def _transcript_rows(match: Match) -> list[dict[str, Any]]:
    return [
        {"transcript": t, "disagreements": selectors.disagreement_sentences(t)}
        for t in selectors.transcripts_of(match)
    ]


def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, _match(request, pk))


def _act(
    request: HttpRequest,
    match: Match,
    form: forms.Form,
    form_name: str,
    action: Callable[[dict[str, Any]], object],
    done: str,
    partial: str = PANEL,
) -> HttpResponse:
    """Validate the form, run the service, and answer with the panel or a redirect. A
    refusal says so in its headers too (a phone sending what it kept offline reads them)."""
    refusal = None
    if form.is_valid():
        try:
            action(form.cleaned_data)
        except NotAllowed as error:
            raise PermissionDenied(str(error)) from None
        except ServiceError as error:
            if error.field in form.fields or partial != PANEL:
                form.add_error(error.field if error.field in form.fields else None, error.message)
            else:  # said above the panel: the form may not be shown any more
                refusal = str(error.message)
        else:
            if not request.htmx:
                messages.success(request, done)
                return redirect(match)
            return _page(request, _match(request, match.pk), partial)
    response = _page(
        request, _match(request, match.pk), partial, refusal, **{form_name: form}
    )
    return mark_refused(response, refusal or next(iter(form.errors.values()))[0])


@login_required
@require_POST
@idempotent_page
def enter_game(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    form = GameForm(request.POST, match=match)
    return _act(
        request,
        match,
        form,
        "game_form",
        lambda data: services.enter_game(
            match=match,
            by=request.user,
            winner=data["winner"],
            result=data["result"],
            cube=data.get("cube") or 1,
            cube_owner=data.get("cube_owner") or 0,
        ),
        _("The game has been entered."),
    )


@login_required
@require_POST
@idempotent_page
def remove_last_game(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    return _act(
        request,
        match,
        forms.Form(request.POST),
        "game_form",
        lambda data: services.remove_last_game(match=match, by=request.user),
        _("The last game has been taken back."),
    )


@login_required
@require_POST
@idempotent_page
def enter_score(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    form = FinalScoreForm(request.POST, match=match)
    return _act(
        request,
        match,
        form,
        "score_form",
        lambda data: services.enter_final_score(
            match=match,
            by=request.user,
            score1=data["score1"],
            score2=data["score2"],
            seen_result=seen_result(request.POST),
            played_on=data.get("played_on"),
        ),
        _("The result has been entered; your opponent is asked to confirm it."),
    )


def _result(match: Match, result_id: int) -> MatchResult:
    return get_object_or_404(MatchResult, pk=result_id, match=match)


@login_required
@require_POST
@idempotent_page
def confirm_result(request: HttpRequest, pk: int, result_id: int) -> HttpResponse:
    match = _match(request, pk)
    result = _result(match, result_id)
    return _act(
        request,
        match,
        forms.Form(request.POST),
        "confirm_form",
        lambda data: services.confirm_result(result=result, by=request.user),
        _("The result is confirmed."),
    )


@login_required
@require_POST
@idempotent_page
def dispute_result(request: HttpRequest, pk: int, result_id: int) -> HttpResponse:
    match = _match(request, pk)
    result = _result(match, result_id)
    return _act(
        request,
        match,
        DisputeForm(request.POST),
        "dispute_form",
        lambda data: services.dispute_result(result=result, by=request.user, reason=data["reason"]),
        _("The result is disputed; a director will settle it."),
    )


@login_required
@require_POST
def override_result(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    return _act(
        request,
        match,
        OverrideForm(request.POST, match=match),
        "override_form",
        lambda data: services.override_result(
            match=match,
            by=request.user,
            score1=data["score1"],
            score2=data["score2"],
            reason=data["reason"],
            played_on=data.get("played_on"),
        ),
        _("The result has been set."),
    )


@login_required
@require_POST
def upload_transcript(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    form = TranscriptForm(request.POST, request.FILES)

    def upload(data: dict[str, Any]) -> object:
        upload_file = data["file"]
        return services.upload_transcript(
            match=match,
            by=request.user,
            data=upload_file.read(),
            file_name=upload_file.name,
            column=data.get("column"),
        )

    return _act(
        request,
        match,
        form,
        "transcript_form",
        upload,
        _("The transcript is saved; it will be checked in a moment."),
        partial="games/_transcripts.html",
    )


@require_GET
def transcripts(request: HttpRequest, pk: int) -> HttpResponse:
    """The transcripts section alone (polled by htmx while a check is running)."""
    match = _match(request, pk)
    context = {
        "match": match,
        "view": selectors.match_view(match, request.user),
        "transcripts": _transcript_rows(match),
        "transcript_form": TranscriptForm(),
    }
    return render(request, "games/_transcripts.html", context)


@require_GET
def export_mat(request: HttpRequest, pk: int) -> HttpResponse:
    """The match as a GNU Backgammon `.mat` file, written from its transcript."""
    match = _match(request, pk)
    exported = selectors.exported_mat(match)
    if exported is None:
        raise Http404(_("The site holds no readable transcript of this match."))
    response = HttpResponse(exported.text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{exported.file_name}"'
    return response


@require_GET
def transcript_replay(request: HttpRequest, pk: int, transcript_id: int) -> HttpResponse:
    """Step through a transcript; ?step=N&side=0|1. htmx gets the viewer alone."""
    match = _match(request, pk)
    transcript = get_object_or_404(MatchTranscript, pk=transcript_id, match=match)
    replay = safe_replay_of(transcript.text, match.engine_block_rule)
    if replay is None:
        raise Http404(_("This transcript cannot be read."))
    record, steps = replay
    step_number = _int(request.GET.get("step"), 0, 0, len(steps) - 1)
    side = _int(request.GET.get("side"), 0, 0, 1)
    step = steps[step_number]
    picture = step.picture(record, viewer=side, cube_in_use=match.cube_in_use)
    context = {
        "match": match,
        "transcript": transcript,
        "record": record,
        "step": step,
        "steps": steps,
        "step_number": step_number,
        "last_step": len(steps) - 1,
        "side": side,
        "svg": render_board(picture),
        "pips": _pips(picture),
        "game_starts": [(i, s.game) for i, s in enumerate(steps) if s.kind == "start"],
        "pending": transcript.status in (TranscriptStatus.PENDING, TranscriptStatus.CHECKING),
    }
    template = "games/_replay.html" if request.htmx else "games/transcript_replay.html"
    return render(request, template, context)


def _pips(picture: Any) -> tuple[int, int]:
    from games.board_svg import pip_counts

    return pip_counts(picture)


def _int(value: str | None, default: int, low: int, high: int) -> int:
    try:
        number = int(value) if value is not None else default
    except ValueError:
        number = default
    return max(low, min(high, number))
