import io

import pytest

from clubs import demo as clubs_demo
from tournaments import demo
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db


def test_demo_has_a_running_knockout_with_three_flights_and_a_round_robin() -> None:
    clubs_demo.populate(io.StringIO())  # the demo club and its players
    demo.populate(io.StringIO())
    made = Tournament.objects.count()
    demo.populate(io.StringIO())  # idempotent
    assert Tournament.objects.count() == made
    knockout = Tournament.objects.get(name=demo.KNOCKOUT_NAME)
    assert knockout.status == "running"
    flights = set(knockout.pairings.filter(state=Pairing.State.DECIDED).values_list("flight", flat=True))
    assert flights == {"main", "consolation", "last_chance"}
    round_robin = Tournament.objects.get(name=demo.ROUND_ROBIN_NAME)
    assert round_robin.variant == "nardy"
    assert round_robin.pairings.filter(state=Pairing.State.DECIDED).count() >= 10
    # also a Swiss event split into two divisions and a round robin with a play-off
    assert Tournament.objects.filter(parent__isnull=False).count() == 2
