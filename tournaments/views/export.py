"""CSV exports of a tournament's results and standings."""

from __future__ import annotations

from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.utils.text import slugify
from django.utils.translation import gettext as _

from common.csv_export import SafeWriter
from tournaments.models import Flight, Pairing, Tournament
from tournaments.selectors import tournaments as selectors
from tournaments.views.support import visible_tournament


def _csv(tournament: Tournament, what: str) -> tuple[HttpResponse, SafeWriter]:
    """The response and a writer whose cells cannot start a spreadsheet formula."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = f"{slugify(tournament.name) or 'tournament'}-{what}.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response, SafeWriter(response)


def results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """One row per pairing: flight, group, round, match, players, score, winner, state."""
    tournament = visible_tournament(request, pk)
    response, writer = _csv(tournament, "results")
    writer.writerow([_("Flight"), _("Group"), _("Round"), _("Match"), _("Player 1"), _("Player 2"),
                     _("Score 1"), _("Score 2"), _("Length"), _("Winner"), _("State")])
    for p in selectors.pairings_of(tournament):
        decided = p.state == Pairing.State.DECIDED and p.match is not None
        writer.writerow([
            Flight(p.flight).label, p.group or "", p.round, p.number,
            p.top.player.display_name if p.top else "",
            p.bottom.player.display_name if p.bottom else "",
            p.match.score1 if decided else "", p.match.score2 if decided else "",
            p.match.length if p.match else "",
            p.winner.player.display_name if p.winner_id and p.winner else "",
            p.get_state_display(),
        ])
    return response


def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings of every group (or the finishing places of a knockout)."""
    tournament = visible_tournament(request, pk)
    response, writer = _csv(tournament, "standings")
    if not tournament.event_format.table_flight:
        writer.writerow([_("Place"), _("Player"), _("Seed")])
        placed_first = (F("place_first").asc(nulls_last=True), F("seed").asc(nulls_last=True), "pk")
        for entry in selectors.entries_of(tournament).order_by(*placed_first):
            place = "" if entry.place_first is None else (
                str(entry.place_first) if entry.place_first == entry.place_last
                else f"{entry.place_first}-{entry.place_last}")
            writer.writerow([place, entry.player.display_name, entry.seed or ""])
        return response
    flight = tournament.event_format.table_flight or Flight.GROUP
    keys = list(selectors.standings_order(tournament))
    writer.writerow([_("Group"), _("Place"), _("Player"),
                     *[selectors.tiebreak_text(k)[1] for k in keys],
                     _("Penalty points"), _("Withdrew")])
    for table in selectors.crosstables(tournament, flight=flight):
        if table.standings is None:
            continue
        names = {e.pk: e.player.display_name for e in table.entries}
        for row in table.standings.rows:
            place = "" if row.withdrawn else f"{row.place}{'=' if row.shared else ''}"
            writer.writerow([table.group, place, names[row.player],
                             *[row.values.get(k, "") for k in keys],
                             row.penalty or "", _("yes") if row.withdrawn else ""])
    return response
