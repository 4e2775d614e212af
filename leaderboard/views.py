"""Rankings pages. Thin: forms parse the filters, selectors read, services write.

The rankings table updates in place with htmx (the filter form swaps ``#ranking-table``);
without JavaScript the same form submits as a plain GET.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from clubs import player_page
from clubs.models import Club, Player
from clubs.permissions import can_manage_club
from clubs.selectors import club_members
from common.csv_export import SafeWriter
from common.listing import filtered_page
from games.models import Variant
from leaderboard import selectors
from leaderboard.charts import Series, history_chart_svg, rating_chart_svg
from leaderboard.filters import PlayerFilter
from leaderboard.forms import (
    ExternalEventForm,
    HeadToHeadForm,
    PlaceFormSet,
    RankingFilterForm,
)
from leaderboard.messages import error_message
from leaderboard.models import RankedEvent
from leaderboard.services.points import PlacedEntrant, create_external_event
from tournaments.errors import RankingError

PAGE_SIZE = 100


def _filters(request: HttpRequest) -> RankingFilterForm:
    data = request.GET if request.GET else QueryDict("")
    form = RankingFilterForm(data)
    form.is_valid()
    return form


def rankings(request: HttpRequest) -> HttpResponse:
    form = _filters(request)
    context: dict[str, object] = {"form": form, "variants": Variant}
    if form.is_valid():
        query = form.query()
        rows = selectors.ranking(query, request.user)
        page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
        ratings = selectors.ratings_of([row.player for row in page], query.variant)
        context.update(
            query=query, page=page, total=len(rows),
            rows=[(row, ratings.get(row.player)) for row in page],
            querystring=_without_page(request),
        )
    if request.htmx:  # htmx swaps only 2xx answers, and the errors must show in place
        return render(request, "leaderboard/_ranking_table.html", context)
    context.update(
        recent_events=selectors.recent_events(request.user),
        managed_clubs=selectors.clubs_managed_by(request.user),
    )
    template = "leaderboard/rankings.html"
    return render(request, template, context, status=200 if form.is_valid() else 400)


def _without_page(request: HttpRequest) -> str:
    params = request.GET.copy()
    params.pop("page", None)
    return params.urlencode()


def rankings_csv(request: HttpRequest) -> HttpResponse:
    form = _filters(request)
    if not form.is_valid():
        return HttpResponse(" ".join(m for e in form.errors.values() for m in e),
                            status=400, content_type="text/plain; charset=utf-8")
    query = form.query()
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = f"rankings-{query.season.start.isoformat()}-{query.season.end.isoformat()}.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    writer = SafeWriter(response)  # a name cannot start a spreadsheet formula
    writer.writerow([_("Rank"), _("Player"), _("GP-style points"), _("Events")])
    for row in selectors.ranking(query, request.user):
        writer.writerow([row.rank, row.name, f"{row.points:.2f}", row.events])
    return response


def _variant(request: HttpRequest) -> str:
    variant = request.GET.get("variant", "")
    return variant if variant in Variant.values else Variant.BACKGAMMON


def player_profile(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player.objects.only("display_name"), pk=pk)
    variant = _variant(request)
    histories = {value: list(selectors.rating_history(player, value, request.user))
                 for value in Variant.values}
    events = list(selectors.player_events(player, request.user))
    points = selectors.points_history(events)
    context = {
        "player": player,
        "variant": variant,
        "ratings": _ratings(player),
        "history": list(reversed(histories[variant]))[:50],
        "chart": history_chart_svg(
            [Series(str(label), selectors.chart_points(histories[value]))
             for value, label in Variant.choices],
            title=_("Rating history of %(name)s") % {"name": player.display_name},
            y_label=_("Rating"), chart_id="rating-history"),
        "points_chart": history_chart_svg(
            [Series(str(label), points.get(value, [])) for value, label in Variant.choices],
            title=_("Ranking points of %(name)s, event by event") % {"name": player.display_name},
            y_label=_("Points"), css_class="points-chart", chart_id="points-history",
            steps=True) if points else "",
        "events": events,
        "head_to_head": selectors.head_to_head(player, request.user),
        "sections": player_page.sections(player, request),
    }
    return render(request, "leaderboard/player.html", context)


def player_list(request: HttpRequest) -> HttpResponse:
    """Every player by public name, with clubs and ratings; filters and pages."""
    players = Player.objects.only("display_name").order_by("display_name", "pk")
    filters, page = filtered_page(request, PlayerFilter, players.distinct())
    rows = list(page.object_list.prefetch_related("ratings", "memberships__club"))
    context = {
        "filters": filters,
        "page": page,
        "players": [(player, _rating_cells(player),
                     sorted(m.club.name for m in player.memberships.all())) for player in rows],
        "variants": Variant.choices,
    }
    return render(request, "leaderboard/player_list.html", context)


def _rating_cells(player: Player) -> list[tuple[str, float | None]]:
    ratings = {rating.variant: rating.rating for rating in player.ratings.all()}
    return [(str(label), ratings.get(value)) for value, label in Variant.choices]


def head_to_head(request: HttpRequest) -> HttpResponse:
    """Two players compared: their rated matches against each other, per game, and both
    rating histories on one chart."""
    form = HeadToHeadForm(request.GET or None)
    context: dict[str, object] = {"form": form}
    if form.is_valid():
        first, second = form.cleaned_data["first"], form.cleaned_data["second"]
        meetings = selectors.meetings(first, second, request.user)
        records = []
        for value, label in Variant.choices:
            games = [m for m in meetings if m.variant == value]
            if games:
                records.append((label, sum(m.won for m in games), sum(not m.won for m in games)))
        charts = []
        for value, label in Variant.choices:
            series = [Series(player.display_name,
                             selectors.chart_points(
                                 list(selectors.rating_history(player, value, request.user))))
                      for player in (first, second)]
            if any(s.points for s in series):
                charts.append(history_chart_svg(
                    series, title=_("Ratings of %(first)s and %(second)s (%(game)s)") % {
                        "first": first.display_name, "second": second.display_name,
                        "game": label},
                    y_label=_("Rating"), chart_id=f"compare-{value}"))
        context.update(first=first, second=second, meetings=meetings, records=records,
                       charts=charts, variants=dict(Variant.choices))
    return render(request, "leaderboard/head_to_head.html", context)


def _ratings(player: Player) -> list[tuple[str, str, object]]:
    current = {rating.variant: rating for rating in player.ratings.all()}
    return [(value, label, current.get(value)) for value, label in Variant.choices]


def _chart_title(player: Player, variant: str) -> str:
    return _("Rating history of %(name)s (%(game)s)") % {
        "name": player.display_name, "game": Variant(variant).label,
    }


def rating_chart(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player.objects.only("display_name"), pk=pk)
    variant = _variant(request)
    points = selectors.chart_points(list(selectors.rating_history(player, variant, request.user)))
    svg = rating_chart_svg(points, title=_chart_title(player, variant))
    return HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")


def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    events = RankedEvent.objects.filter(selectors.visible_events(request.user))
    event = get_object_or_404(events.select_related("club"), pk=pk)  # a private event: 404
    placings = event.placings.select_related("player").order_by("place_first", "player__display_name")
    return render(request, "leaderboard/event.html", {"event": event, "placings": placings})


@login_required
def external_event_create(request: HttpRequest, slug: str) -> HttpResponse:
    """A director lists the entrants of an event run elsewhere and their places."""
    club = get_object_or_404(Club, slug=slug)
    if not can_manage_club(request.user, club):
        raise PermissionDenied(_("Only the club's directors enter its events."))
    players = club_members(club)
    form = ExternalEventForm(request.POST or None)
    places = PlaceFormSet(request.POST or None, players=players, prefix="places")
    if request.method == "POST" and form.is_valid() and places.is_valid():
        entrants = [PlacedEntrant(player, place) for player, place in places.entrants()]
        try:
            event = create_external_event(
                club=club, name=form.cleaned_data["name"], date=form.cleaned_data["date"],
                variant=form.cleaned_data["variant"], entrants=entrants, created_by=request.user,
            )
        except RankingError as error:
            form.add_error(None, error_message(error))
        else:
            messages.success(request, _("The event is entered and its points worked out."))
            return redirect("leaderboard:event_detail", pk=event.ranked_event.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "leaderboard/external_event_form.html",
                  {"club": club, "form": form, "places": places}, status=status)
