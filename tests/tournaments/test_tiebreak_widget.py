"""The tiebreak order's selects: the slots left empty do not stop the browser's submit."""

from __future__ import annotations

import re

import pytest

from clubs.models import Club
from tournaments.forms.tournament import TournamentForm

pytestmark = pytest.mark.django_db


def test_empty_tiebreak_slots_are_not_required_in_the_browser() -> None:
    form = TournamentForm(clubs=Club.objects.all(), format_key="round_robin")
    html = str(form["tiebreak_order"])
    selects = re.findall(r"<select[^>]*>", html)
    assert len(selects) > 4
    assert not any("required" in select for select in selects)
    assert form.fields["tiebreak_order"].required  # still checked on the server
