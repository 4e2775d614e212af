"""Errors raised by the pure tournament logic (draws, standings, ratings, rankings).

Two kinds, as in Tabbycat's draw generators:

* ``TournamentError`` and its subclasses: something the director can fix (too few
  entrants, a player entered twice, a place table that does not fit the field). Each
  carries a stable ``code``, a plain-English ``message`` a director understands, and the
  ``params`` used to build it, so the Django layer can translate by code.
* ``DrawBug``: an internal inconsistency. It means the code is wrong, not the input,
  and should surface as a server error.

This module imports nothing from Django on purpose.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class TournamentError(Exception):
    """A problem the director can resolve; shown on the page, translated by ``code``."""

    def __init__(self, code: str, message: str, params: Mapping[str, Any] | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, Any] = dict(params or {})

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


def sentence_for(error: TournamentError, sentences: Mapping[str, Any]) -> str:
    """``error`` told with the sentence ``sentences`` holds for its code (the Django layer
    passes its translations), filled in with the error's params; the error's own English
    sentence when there is none, or when the params do not fit it."""
    template = sentences.get(error.code)
    if template is None:
        return error.message
    try:
        return str(template) % error.params
    except (KeyError, TypeError, ValueError):
        return str(template) if "%(" not in str(template) else error.message


class DrawError(TournamentError):
    """A draw cannot be made or advanced with the data given."""


class StandingsError(TournamentError):
    """Standings cannot be computed from the results given."""


class RatingError(TournamentError):
    """A match cannot be rated as given."""


class RankingError(TournamentError):
    """Ranking points cannot be awarded for an event or season as given."""


class DrawBug(Exception):
    """An internal inconsistency in a generator: a bug, never the director's doing."""
