"""Sections of a player's profile that apps above this one add (PR milestones): each
registers a function that returns a Section (clubs.club_page) for a player, or None."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest

from clubs.club_page import Section
from clubs.models import Player

SectionFunction = Callable[[Player, HttpRequest], Section | None]
_functions: list[SectionFunction] = []


def register(function: SectionFunction) -> None:
    if function not in _functions:
        _functions.append(function)


def sections(player: Player, request: HttpRequest) -> list[Section]:
    found = [section for function in _functions if (section := function(player, request))]
    return sorted(found, key=lambda section: section.order)
