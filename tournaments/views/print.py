"""The day's paper and screens: score sheets per match (with the time control, the
table and a QR code that opens the match's result page on a phone), a printable bracket,
and the TV/projector view that refreshes itself (htmx polling)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe

from common.bounds import parse_int
from common.live import live_answer, unchanged
from tournaments import page_cache
from tournaments.models import Flight, Pairing, Tournament
from tournaments.selectors import tournaments as selectors
from tournaments.views.support import visible_tournament

KNOCKOUT = (Flight.MAIN, Flight.CONSOLATION, Flight.LAST_CHANCE)


def _round_filter(request: HttpRequest) -> int | None:
    return parse_int(request.GET.get("round", ""), 1, 999)


def score_sheets(request: HttpRequest, pk: int) -> HttpResponse:
    """One score sheet per match still to play (or of the round asked for)."""
    tournament = visible_tournament(request, pk)
    with_match = [p for p in selectors.pairings_of(tournament) if p.match is not None]
    pairings = with_match
    round_number = _round_filter(request)
    if round_number is not None:
        pairings = [p for p in pairings if p.round == round_number]
    else:
        pairings = [p for p in pairings if p.state == Pairing.State.READY]
    sheets = [(p, request.build_absolute_uri(p.match.get_absolute_url())) for p in pairings]
    return render(request, "tournaments/score_sheets.html", {
        "tournament": tournament, "tab": "print", "sheets": sheets, "round": round_number,
        "rounds": selectors.round_choices(with_match),
        "games": range(1, 16),
    })


def bracket_print(request: HttpRequest, pk: int) -> HttpResponse:
    """The bracket on paper: every match with its QR code."""
    tournament = visible_tournament(request, pk)
    flights = selectors.bracket(tournament)
    links = {p.pk: request.build_absolute_uri(p.match.get_absolute_url())
             for flight in flights for r in flight.rounds for p in r.pairings if p.match is not None}
    return render(request, "tournaments/bracket_print.html", {
        "tournament": tournament, "tab": "print", "flights": flights, "links": links,
    })


def tv(request: HttpRequest, pk: int) -> HttpResponse:
    """Large type for a screen in the playing hall: matches being played with their tables,
    the latest results, and the bracket or the standings. Polls itself every 15 seconds."""
    tournament = visible_tournament(request, pk)
    # the screen shows the time to the minute and the club's name: part of the key
    now = timezone.localtime()
    minute = now.strftime("%Y-%m-%d %H:%M %Z")
    cached = page_cache.lookup(tournament, "tv", extra=(minute, tournament.club.name))
    # an early 304 only within this minute: the club's name is looked at again with it
    seconds_left = 60 - now.second
    if (answer := unchanged(request, cached.etag)) is not None:
        cached.note_poll(request, seconds_left)
        return answer
    screen = cached.value(lambda: render_to_string(
        "tournaments/_tv.html", {**tv_context(tournament), "etag": cached.etag}, request))
    if request.htmx:
        cached.note_poll(request, seconds_left)
        return live_answer(HttpResponse(screen), cached.etag)
    return render(request, "tournaments/tv.html", {"tournament": tournament,
                                                   "screen": mark_safe(screen)})  # fmt: skip


def tv_context(tournament: Tournament) -> dict:
    pairings = selectors.pairings_of(tournament)
    playing = [p for p in pairings if p.state == Pairing.State.READY and p.match is not None]
    playing.sort(key=_table_order)
    finished = [p for p in pairings if p.state == Pairing.State.DECIDED]
    finished.sort(key=lambda p: (p.match.finished_at if p.match and p.match.finished_at else p.ready_at)
                  or tournament.created_at, reverse=True)
    context = {"tournament": tournament, "playing": playing, "recent": finished[:8],
               "rounds_in_play": selectors.rounds_in_play(pairings)}
    if tournament.is_knockout:
        context["flights"] = selectors.bracket(tournament, [p for p in pairings if p.flight in KNOCKOUT])
    else:
        flight = tournament.event_format.table_flight or Flight.GROUP
        context["tables"] = selectors.crosstables(tournament, flight=flight)
        context["tiebreaks"] = selectors.tiebreak_descriptions(selectors.standings_order(tournament))
    return context


def _table_order(pairing: Pairing) -> tuple[bool, int, str]:
    """Numbered tables first, in number order, then the others by name."""
    number = parse_int(pairing.table, 0, 10**9)
    return (number is None, number or 0, pairing.table)
