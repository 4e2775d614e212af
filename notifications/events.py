"""What each event means for whom: the people to tell and what to tell them.

An event is named, takes JSON arguments (ids) and gives ``Message`` values: who, which
message (``notifications.messages``: its kind and words), a key that makes the
notification unique, the values the message is filled in with (names, numbers and codes,
put into words in each reader's language when shown or sent), a link, and the club it is
about (whose language is the reader's when they have none). Adding an event: one
function registered in ``EVENTS``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from clubs.models import Player
from disputes.models import Dispute, DisputeKind
from federations.models import Affiliation
from games.models import MatchResult
from games.services.scoring import format_score
from tournaments.models import (
    Entry,
    Pairing,
    Registration,
    Tournament,
    Walkover,
    with_flight_rounds,
)

BATCH = 500  # ids a query reads at once


@dataclass(frozen=True)
class Message:
    user_id: int
    name: str  # a message of notifications.messages
    key: str
    url: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    club_id: int | None = None


def _user_of(player: Player | None) -> int | None:
    return player.user_id if player is not None else None


def _each(user_ids: Iterable[int | None]) -> list[int]:
    seen: list[int] = []
    for user_id in user_ids:
        if user_id is not None and user_id not in seen:
            seen.append(user_id)
    return seen


def _score(result: MatchResult) -> str:
    match = result.match
    first = match.player1.display_name if match.player1 else "?"
    second = match.player2.display_name if match.player2 else "?"
    return f"{first} {format_score(result.score1)}–{format_score(result.score2)} {second}"


# --- the draw ------------------------------------------------------------------------------------


def pairings_published(tournament_id: int, pairing_ids: list[int], changed_ids: list[int]) -> list[Message]:
    """Both players of each pairing are told their match is ready (or changed): one
    event per draw, round or result, read in one query a batch."""
    changed = set(changed_ids)
    pairings = []
    for start in range(0, len(pairing_ids), BATCH):
        pairings += Pairing.objects.select_related(
            "tournament", "match", "top__player", "bottom__player").filter(
            pk__in=pairing_ids[start:start + BATCH], tournament_id=tournament_id)
    messages = []
    with_flight_rounds(pairings)
    for pairing in sorted(pairings, key=lambda p: (p.flight, p.round, p.number)):
        messages += _pairing_messages(pairing, pairing.pk in changed)
    return messages


def pairing_published(pairing_id: int, changed: bool = False) -> list[Message]:
    """One pairing's players (work queued one pairing at a time, before the batches)."""
    pairing = Pairing.objects.select_related(
        "tournament", "match", "top__player", "bottom__player").filter(pk=pairing_id).first()
    return [] if pairing is None else _pairing_messages(pairing, changed)


def round_of(pairing: Pairing) -> list[Any]:
    """How a message stores a pairing's round: its event's format, flight, number, the
    flight's rounds and the round's places, named in the reader's language when shown
    (``messages.a_round``)."""
    rounds, places = pairing.round_shape()
    return [pairing.tournament.format, pairing.flight, pairing.round, rounds, places]


def _pairing_messages(pairing: Pairing, changed: bool) -> list[Message]:
    if pairing.match is None or pairing.top is None or pairing.bottom is None:
        return []
    messages = []
    url = reverse("tournaments:my_matches")
    for me, other in ((pairing.top, pairing.bottom), (pairing.bottom, pairing.top)):
        user_id = _user_of(me.player)
        if user_id is None:
            continue
        params = {
            "event": pairing.tournament.name, "opponent": other.player.display_name,
            "flight": pairing.flight, "round": round_of(pairing),
            "table": pairing.table or None, "length": pairing.match.length,
            "time_control": pairing.match.time_control or None,
        }
        messages.append(Message(
            user_id, "pairing_changed" if changed else "pairing_ready",
            f"pairing:{pairing.pk}:{pairing.top_id}:{pairing.bottom_id}:{user_id}",
            url, params, pairing.tournament.club_id,
        ))
    return messages


def draw_withdrawn(tournament_id: int, player_ids: list[int], occurrence: str) -> list[Message]:
    """The players told of a match of a draw that was taken back: it no longer stands."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return []
    users = Player.objects.filter(pk__in=player_ids, user__isnull=False).values_list("user_id", flat=True)
    return [
        Message(user_id, "draw_withdrawn", f"draw-withdrawn:{tournament.pk}:{occurrence}:{user_id}",
                tournament.get_absolute_url(), {"event": tournament.name}, tournament.club_id)
        for user_id in _each(sorted(users))
    ]


def check_in_opened(tournament_id: int) -> list[Message]:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return []
    closes = tournament.check_in_closes_at
    params = {"event": tournament.name,
              "closes": timezone.localtime(closes).strftime("%H:%M") if closes else None}
    entries = Entry.objects.filter(tournament=tournament, withdrawn=False).select_related("player")
    return [
        Message(user_id, "check_in_open", f"check-in:{tournament.pk}:{user_id}",
                f"{tournament.get_absolute_url()}#registration", params, tournament.club_id)
        for user_id in _each(_user_of(e.player) for e in entries)
    ]


def match_forfeited(pairing_id: int, winner_id: int, absent_id: int, reason: str) -> list[Message]:
    pairing = Pairing.objects.select_related("tournament").filter(pk=pairing_id).first()
    entries = {e.pk: e for e in Entry.objects.filter(pk__in=[winner_id, absent_id]).select_related("player")}
    if pairing is None or winner_id not in entries or absent_id not in entries:
        return []
    winner, absent = entries[winner_id], entries[absent_id]
    params = {"event": pairing.tournament.name, "flight": pairing.flight,
              "round": round_of(pairing), "winner": winner.player.display_name,
              "absent": absent.player.display_name, "reason": reason}
    club_id = pairing.tournament.club_id
    url = pairing.tournament.get_absolute_url()
    played = pairing.ready_at.isoformat() if pairing.ready_at else ""  # a forfeit taken back and given again
    messages = []
    winner_user = _user_of(winner.player)
    if winner_user is not None:
        messages.append(Message(winner_user, "walkover_won", f"forfeit:{pairing.pk}:{played}:{winner_user}",
                                url, params, club_id))
    absent_user = _user_of(absent.player)
    if absent_user is not None and reason != Walkover.WITHDRAWN:  # who withdrew knows it
        messages.append(Message(absent_user, "walkover_lost", f"forfeit:{pairing.pk}:{played}:{absent_user}",
                                url, params, club_id))
    return messages


def registration_changed(registration_id: int, previous: str) -> list[Message]:
    registration = Registration.objects.select_related("tournament", "player").filter(
        pk=registration_id).first()
    if registration is None or registration.status != Registration.Status.ACCEPTED:
        return []
    user_id = _user_of(registration.player)
    if user_id is None:
        return []
    params = {"event": registration.tournament.name}
    stamp = registration.decided_at.isoformat() if registration.decided_at else ""
    url = registration.tournament.get_absolute_url()
    club_id = registration.tournament.club_id
    if previous == Registration.Status.WAITLISTED:
        return [Message(user_id, "registration_promoted", f"registration:{registration.pk}:promoted:{stamp}",
                        url, params, club_id)]
    return [Message(user_id, "registration_accepted", f"registration:{registration.pk}:accepted:{stamp}",
                    url, params, club_id)]


# --- results ---------------------------------------------------------------------------------------


def _result(result_id: int) -> MatchResult | None:
    return MatchResult.objects.select_related(
        "match__player1", "match__player2", "entered_by").filter(pk=result_id).first()


def result_proposed(result_id: int) -> list[Message]:
    """The opponent of whoever entered the result is asked to confirm it."""
    result = _result(result_id)
    if result is None:
        return []
    match = result.match
    entered_by = result.entered_by_id
    players = [p for p in (match.player1, match.player2) if p is not None]
    enterer = next((p for p in players if p.user_id == entered_by), None)
    others = [p for p in players if p.user_id != entered_by]
    params = {"who": enterer.display_name if enterer else None, "score": _score(result)}
    return [
        Message(user_id, "result_to_confirm", f"result-proposed:{result.pk}:{user_id}",
                reverse("tournaments:my_matches") if hasattr(match, "pairing") else match.get_absolute_url(),
                params, match.club_id)
        for user_id in _each(_user_of(p) for p in others)
    ]


def result_confirmed(result_id: int) -> list[Message]:
    result = _result(result_id)
    if result is None:
        return []
    match = result.match
    ruling = Dispute.objects.filter(claims__ruled_result=result.pk).values_list(
        "pk", "ruling_note").first() if result.override_reason else None
    if ruling is not None:  # set by a dispute's ruling: said in the reader's words
        name, params = "result_ruled", {"score": _score(result), "number": ruling[0],
                                        "note": ruling[1] or None}
    elif result.override_reason:
        name, params = "result_set", {"score": _score(result), "reason": result.override_reason}
    else:
        name, params = "result_confirmed", {"score": _score(result)}
    return [
        Message(user_id, name, f"result:{result.pk}:{user_id}", match.get_absolute_url(), params,
                match.club_id)
        for user_id in _each(_user_of(p) for p in (match.player1, match.player2))
        if user_id != result.confirmed_by_id or result.override_reason
    ]


# --- disputes --------------------------------------------------------------------------------------


def _dispute(dispute_id: int) -> Dispute | None:
    return Dispute.objects.select_related("match__player1", "match__player2", "club").filter(
        pk=dispute_id).first()


def _dispute_people(dispute: Dispute) -> list[int]:
    players = [dispute.match.player1, dispute.match.player2] if dispute.match else []
    return _each([*(_user_of(p) for p in players), dispute.submitted_by_id])


def _what(dispute: Dispute) -> str:
    return "result" if dispute.kind == DisputeKind.RESULT else "move"  # messages.DISPUTED


def dispute_opened(dispute_id: int) -> list[Message]:
    dispute = _dispute(dispute_id)
    if dispute is None:
        return []
    params = {"number": dispute.pk, "what": _what(dispute),
              "match": dispute.match.sides() if dispute.match else dispute.club.name}
    directors = list(get_user_model().objects.filter(directed_clubs=dispute.club).values_list("pk", flat=True))
    people = [u for u in _each([*_dispute_people(dispute), *directors]) if u != dispute.submitted_by_id]
    return [
        Message(user_id, "dispute_opened", f"dispute-opened:{dispute.pk}:{user_id}",
                dispute.get_absolute_url(), params, dispute.club_id)
        for user_id in people
    ]


def dispute_checked(dispute_id: int) -> list[Message]:
    dispute = _dispute(dispute_id)
    if dispute is None:
        return []
    params = {"number": dispute.pk, "what": _what(dispute)}
    return [
        Message(user_id, "dispute_checked", f"dispute-checked:{dispute.pk}:{user_id}",
                dispute.get_absolute_url(), params, dispute.club_id)
        for user_id in _dispute_people(dispute)
    ]


def dispute_ruled(dispute_id: int) -> list[Message]:
    dispute = _dispute(dispute_id)
    if dispute is None:
        return []
    ruled = (dispute.claims or {}).get("ruled") if isinstance(dispute.claims, dict) else None
    params = {"number": dispute.pk, "ruling": dispute.ruling or None,
              "note": dispute.ruling_note or None}
    if ruled:
        params["score"] = f"{ruled[0]}–{ruled[1]}"
    return [
        Message(user_id, "dispute_ruled_score" if ruled else "dispute_ruled",
                f"dispute-ruled:{dispute.pk}:{user_id}", dispute.get_absolute_url(), params,
                dispute.club_id)
        for user_id in _dispute_people(dispute)
    ]


# --- federations ----------------------------------------------------------------------------------


def _affiliation(affiliation_id: int) -> Affiliation | None:
    return Affiliation.objects.select_related("federation", "club").filter(
        pk=affiliation_id).first()


def _federation_side(affiliation: Affiliation) -> list[int]:
    return list(affiliation.federation.admins.order_by("pk").values_list("pk", flat=True))


def _club_side(affiliation: Affiliation) -> list[int]:
    return list(get_user_model().objects.filter(directed_clubs=affiliation.club)
                .order_by("pk").values_list("pk", flat=True))


def affiliation_asked(affiliation_id: int) -> list[Message]:
    """The side that answers: the federation's admins (a club asked) or the club's
    directors (the federation invited)."""
    affiliation = _affiliation(affiliation_id)
    if affiliation is None:
        return []
    club_asked = affiliation.asked_by_side == Affiliation.Side.CLUB
    people = _federation_side(affiliation) if club_asked else _club_side(affiliation)
    name = "affiliation_asked" if club_asked else "affiliation_invited"
    url = reverse("federations:manage" if club_asked else "federations:detail",
                  args=[affiliation.federation.slug])
    params = {"club": affiliation.club.name, "federation": affiliation.federation.name}
    return [
        Message(user_id, name, f"affiliation-asked:{affiliation.pk}:{user_id}", url, params,
                affiliation.club_id)
        for user_id in _each(people) if user_id != affiliation.asked_by_id
    ]


DECIDED = {Affiliation.Status.ACTIVE: "affiliation_accepted",
           Affiliation.Status.DECLINED: "affiliation_declined",
           Affiliation.Status.ENDED: "affiliation_ended"}


def affiliation_decided(affiliation_id: int, status: str) -> list[Message]:
    """Both sides hear the answer (accepted, declined) or the end of a membership, all
    but the person who gave it."""
    affiliation = _affiliation(affiliation_id)
    if affiliation is None:
        return []
    name = DECIDED.get(status)
    if name is None:
        return []
    params = {"club": affiliation.club.name, "federation": affiliation.federation.name}
    actor = affiliation.decided_by_id if status != Affiliation.Status.ENDED else None
    url = reverse("federations:detail", args=[affiliation.federation.slug])
    people = _each([*_federation_side(affiliation), *_club_side(affiliation)])
    return [
        Message(user_id, name,
                f"affiliation-{status}:{affiliation.pk}:{user_id}", url, params,
                affiliation.club_id)
        for user_id in people if user_id != actor
    ]


EVENTS: dict[str, Callable[..., list[Message]]] = {
    "pairings_published": pairings_published,
    "pairing_published": pairing_published,
    "check_in_opened": check_in_opened,
    "draw_withdrawn": draw_withdrawn,
    "match_forfeited": match_forfeited,
    "registration_changed": registration_changed,
    "result_proposed": result_proposed,
    "result_confirmed": result_confirmed,
    "dispute_opened": dispute_opened,
    "dispute_checked": dispute_checked,
    "dispute_ruled": dispute_ruled,
    "affiliation_asked": affiliation_asked,
    "affiliation_decided": affiliation_decided,
}
