"""Sections of a club's page that apps above this one add (events, chouette nights,
ratings): each registers a function that returns a Section for a club, or None."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest

from clubs.models import Club


@dataclass(frozen=True)
class Section:
    title: str
    template: str  # included with `club`, `request` and `data` (the context below)
    context: dict[str, Any] = field(default_factory=dict)
    order: int = 50


SectionFunction = Callable[[Club, HttpRequest], Section | None]
_functions: list[SectionFunction] = []


def register(function: SectionFunction) -> None:
    if function not in _functions:
        _functions.append(function)


def sections(club: Club, request: HttpRequest) -> list[Section]:
    found = [section for function in _functions if (section := function(club, request))]
    return sorted(found, key=lambda section: section.order)
