"""The analysis page of a match (public pages: privacy by the match's visibility and
each player's choice). An htmx request gets the progress partial while it runs."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from analysis import replay, selectors, services
from analysis.chart import pr_chart
from analysis.forms import DepthsForm, PrivacyForm
from analysis.models import ClubAnalysisSettings, EventAnalysisSettings, PrVisibility
from analysis.services import error_message
from analysis.wording import worded
from clubs.models import Club, Player
from clubs.permissions import can_manage_club, player_for
from common.bounds import parse_int
from engine.errors import EngineError
from engine.position import Position
from games import selectors as game_selectors
from games.board_svg import render_position
from games.transcript_view import safe_replay_of
from tournaments.selectors.tournaments import visible_tournaments

BOARDS_SHOWN = 30  # the worst decisions get a board each; the rest a line


def context_for(match, user) -> dict:  # type: ignore[no-untyped-def]
    shown, running = selectors.shown_and_in_progress(match)
    return {
        "match": match,
        "analysis": shown,
        "running": running,
        "running_error": error_message(running.error_code)
        if running and running.error_code
        else "",
        "players": selectors.players(shown, user) if shown else [],
        "blunders": selectors.blunders(shown, user) if shown else [],
    }


def with_board(decision: dict[str, Any]) -> dict[str, Any]:
    """The decision with an SVG of the position before it: the play made as arrows and,
    when it was not the best, GNU Backgammon's best play as dashed arrows."""
    played = decision.get("played") or ""
    best = (decision.get("best") or "") if decision.get("kind") == "move" else ""
    try:
        position = Position.from_id(decision.get("position_id") or "")
        svg = render_position(
            position,
            dice=tuple(decision["dice"]) if decision.get("dice") else None,
            play=played,
            best=best if best and best != played else "",
        )
    except (EngineError, ValueError, KeyError, TypeError):
        return decision
    return {**decision, "board": mark_safe(svg)}  # our own SVG, its text escaped


@require_GET
def match_analysis(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(game_selectors.matches(request.user), pk=pk)
    context = context_for(match, request.user)
    worst = sorted(context["blunders"], key=lambda d: -float(d.get("equity_lost") or 0))
    if request.htmx:  # the progress, polled while an analysis runs: nothing else to draw
        return render(request, "analysis/_progress.html", context)
    context["worst"] = [with_board(worded(decision)) for decision in worst[:BOARDS_SHOWN]]
    shown = context["analysis"]
    record_and_steps = shown and safe_replay_of(shown.transcript.text, match.engine_block_rule)
    if record_and_steps:
        record, steps = record_and_steps
        found = replay.decisions_by_step(shown, steps)
        # our own SVG, its text escaped
        context["chances_chart"] = mark_safe(replay.match_chart(found, steps, record.players))
    return render(request, "analysis/match_analysis.html", context)


@login_required
def my_pr_privacy(request: HttpRequest) -> HttpResponse:
    """A player chooses who sees their PR and luck: everyone, or their clubs only."""
    player = player_for(request.user)
    if player is None:  # said on the page: the choice waits for a club to add them
        return render(request, "analysis/privacy.html", {"form": None})
    current = getattr(player, "analysis_privacy", None)
    initial = {"visibility": current.pr_visibility if current else PrVisibility.PUBLIC}
    form = PrivacyForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        services.set_pr_visibility(player=player, visibility=form.cleaned_data["visibility"])
        messages.success(request, _("Saved."))
        return redirect("analysis:my_pr_privacy")
    return render(request, "analysis/privacy.html", {"form": form})


@login_required
def club_depths(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's directors choose the analysis depth of the club and of each event."""
    club = get_object_or_404(Club, slug=slug)
    if not can_manage_club(request.user, club):
        raise PermissionDenied
    events = list(
        apps.get_model("tournaments", "Tournament").objects.filter(club=club).order_by("-pk")[:50]
    )
    club_setting = ClubAnalysisSettings.objects.filter(club=club).first()
    initial: dict[str, Any] = {
        "club_plies": club_setting.plies if club_setting else 0,
        "pr_milestones": ", ".join(club_setting.pr_milestones) if club_setting else "",
    }
    for setting in EventAnalysisSettings.objects.filter(tournament__in=events):
        initial[f"event_{setting.tournament_id}"] = setting.plies
    form = DepthsForm(request.POST or None, initial=initial, events=events)
    if request.method == "POST" and form.is_valid():
        services.set_depths(
            club=club, club_plies=form.cleaned_data["club_plies"], event_plies=form.event_plies(),
            pr_milestones=form.cleaned_data["pr_milestones"],
        )
        messages.success(request, _("Saved. New analyses use these depths."))
        return redirect("analysis:club_depths", slug=club.slug)
    return render(request, "analysis/club_depths.html", {"form": form, "club": club})


@require_GET
def club_pr_table(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's season PR table (?season=YYYY, this year by default)."""
    club = get_object_or_404(Club, slug=slug)
    this_year = timezone.localdate().year
    raw = request.GET.get("season", "")
    year = parse_int(raw, 1990, this_year + 1) or this_year
    rows = selectors.season_table(club.pk, request.user, year)
    return render(
        request,
        "analysis/club_pr_table.html",
        {
            "club": club,
            "rows": rows,
            "season": year,
            "seasons": range(this_year, this_year - 5, -1),
        },
    )


@require_GET
def event_analyses(request: HttpRequest, pk: int) -> HttpResponse:
    """An event's table of analysed matches (a private event's stays in its club)."""
    tournament = get_object_or_404(visible_tournaments(request.user), pk=pk)
    rows = selectors.event_table(tournament.pk, request.user)
    return render(request, "analysis/event_analyses.html", {"tournament": tournament, "rows": rows})


@require_GET
def player_pr(request: HttpRequest, pk: int) -> HttpResponse:
    """A player's PR over time: a chart and the matches, as the player allows."""
    player = get_object_or_404(Player, pk=pk)
    history = selectors.pr_history(player, request.user)
    label = _("PR of %(player)s, match by match (lower is better)") % {"player": player}
    chart = pr_chart([pr for _analysis, pr in history], label)
    return render(
        request,
        "analysis/player_pr.html",
        {
            "player": player,
            "milestones": {"rows": selectors.milestones(player, request.user)},
            "history": list(reversed(history)),
            "chart": mark_safe(chart),  # our own SVG, its text escaped
            "visible": selectors.pr_visible(request.user, player),
        },
    )
