"""Sections that other apps add to a tournament's console (disputes, for one).

The layers above tournaments (disputes, ...) may not be imported from here; they
register a section in their ``AppConfig.ready()``. A section is a function of the
request and the tournament that returns its rendered HTML, or None when it has nothing
to show.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest
from django.utils.safestring import SafeString

from tournaments.models import Tournament

Section = Callable[[HttpRequest, Tournament], SafeString | str | None]

SECTIONS: dict[str, Section] = {}


def register(name: str, section: Section) -> None:
    """Add (or replace) the console section ``name``."""
    SECTIONS[name] = section


def render(request: HttpRequest, tournament: Tournament) -> list[str]:
    """The HTML of every section that has something to show, in registration order."""
    parts = []
    for section in SECTIONS.values():
        html = section(request, tournament)
        if html:
            parts.append(html)
    return parts
