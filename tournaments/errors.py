"""Errors raised by the pure tournament logic (draws, standings, ratings, rankings).

Two kinds, as in Tabbycat's draw generators:

* ``TournamentError`` and its subclasses: something the director can fix (too few
  entrants, a player entered twice, a place table that does not fit the field). Each
  carries a stable ``code``, a plain-English ``message`` a director understands, and the
  ``params`` used to build it, so the Django layer can translate by code.
* ``DrawBug``: an internal inconsistency. It means the code is wrong, not the input,
  and should surface as a server error.

They belong to the project's one family of domain errors (``common.errors.DomainError``,
re-exported by ``clubs.errors``); ``params["field"]`` names the input field at fault.
This module imports nothing from Django on purpose (nor do its bases).
"""

from __future__ import annotations

from clubs.errors import DomainError, sentence_for

__all__ = [
    "ActionError", "DomainError", "DrawBug", "DrawError", "RankingError", "RatingError", "StandingsError",
    "TournamentError", "sentence_for",
]


class TournamentError(DomainError):
    """A problem the director can resolve; shown on the page, translated by ``code``."""


class ActionError(TournamentError):
    """A director's or player's action that cannot be done as asked (nothing is saved)."""


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
