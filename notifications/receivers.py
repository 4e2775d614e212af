"""What the lower layers announce, turned into notification events. Each receiver only
asks for the fan-out (one queued task after the commit): quick, and it cannot fail the
action that caused it."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from disputes.signals import dispute_checked, dispute_opened, dispute_ruled
from federations.signals import affiliation_asked, affiliation_decided
from games.signals import result_confirmed, result_proposed
from notifications.services import announce
from tournaments import signals as event_signals


def _pairings(sender: Any, tournament: Any, pairings: Any, changed: Any = (), **kwargs: Any) -> None:
    """One fan-out for every pairing a draw, round or result made ready."""
    ids = [pairing.pk for pairing in pairings]
    if ids:
        occurrence = ",".join(f"{pairing.pk}={pairing.announced_for}" for pairing in pairings)
        announce("pairings_published", tournament.pk, ids, sorted(set(changed) & set(ids)),
                 occurrence=occurrence)


def _draw_withdrawn(sender: Any, tournament: Any, players: Any, occurrence: str, **kwargs: Any) -> None:
    """One fan-out for the players of a draw that was taken back."""
    announce("draw_withdrawn", tournament.pk, list(players), occurrence, occurrence=occurrence)


def _check_in(sender: Any, tournament: Any, **kwargs: Any) -> None:
    announce("check_in_opened", tournament.pk)


def _forfeit(sender: Any, pairing: Any, winner: Any, absent: Any, reason: str, **kwargs: Any) -> None:
    announce("match_forfeited", pairing.pk, winner.pk, absent.pk, reason,
             occurrence=timezone.now().isoformat())


def _registration(sender: Any, registration: Any, previous: str = "", **kwargs: Any) -> None:
    if registration.status == "accepted":
        stamp = registration.decided_at.isoformat() if registration.decided_at else ""
        announce("registration_changed", registration.pk, previous, occurrence=stamp)


def _proposed(sender: Any, result: Any, **kwargs: Any) -> None:
    announce("result_proposed", result.pk)


def _confirmed(sender: Any, result: Any = None, **kwargs: Any) -> None:
    if result is not None:
        announce("result_confirmed", result.pk)


def _dispute_opened(sender: Any, dispute: Any, **kwargs: Any) -> None:
    announce("dispute_opened", dispute.pk)


def _dispute_checked(sender: Any, dispute_id: int, **kwargs: Any) -> None:
    announce("dispute_checked", dispute_id)


def _dispute_ruled(sender: Any, dispute: Any, **kwargs: Any) -> None:
    announce("dispute_ruled", dispute.pk)


def _affiliation_asked(sender: Any, affiliation: Any, **kwargs: Any) -> None:
    announce("affiliation_asked", affiliation.pk)


def _affiliation_decided(sender: Any, affiliation: Any, **kwargs: Any) -> None:
    announce("affiliation_decided", affiliation.pk, affiliation.status)


def connect() -> None:
    pairs = [
        (event_signals.pairings_published, _pairings),
        (event_signals.check_in_opened, _check_in),
        (event_signals.draw_withdrawn, _draw_withdrawn),
        (event_signals.match_forfeited, _forfeit),
        (event_signals.registration_changed, _registration),
        (result_proposed, _proposed),
        (result_confirmed, _confirmed),
        (dispute_opened, _dispute_opened),
        (dispute_checked, _dispute_checked),
        (dispute_ruled, _dispute_ruled),
        (affiliation_asked, _affiliation_asked),
        (affiliation_decided, _affiliation_decided),
    ]
    for signal, receiver in pairs:
        signal.connect(receiver, dispatch_uid=f"notifications.{receiver.__name__}")
