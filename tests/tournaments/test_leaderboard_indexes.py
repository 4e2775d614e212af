"""The rating tables keep no index a composite one already gives: a lookup by player is
served by the indexes that begin with the player, so a single-column one only costs
writes (two rating rows per rated match)."""

from __future__ import annotations

import pytest
from django.db import connection

from leaderboard.models import PlayerRating, RatingChange

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", [RatingChange, PlayerRating])
def test_lookups_by_player_use_a_composite_index_and_no_single_column_one(model: type) -> None:
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, model._meta.db_table)
    indexed = [info["columns"] for info in constraints.values()
               if (info["index"] or info["unique"]) and info["columns"]]
    assert ["player_id"] not in indexed, indexed
    assert any(columns[0] == "player_id" and len(columns) > 1 for columns in indexed), indexed
