"""Project-wide pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from clubs import selectors


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"clubs": selectors.clubs_with_counts()})
