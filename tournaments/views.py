"""Club pages. Thin: read through selectors, render; htmx requests get partials."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments import selectors
from tournaments.models import Club
from tournaments.permissions import can_manage_club


def club_list(request: HttpRequest) -> HttpResponse:
    search = request.GET.get("q", "").strip()
    context = {"clubs": selectors.clubs_with_counts(search), "search": search}
    if request.htmx:
        return render(request, "tournaments/_club_rows.html", context)
    return render(request, "tournaments/club_list.html", context)


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    context = {
        "club": club,
        "members": selectors.club_members(club),
        "directors": club.directors.order_by("username"),
        "can_manage": can_manage_club(request.user, club),
    }
    return render(request, "tournaments/club_detail.html", context)


def tournament_list(request: HttpRequest) -> HttpResponse:
    """Placeholder until the tournaments feature lands."""
    return render(request, "coming_soon.html", {"section": "tournaments"})


def rankings(request: HttpRequest) -> HttpResponse:
    """Placeholder until the rankings feature lands."""
    return render(request, "coming_soon.html", {"section": "rankings"})
