"""The API's pairing, written out by hand for speed (``PairingSerializer.to_representation``),
answers exactly what DRF's field-by-field walk of the same declared fields answers: for a
bye, a waiting pairing, a ready match with its table and forfeit time, a decided one, a
walkover, in a list and alone, in English and in Russian."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from rest_framework import serializers

from tests.tournaments.tournament_helpers import director_of, make_event, pairing, play
from tournaments import services
from tournaments.models import Pairing, Walkover
from tournaments.selectors.tournaments import event_pairings
from tournaments.serializers import PairingSerializer

pytestmark = pytest.mark.django_db


def field_by_field(pairings: list[Pairing]) -> list[dict]:
    serializer = PairingSerializer()
    return [dict(serializers.ModelSerializer.to_representation(serializer, p)) for p in pairings]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_pairing_answers_what_its_declared_fields_answer(language: str) -> None:
    event = make_event(6, consolation="first_match_losers", forfeit_minutes=15)  # byes: 6 in 8
    services.make_draw(tournament=event, actor=director_of(event))
    first = pairing(event, "main", 1, 2)
    play(first.match)  # decided
    second = pairing(event, "main", 1, 3)
    services.award_walkover(pairing=second, winner=second.top, actor=director_of(event),
                            reason=Walkover.ABSENT)
    with translation.override(language):
        listed = event_pairings(event)
        states = {p.state for p in listed}
        assert {"bye", "waiting", "ready", "decided"} <= states, states
        assert any(p.walkover for p in listed) and any(p.forfeit_at for p in listed)
        assert list(PairingSerializer(listed, many=True).data) == field_by_field(listed)
        alone = Pairing.objects.get(pk=first.pk)  # nothing read ahead: read as it is asked
        assert PairingSerializer(alone).data == field_by_field([Pairing.objects.get(pk=first.pk)])[0]


def test_the_pairings_the_api_reads_answer_without_another_query() -> None:
    """The draw's answer reads the pairings with the columns it shows (``API_PAIRING_FIELDS``):
    answering them asks the database nothing more (no column left out and read row by row)."""
    event = make_event(6, consolation="first_match_losers", forfeit_minutes=15)
    services.make_draw(tournament=event, actor=director_of(event))
    play(pairing(event, "main", 1, 2).match)
    listed = event_pairings(event)
    with CaptureQueriesContext(connection) as queries:
        answered = list(PairingSerializer(listed, many=True).data)
    assert len(queries) == 0, [q["sql"] for q in queries]
    assert answered == field_by_field(listed)
    assert any(p["match"] and p["match"]["winner"] for p in answered)
