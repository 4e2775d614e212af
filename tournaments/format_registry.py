"""The format registry: one module per event format registers what the rest of the app needs.

A format (a subclass of ``tournaments.formats.base.EventFormat``, registered with
``@register``) says:

* ``settings``: the Tournament fields it uses. The tournament form and the API show
  only these for the chosen format; ``check_settings`` refuses impossible ones with a
  sentence, before anything is drawn.
* ``make_draw`` / ``next_stage``: the draw and, for formats played round by round, the
  next round or stage (services, transactional).
* ``record_result``: how a confirmed (or corrected) result advances players.
* ``bracket`` / ``table_flight``: which pages show its draw (the bracket, or the
  crosstable and standings of ``table_flight``), ``partial``: the template of its draw;
  the bracket page renders ``bracket_partial``, the crosstable page ``table_partial``
  (a format with a table and a bracket, groups then a knockout, has both).
* ``default_tiebreaks``: the tiebreak order a new event of this format starts with.
* ``late_entry_rules``: the late-entry rules (``tournaments.models.LateEntryRule``) the
  format can apply after its draw; ``check_settings`` refuses another one, naming the
  field ``late_entry_rule`` (see ``tournaments.play.walkovers`` for what each does).

Adding a format is one module in ``tournaments/formats/`` (plus its partial template),
listed in ``MODULES`` here: the pages, the API and
the services look formats up in ``FORMATS`` by the tournament's ``format`` key. The
modules are imported by ``TournamentsConfig.ready()`` (``load_formats``).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any

from tournaments.errors import DrawError

MODULES = (
    "knockout", "round_robin", "groups_knockout", "swiss", "double_elimination", "swiss_losses",
    "monrad",
)
# key -> the format's one instance, an EventFormat (tournaments.formats.base); typed loosely
# here so that the registry, which the models use, needs nothing above them.
FORMATS: dict[str, Any] = {}


def register(cls: type) -> type:
    """Class decorator: one instance per format key."""
    if cls.key in FORMATS:
        raise RuntimeError(f"format {cls.key!r} registered twice")
    FORMATS[cls.key] = cls()
    return cls


def load_formats(modules: Iterable[str] = MODULES) -> None:
    for module in modules:
        importlib.import_module(f"tournaments.formats.{module}")


def format_of(key: str) -> Any:
    if not FORMATS:
        load_formats()
    try:
        return FORMATS[key]
    except KeyError:
        raise DrawError("unknown_format", f"There is no event format {key!r}.", {"format": key}) from None


def settings_of(key: str | None) -> tuple[str, ...]:
    """The Tournament fields the format uses (none for an unknown key)."""
    try:
        return format_of(key or "").settings
    except DrawError:
        return ()

