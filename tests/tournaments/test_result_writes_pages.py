"""A result's writes drop the event's kept pages, also where nothing of the draw moves:
the match's row is written without ``post_save`` (``games.services.results``), and the
event's receiver of ``result_confirmed`` drops the event's version itself."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from games import services as games_services
from tests.tournaments.test_live_etags import drawn, poll, ready
from tests.tournaments.tournament_helpers import director_of
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db


def test_a_corrected_score_with_the_same_winner_is_not_served_from_the_kept_bracket() -> None:
    event = drawn(4, format=Tournament.Format.KNOCKOUT)
    pairing = ready(event)
    match = pairing.match
    result = games_services.enter_final_score(match=match, by=match.player1.user,
                                              score1=Decimal(match.length), score2=Decimal(1))
    games_services.confirm_result(result=result, by=match.player2.user)
    url = reverse("tournaments:bracket", args=[event.pk])
    client = Client()
    kept = poll(client, url)
    assert kept.status_code == 200 and poll(client, url, kept["ETag"]).status_code == 304

    # the same winner, another score: the bracket does not move, the score it shows does
    games_services.override_result(match=match, by=director_of(event), score1=Decimal(match.length),
                                   score2=Decimal(0), reason="the loser had no point")
    pairing.refresh_from_db()
    assert pairing.state == Pairing.State.DECIDED and pairing.winner.player_id == match.player1_id
    fresh = poll(client, url, kept["ETag"])
    assert fresh.status_code == 200 and fresh["ETag"] != kept["ETag"]
    assert fresh.content != kept.content
