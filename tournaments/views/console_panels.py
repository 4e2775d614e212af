"""The console's panels (everything under its tabs), kept per version of the event.

A director's console shows the rounds, a page of open and decided matches with their
forms, the entrants, the settings and the change log. All of it follows the event's
version (``page_cache``: its entries, pairings, matches, players, log and conflicts
drop it) and its own row, so its body is rendered once per version and kept, keyed on:

- the director (a kept console is only ever served to the director it was made for,
  after ``managed_tournament`` has let them in), and the legal names they may see among
  the entrants (asked on every view: a player leaving a club hides their name at once);
- the club's row, the query string (the pages, the open list), the language, and the
  forms' moment (time zone and quarter hour: the date-played fields' bounds).

Not kept, asked on every view: the messages, the sections of other apps (disputes:
``console_sections``), and whether the draw can still be taken back when the version's
own rows cannot tell (a game recorded writes no row of the event). The forms' CSRF token
is each reader's own (``with_reader_token``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from clubs.selectors import name_viewer
from tournaments import activity, console_sections, page_cache
from tournaments.forms.tournament import TournamentForm
from tournaments.models import BracketConflict, Entry, Pairing, Tournament
from tournaments.selectors import tournaments as selectors
from tournaments.selectors.console import console_results
from tournaments.services.draw import undo_refusal, undo_refused_already
from tournaments.views.support import CSRF_PLACE, forms_moment, with_reader_token

# In a kept body, where the "Take the draw back" form goes when the version cannot tell.
UNDO_PLACE = "nardy-undo-draw-goes-here"


def console_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """The context of ``console.html`` and ``_console_panels.html``."""
    return {
        "tournament": tournament,
        "tab": "console",
        "can_manage": True,
        "sections": console_sections.render(request, tournament),
        "body": _body(request, tournament),
    }


def _body(request: HttpRequest, tournament: Tournament) -> SafeString:
    visible = _visible_legal_names(request, tournament)
    extra = [str(request.user.pk), ",".join(map(str, sorted(visible))),
             page_cache.row_digest(tournament.club), request.GET.urlencode(), *map(str, forms_moment())]
    kept = page_cache.fragment(tournament, "console:body", lambda: _render_body(request, tournament, visible),
                               extra=extra)  # fmt: skip
    html = kept["html"]
    if kept["undo_unknown"]:
        undo = "" if undo_refusal(tournament) is not None else render_to_string(
            "tournaments/_console_undo_form.html", {"tournament": tournament}, request)
        html = html.replace(UNDO_PLACE, undo)
    return with_reader_token(request, html)


def _visible_legal_names(request: HttpRequest, tournament: Tournament) -> frozenset[int]:
    """The entrants (players) whose legal name this director may see (clubs' one rule)."""
    viewer = name_viewer(request)
    return frozenset(tournament.entries.filter(viewer.visible_q("player__"))
                     .values_list("player_id", flat=True))


def _render_body(request: HttpRequest, tournament: Tournament, visible: frozenset[int]) -> dict[str, Any]:
    results = console_results(tournament, request.GET.get("page"), request.GET.get("decided"))
    _with_rows(request, tournament, [*results.open, *results.decided])
    undo_unknown = not undo_refused_already(tournament, pairings_played=results.played)
    html = render_to_string("tournaments/_console_body.html", {
        "tournament": tournament,
        "entries": _with_entry_rows(request, tournament, visible),
        "settings_fields": _settings_fields(tournament),
        "open_pairings": results.open,
        "decided_pairings": results.decided,
        "rounds_in_play": results.rounds_in_play,
        "conflicts": tournament.conflicts.filter(status=BracketConflict.Status.OPEN)
        .select_related("pairing", "previous_winner__player", "new_winner__player"),
        "log": activity.described(tournament.log.select_related("actor__player")[:15]),
        "undo_draw": UNDO_PLACE if undo_unknown else "",
        "csrf_token": CSRF_PLACE,
    }, request)
    return {"html": html, "undo_unknown": undo_unknown}


def _with_rows(request: HttpRequest, tournament: Tournament, pairings: Iterable[Pairing]) -> None:
    """Each pairing's row of the results list (``row_html``), kept under a digest of what
    it shows (``page_cache.kept_each``): after a result only its row is rendered again."""
    pairings = list(pairings)
    club = tournament.club
    zone_now = forms_moment()

    def digest(p: Pairing) -> str:
        match = p.match
        shown = (tournament.pk, tournament.format, tournament.starts_on, club.time_zone,
                 club.created_at, zone_now, p.pk, p.state, p.flight, p.group, p.round, p.number,
                 p.round_shape(), p.top_id, p.bottom_id,
                 p.top.player.display_name if p.top else None,
                 p.bottom.player.display_name if p.bottom else None,
                 None if match is None else (match.pk, match.status, match.score1, match.score2,
                                             match.length))  # fmt: skip
        return hashlib.blake2b(repr(shown).encode(), digest_size=16).hexdigest()

    def render_row(p: Pairing) -> Callable[[], str]:
        return lambda: render_to_string("tournaments/_console_result_row.html", {
            "p": p, "tournament": tournament, "csrf_token": CSRF_PLACE}, request)

    rows = page_cache.kept_each("console:row", [(digest(p), render_row(p)) for p in pairings])
    for pairing, html in zip(pairings, rows, strict=True):
        pairing.row_html = mark_safe(html)  # rendered escaped; the reader's token goes in last


def _with_entry_rows(request: HttpRequest, tournament: Tournament, visible: frozenset[int]) -> list[Entry]:
    """The entrants, each with its row (``row_html``) kept under a digest of what it shows
    (the legal name as this director may see it included): a league's 50 rows rarely
    change while its results come in."""
    entries = list(selectors.entries_of(tournament))
    editable = tournament.status in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION)

    def part(entry: Entry) -> tuple[str, Callable[[], str]]:
        legal = entry.player.name if entry.player_id in visible else ""
        shown = (tournament.pk, editable, entry.pk, entry.seed, entry.player.display_name, legal,
                 entry.group, entry.place_first, entry.place_last)  # fmt: skip
        return hashlib.blake2b(repr(shown).encode(), digest_size=16).hexdigest(), lambda: (
            render_to_string("tournaments/_console_entry_row.html",
                             {"entry": entry, "legal": legal, "tournament": tournament}, request))

    rows = page_cache.kept_each("console:entry", [part(entry) for entry in entries])
    for entry, html in zip(entries, rows, strict=True):
        entry.row_html = mark_safe(html)  # rendered escaped
    return entries


def _settings_fields(tournament: Tournament) -> SafeString:
    """The fields of the event's settings form, kept while the event's row is the same
    (they show nothing else): the same for every director."""
    return mark_safe(page_cache.fragment(tournament, "console:settings", lambda: render_to_string(
        "tournaments/_tournament_form_fields.html", {"form": TournamentForm(instance=tournament)}),
        row_only=True))
