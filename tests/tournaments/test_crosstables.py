"""The round-robin crosstable shows a finished match's score capped at the match length."""

from __future__ import annotations

import pytest

from games import services as games_services
from tests.tournaments.tournament_helpers import director_of, make_event
from tournaments import services
from tournaments.models import Tournament
from tournaments.selectors import tournaments as selectors

pytestmark = pytest.mark.django_db


def test_a_score_above_the_match_length_shows_as_the_length() -> None:
    event = make_event(4, format=Tournament.Format.ROUND_ROBIN)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    match = event.pairings.filter(match__isnull=False).order_by("round", "number").first().match
    games_services.enter_game(
        match=match, by=director, winner=1, result="gammon", cube=2, cube_owner=2
    )  # 4 points in a 3-point match
    games_services.confirm_result(result=match.results.get(), by=director)
    match.refresh_from_db()
    assert (match.score1, match.score2) == (4, 0)
    (table,) = selectors.crosstables(event)
    texts = {cell.text for row in table.rows for cell in row.cells if cell.text}
    assert texts == {"3–0", "0–3"}
