"""Chouette pages that only read: the night's settlement, the running ledger, the club's
season table and a player's chouette history. Anyone may read them, as the table page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from chouette.forms import SeasonForm
from chouette.live import table_etag
from chouette.models import ChouetteSession
from chouette.selectors import ledgers
from chouette.selectors import sessions as selectors
from clubs.models import Club, Player
from common.live import live_answer, unchanged


def settlement(request: HttpRequest, pk: int) -> HttpResponse:
    """Who pays whom at the end of the night: printable, with a text to share."""
    session = get_object_or_404(ChouetteSession.objects.select_related("club"), pk=pk)
    night = ledgers.settlement(session)
    context = {
        "session": session,
        "night": night,
        "share_url": request.build_absolute_uri(),
    }
    return render(request, "chouette/settlement.html", context)


def ledger(request: HttpRequest, pk: int) -> HttpResponse:
    """The night's running ledger on a phone; htmx refreshes it while the table runs (304
    while the table has not changed)."""
    session = get_object_or_404(ChouetteSession.objects.select_related("club"), pk=pk)
    etag = table_etag(request, session, "ledger")
    if (answer := unchanged(request, etag)) is not None:
        return answer
    context = {"session": session, "table": selectors.table(session), "etag": etag}
    if request.htmx:
        return live_answer(render(request, "chouette/_running_ledger.html", context), etag)
    return render(request, "chouette/ledger.html", context)


def season(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's chouette table for a season (``?year=``: the season starting that year)."""
    club = get_object_or_404(Club, slug=slug)
    form = SeasonForm(request.GET or None)
    year = form.cleaned_data.get("year") if form.is_valid() else None
    chosen = (
        ledgers.season_of_year(year) if year else ledgers.season_containing(timezone.localdate())
    )
    table = ledgers.club_season_table(club, chosen)
    context = {
        "club": club,
        "season": table,
        "form": form,
        "previous_year": chosen.start.year - 1,
        "next_year": chosen.start.year + 1,
    }
    status = 400 if request.GET and not form.is_valid() else 200
    return render(request, "chouette/season.html", context, status=status)


def player_record(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    record, lines = selectors.player_record(player)
    context = {"player": player, "record": record, "lines": lines}
    return render(request, "chouette/player_record.html", context)
