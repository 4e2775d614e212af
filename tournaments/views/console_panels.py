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
from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from clubs.selectors import name_viewer
from tournaments import activity, console_sections, page_cache
from tournaments.forms.tournament import TournamentForm
from tournaments.models import BracketConflict, Entry, Tournament
from tournaments.selectors import tournaments as selectors
from tournaments.selectors.console import ConsoleResults, console_pairings, console_results
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
    rows = _rows(request, tournament, results)
    undo_unknown = not undo_refused_already(tournament, pairings_played=results.played)
    html = render_to_string("tournaments/_console_body.html", {
        "tournament": tournament,
        "entry_rows": _entry_rows(request, tournament, visible),
        "open_rows": [rows[pairing.pk] for pairing in results.open],
        "decided_rows": [rows[pairing.pk] for pairing in results.decided],
        "settings_fields": _settings_fields(tournament),
        "open_pairings": results.open,
        "decided_pairings": results.decided,
        "rounds_in_play": results.rounds_in_play,
        "conflicts": _open_conflicts(tournament),
        "log": activity.described(tournament.log.select_related("actor__player")[:15]),
        "undo_draw": UNDO_PLACE if undo_unknown else "",
        "csrf_token": CSRF_PLACE,
    }, request)
    return {"html": html, "undo_unknown": undo_unknown}


def _open_conflicts(tournament: Tournament) -> list[BracketConflict]:
    """The corrections waiting for the director: mostly none, which a plain query says
    (the one with the names' joins took four times as long to build)."""
    open_ones = tournament.conflicts.filter(status=BracketConflict.Status.OPEN)
    if not open_ones.exists():
        return []
    return list(open_ones.select_related("pairing", "previous_winner__player", "new_winner__player"))


def _rows(request: HttpRequest, tournament: Tournament, results: ConsoleResults) -> dict[int, SafeString]:
    """Each shown pairing's row of the results list, by pk, kept under a digest of what it
    shows (``page_cache.kept_each``): after a result only its row is read and rendered."""
    shown = [*results.open, *results.decided]
    club = tournament.club
    around = (tournament.pk, tournament.format, tournament.starts_on, club.time_zone, club.created_at,
              forms_moment())  # fmt: skip
    digests = [_digest((around, pairing.facts)) for pairing in shown]

    def render_missing(positions: list[int]) -> list[str]:
        pairings = console_pairings(tournament, [shown[i].pk for i in positions], results.places)
        return [render_to_string("tournaments/_console_result_row.html", {
            "p": pairings[shown[i].pk], "tournament": tournament, "csrf_token": CSRF_PLACE}, request)
            if shown[i].pk in pairings else "" for i in positions]  # "": deleted since

    rows = page_cache.kept_each("console:row", digests, render_missing)
    return {pairing.pk: mark_safe(html) for pairing, html in zip(shown, rows, strict=True)}  # escaped


# What an entrant's row shows (its legal name only when the director may see it).
ENTRY_SHOWN = ("pk", "seed", "player_id", "player__display_name", "player__name", "group",
               "place_first", "place_last")


def _entry_rows(request: HttpRequest, tournament: Tournament, visible: frozenset[int]) -> list[SafeString]:
    """The entrants' rows, each kept under a digest of what it shows (the legal name as
    this director may see it included): a league's 50 rows rarely change while its
    results come in. Read as plain values; only rows not kept are read as entries."""
    editable = tournament.status in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION)
    shown = []
    for pk, seed, player_id, display_name, name, group, first, last in (
            selectors.entries_of(tournament).values_list(*ENTRY_SHOWN)):
        legal = name if player_id in visible else ""
        shown.append((pk, legal, (tournament.pk, editable, pk, seed, display_name, legal, group, first, last)))

    def render_missing(positions: list[int]) -> list[str]:
        entries = Entry.objects.select_related("player").in_bulk([shown[i][0] for i in positions])
        return [render_to_string("tournaments/_console_entry_row.html", {
            "entry": entries[shown[i][0]], "legal": shown[i][1], "tournament": tournament}, request)
            if shown[i][0] in entries else "" for i in positions]  # "": removed since

    rows = page_cache.kept_each("console:entry", [_digest(facts) for _pk, _legal, facts in shown],
                                render_missing)  # fmt: skip
    return [mark_safe(html) for html in rows]  # rendered escaped


def _digest(shown: Any) -> str:
    return hashlib.blake2b(repr(shown).encode(), digest_size=16).hexdigest()


def _settings_fields(tournament: Tournament) -> SafeString:
    """The fields of the event's settings form, kept while the event's row is the same
    (they show nothing else): the same for every director."""
    return mark_safe(page_cache.fragment(tournament, "console:settings", lambda: render_to_string(
        "tournaments/_tournament_form_fields.html", {"form": TournamentForm(instance=tournament)}),
        row_only=True))
