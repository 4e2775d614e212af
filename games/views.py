"""Game pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def chouette_list(request: HttpRequest) -> HttpResponse:
    """Placeholder until the chouette feature lands."""
    return render(request, "coming_soon.html", {"section": "chouettes"})


def dispute_list(request: HttpRequest) -> HttpResponse:
    """Placeholder until the disputes feature lands."""
    return render(request, "coming_soon.html", {"section": "disputes"})
