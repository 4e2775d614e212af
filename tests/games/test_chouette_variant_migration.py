"""Chouette migration 0006: a table stored with the old spelling of long nardy
("long_nardy") reads back as "nardy", the one spelling of the engine, the matches and the
API; the block-rule constraint follows, and going back restores the old spelling.

Marked ``postgres``: `make test` runs it on SQLite and again on PostgreSQL.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from chouette import core
from chouette.models import ChouetteSession
from clubs.models import Club
from tests.factories import ClubFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

BEFORE = [("chouette", "0005_session_block_rule")]
AFTER = [("chouette", "0006_variant_spelled_nardy")]


def _migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor


def test_old_rows_read_back_as_nardy_and_the_constraint_follows() -> None:
    try:
        executor = _migrate(BEFORE)
        old = executor.loader.project_state(BEFORE).apps
        club = ClubFactory(slug="old-club")  # the clubs app is today's: only chouette went back
        session_model = old.get_model("chouette", "ChouetteSession")
        nardy = session_model.objects.create(club_id=club.pk, variant="long_nardy", block_rule="home")
        backgammon = session_model.objects.create(club_id=club.pk, variant="backgammon")

        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

        stored = ChouetteSession.objects.get(pk=nardy.pk)
        assert (stored.variant, stored.block_rule) == ("nardy", "home")
        assert stored.get_variant_display() == "Long nardy"
        assert stored.table_settings().variant is core.Variant.NARDY
        assert ChouetteSession.objects.get(pk=backgammon.pk).variant == "backgammon"
        assert not ChouetteSession.objects.filter(variant="long_nardy").exists()
        # The renamed constraint holds for the new spelling: no block rule outside long nardy.
        with pytest.raises(IntegrityError), transaction.atomic():
            ChouetteSession.objects.filter(pk=backgammon.pk).update(block_rule="home")

        _migrate(BEFORE)
        assert old.get_model("chouette", "ChouetteSession").objects.get(pk=nardy.pk).variant == (
            "long_nardy"
        )
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    assert ChouetteSession.objects.get(pk=nardy.pk).variant == "nardy"
    assert Club.objects.filter(slug="old-club").exists()
