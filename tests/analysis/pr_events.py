"""A round robin of the shared GNU Backgammon files' players, its matches played and
analysed for real: the standings' PR tests and the browser test build it."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

from games.services import upload_transcript
from games.services.transcripts import check_transcript
from tests.analysis.conftest import analyse
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.tournaments.tournament_helpers import play
from tournaments import services
from tournaments.models import Tournament

FILES = {frozenset({"Alice", "Bob"}): ("m07-5pt.mat", "Bob"),
         frozenset({"Ann Lee", "Bob"}): ("m08-5pt.mat", "Bob")}
NOT_ANALYSED = (frozenset({"Alice", "Ann Lee"}), "Alice")


def pr_event(folder: Path, capture: Any, *, before_play: Any = None,
             **options: Any) -> tuple[Tournament, dict[tuple[str, str], Any]]:
    """Bob beats Alice and Ann Lee (both matches analysed at 0-ply), Alice beats Ann Lee
    (no transcript). ``before_play(club)`` runs once the club exists. Returns the event
    and each player's PR per match: {(player, opponent): PR}."""
    director = UserFactory()
    club = ClubFactory(directors=[director])
    if before_play is not None:
        before_play(club)
    fields = {"name": "PR Cup", "starts_on": datetime.date(2026, 11, 21), "variant": "backgammon",
              "format": Tournament.Format.ROUND_ROBIN, "match_lengths": {"group": [5]},
              "tiebreaks": ["wins", "average_pr", "head_to_head"], **options}
    event = services.create_tournament(club=club, actor=director, **fields)
    players = {name: PlayerFactory(name=name, display_name=name) for name in ("Alice", "Bob", "Ann Lee")}
    for player in players.values():
        services.add_entry(tournament=event, player=player, actor=director)
    services.make_draw(tournament=event, actor=director)
    prs = {}
    for _round in range(3):
        for pairing in event.pairings.filter(match__isnull=False).select_related(
                "match__player1", "match__player2"):
            match = pairing.match
            if match.status == "finished" or match.results.exists():
                continue
            names = frozenset({match.player1.display_name, match.player2.display_name})
            file_name, winner = FILES.get(names, (None, NOT_ANALYSED[1]))
            play(match, 1 if match.player1.display_name == winner else 2, by=director)
            if file_name is None:
                continue
            text = (folder / file_name).read_text()
            transcript = upload_transcript(match=match, by=director, data=text,
                                           file_name=file_name, queue=False)
            check_transcript(transcript.pk)
            transcript.refresh_from_db()
            analysis = analyse(transcript, capture, 0)
            first, second = match.player1.display_name, match.player2.display_name
            prs[(first, second)], prs[(second, first)] = analysis.pr1, analysis.pr2
        event.refresh_from_db()
        if event.status == Tournament.Status.FINISHED:
            break
        if event.pairings.filter(match__isnull=False, winner__isnull=True).count() == 0:
            services.next_stage(tournament=event, actor=director)
    assert len(prs) == 4 and all(pr is not None for pr in prs.values())
    return event, prs


