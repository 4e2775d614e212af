"""Ladder pages. Thin: a form, a service, the ladder again (a partial for htmx).

Anyone may read a public ladder; a private one is its club's only (404 to others).
Writes are checked again by the services; an anonymous visitor who posts is sent to
the login page.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Club, Player
from clubs.permissions import can_manage_club, player_for
from clubs.selectors import club_members
from common.errors import DomainError, sentence_of
from ladders import clock, selectors, services
from ladders.acts import described
from ladders.charts import PositionPoint, position_chart_svg
from ladders.choices import MoveReason
from ladders.forms import (
    ChallengeForm,
    ExtendForm,
    LadderForm,
    PauseForm,
    PlayerForm,
    ReorderForm,
    VoidForm,
)
from ladders.models import Challenge, Ladder
from ladders.rules import LadderError


def _signed_in(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A POST action: an anonymous visitor is sent to sign in first."""

    @wraps(view)
    def action(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return view(request, *args, **kwargs)

    return action


def _ladder(request: HttpRequest, pk: int) -> Ladder:
    return get_object_or_404(selectors.ladders_for(request.user), pk=pk)


def ladder_list(request: HttpRequest) -> HttpResponse:
    ladders = selectors.ladders_for(request.user).order_by("club__name", "name")
    managed = list(Club.objects.filter(directors=request.user.pk)) \
        if request.user.is_authenticated else []
    return render(request, "ladders/ladder_list.html", {"ladders": ladders, "managed": managed})


def ladder_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_manage_club(request.user, club):
        raise PermissionDenied
    form = LadderForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        fields = {name: form.cleaned_data[name] for name in services.SETTINGS}
        try:
            ladder = services.create_ladder(club=club, by=request.user, **fields)
        except DomainError as error:
            form.add_error(error.field if error.field in form.fields else None, sentence_of(error))
        else:
            messages.success(request, _("The ladder is open."))
            return redirect(ladder)
    status = 400 if request.method == "POST" else 200
    return render(request, "ladders/ladder_form.html", {"club": club, "form": form}, status=status)


def _context(request: HttpRequest, ladder: Ladder) -> dict[str, Any]:
    standing = selectors.standing(ladder, request.user)
    return {
        "ladder": ladder, "standing": standing,
        "open": selectors.open_challenges(ladder),
        "recent": selectors.recent_challenges(ladder, 10),
        "extend_form": ExtendForm(), "void_form": VoidForm(),
    }


def ladder(request: HttpRequest, pk: int) -> HttpResponse:
    found = _ladder(request, pk)
    template = "ladders/_ladder.html" if request.htmx else "ladders/ladder.html"
    return render(request, template, _context(request, found))


def _act(request: HttpRequest, ladder: Ladder, action: Callable[[], Any], done: str) -> HttpResponse:
    """Run a service; say what happened or why not; show the ladder again."""
    if not request.user.is_authenticated:
        return redirect_to_login(ladder.get_absolute_url())
    status = 200
    try:
        action()
    except DomainError as error:
        messages.error(request, sentence_of(error))
        status = 403 if error.status == 403 else 400
    else:
        messages.success(request, done)
    if request.htmx:
        return render(request, "ladders/_ladder.html", _context(request, ladder), status=status)
    return redirect(ladder)


def _invalid(request: HttpRequest, ladder: Ladder, form: Any) -> HttpResponse:
    for errors in form.errors.values():
        for error in errors:
            messages.error(request, error)
    if request.htmx:
        return render(request, "ladders/_ladder.html", _context(request, ladder), status=400)
    return redirect(ladder)


def _on_ladder(ladder: Ladder) -> Any:
    return Player.objects.filter(ladder_rungs__ladder=ladder)


@require_POST
@_signed_in
def join(request: HttpRequest, pk: int) -> HttpResponse:
    found = _ladder(request, pk)
    player = player_for(request.user)
    form = PlayerForm(request.POST, players=club_members(found.club))
    if form.is_valid():
        player = form.cleaned_data["player"]
    if player is None:
        return _invalid(request, found, form)
    chosen = player
    return _act(request, found, lambda: services.join_ladder(ladder=found, player=chosen,
                                                            by=request.user),
                _("%(player)s joined the ladder.") % {"player": chosen.display_name})


@require_POST
@_signed_in
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    found = _ladder(request, pk)
    form = PlayerForm(request.POST, players=_on_ladder(found))
    player = form.cleaned_data["player"] if form.is_valid() else player_for(request.user)
    if player is None:
        return _invalid(request, found, form)
    return _act(request, found, lambda: services.leave_ladder(ladder=found, player=player,
                                                             by=request.user),
                _("%(player)s left the ladder.") % {"player": player.display_name})


@require_POST
@_signed_in
def challenge(request: HttpRequest, pk: int) -> HttpResponse:
    found = _ladder(request, pk)
    form = ChallengeForm(request.POST, players=_on_ladder(found))
    me = player_for(request.user)
    if not form.is_valid():
        return _invalid(request, found, form)
    if me is None:
        return _act(request, found, _no_player, "")
    target = form.cleaned_data["challenged"]
    return _act(request, found, lambda: services.make_challenge(
        ladder=found, challenger=me, challenged=target, by=request.user),
        _("You challenged %(player)s.") % {"player": target.display_name})


def _no_player() -> None:
    raise LadderError("not_on_ladder", "This player is not on the ladder.")


@require_POST
@_signed_in
def reorder(request: HttpRequest, pk: int) -> HttpResponse:
    found = _ladder(request, pk)
    form = ReorderForm(request.POST, players=_on_ladder(found))
    if not form.is_valid():
        return _invalid(request, found, form)
    data = form.cleaned_data
    return _act(request, found, lambda: services.reorder(
        ladder=found, player=data["player"], position=data["position"], by=request.user,
        reason=data["reason"]),
        _("%(player)s is now at position %(position)s.") % {
            "player": data["player"].display_name, "position": data["position"]})


@require_POST
@_signed_in
def pause(request: HttpRequest, pk: int) -> HttpResponse:
    found = _ladder(request, pk)
    form = PauseForm(request.POST, players=_on_ladder(found))
    if not form.is_valid():
        return _invalid(request, found, form)
    data = form.cleaned_data
    done = (_("%(player)s is on a break.") if data["paused"]
            else _("%(player)s is back from the break.")) % {"player": data["player"].display_name}
    return _act(request, found, lambda: services.set_paused(
        ladder=found, player=data["player"], paused=data["paused"], by=request.user), done)


def _challenge(request: HttpRequest, pk: int) -> Challenge:
    return get_object_or_404(selectors.challenges_for(request.user), pk=pk)


@require_POST
@_signed_in
def void(request: HttpRequest, pk: int) -> HttpResponse:
    found = _challenge(request, pk)
    form = VoidForm(request.POST)
    if not form.is_valid():
        return _invalid(request, found.ladder, form)
    return _act(request, found.ladder, lambda: services.void_challenge(
        challenge=found, by=request.user, reason=form.cleaned_data["reason"]),
        _("The challenge is void."))


@require_POST
@_signed_in
def extend(request: HttpRequest, pk: int) -> HttpResponse:
    found = _challenge(request, pk)
    form = ExtendForm(request.POST)
    if not form.is_valid():
        return _invalid(request, found.ladder, form)
    return _act(request, found.ladder, lambda: services.extend_challenge(
        challenge=found, by=request.user, days=form.cleaned_data["days"]),
        _("The deadline is extended."))


def my_challenges(request: HttpRequest) -> HttpResponse:
    """The challenges a player is to play: received ones first, the nearest deadline first."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    me = player_for(request.user)
    challenges = list(selectors.to_answer(me))
    received = [c for c in challenges if me is not None and c.challenged_id == me.pk]
    made = [c for c in challenges if me is not None and c.challenger_id == me.pk]
    return render(request, "ladders/my_challenges.html",
                  {"received": received, "made": made, "me": me})


REASON_NOTES = dict(MoveReason.choices)


def player_history(request: HttpRequest, pk: int, player: int) -> HttpResponse:
    found = _ladder(request, pk)
    person = get_object_or_404(Player, pk=player)
    moves = selectors.history(found, person)
    if not moves:  # never on this ladder
        raise Http404
    points = [PositionPoint(m.at, m.position, str(REASON_NOTES.get(m.reason, ""))) for m in moves]
    title = _("Positions of %(player)s on %(ladder)s") % {"player": person.display_name,
                                                           "ladder": found.name}
    svg = position_chart_svg(points, title=title, until=clock.now())
    return render(request, "ladders/player.html", {
        "ladder": found, "person": person, "moves": list(reversed(moves)), "chart": svg,
        "title": title,
    })


def tv(request: HttpRequest, pk: int) -> HttpResponse:
    """The ladder in large type for a screen in the club; polls itself."""
    found = _ladder(request, pk)
    context = {"ladder": found, "rungs": selectors.rungs(found),
               "open": selectors.open_challenges(found),
               "recent": selectors.recent_challenges(found, 8)}
    template = "ladders/_tv.html" if request.htmx else "ladders/tv.html"
    return render(request, template, context)


def log(request: HttpRequest, pk: int) -> HttpResponse:
    """The audit trail, for the club's directors."""
    found = _ladder(request, pk)
    if not can_manage_club(request.user, found.club):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied
    return render(request, "ladders/log.html",
                  {"ladder": found, "rows": described(selectors.acts(found))})
