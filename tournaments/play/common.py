"""Shared pieces of the tournament services: the change log and the common checks (the
error type, ``ActionError``, is in ``tournaments.errors``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser

from clubs.registry import possible_duplicates
from tournaments.errors import ActionError
from tournaments.models import Tournament, TournamentLog


def record(
    tournament: Tournament,
    actor: AbstractBaseUser | None,
    action: str,
    *,
    before: Mapping[str, Any] | None = None,
    after: Mapping[str, Any] | None = None,
) -> TournamentLog:
    """Write one line of the tournament's change log (who, when, before, after)."""
    return TournamentLog.objects.create(
        tournament=tournament,
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        before=dict(before or {}),
        after=dict(after or {}),
    )


def require_status(tournament: Tournament, *allowed: str, action: str) -> None:
    if tournament.status not in allowed:
        raise ActionError(
            "wrong_status",
            f"{action} is not possible while the tournament is {tournament.get_status_display()}.",
            {"status": tournament.status},
        )


def require_no_duplicates(entries: list[Any]) -> None:
    """Refuse a draw while two entrants look like one person entered twice (similar
    names, not marked as different people): a player must not meet their own twin."""
    pairs = possible_duplicates([entry.player for entry in entries])
    if pairs:
        names = "; ".join(f"{a.display_name} / {b.display_name}" for a, b, _ in pairs)
        raise ActionError(
            "possible_duplicate_entrants",
            f"These entrants may be one person entered twice: {names}. Merge them, or mark "
            "them as different people on the club's players page, then draw.",
            {"pairs": names},
        )
