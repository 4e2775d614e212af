"""Notifications migration 0003: sentences stored before notifications were kept as a
message and its values are recognised (in English and in the reader's language) and
become a message and values, shown afterwards in whatever language the reader reads;
a sentence it does not recognise keeps its text; going back writes the sentences again.

Marked ``postgres``: `make test` runs it on SQLite and again on PostgreSQL.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from notifications.messages import render
from notifications.models import Notification
from tests.factories import UserFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

BEFORE = [("notifications", "0002_notification_message_params")]
AFTER = [("notifications", "0003_sentences_to_messages")]


def _migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor


OLD_ROWS = [  # (language, kind, title, body) as the old code stored them
    ("en", "result_to_confirm", "Bella I. entered a result for you to confirm",
     "Aram P. 0–3 Bella I.. Confirm it, or dispute it if it is wrong."),
    ("ru", "pairing", "Ваш матч в турнире Кубок Арбата готов",
     None),  # the body is written below, in the row's language
    ("en", "forfeit", "You won a match of Test Open by walkover",
     "Main, round 2 against E4: opponent did not come to the table in time."),
    ("en", "dispute", "Ruling on dispute 7: upheld: the complaint is right",
     "Official result: 1–7. Note: —"),
    ("en", "result", "Result confirmed: Aram P. 3–1 Bella I.", ""),
    ("en", "result_to_confirm", "A director entered a result for you to confirm",
     "Aram P. 1–0 Bella I.. Confirm it, or dispute it if it is wrong."),
    ("en", "pairing", "Something the club's old code said", "Not one of the messages."),
    ("en", "result", "A director set the result: Aram P. 1–7 Bella I.",
     "Reason: Ruling on dispute 7: Счёт был 7–5"),  # the reason a ruling stored in English
]


def test_old_sentences_become_messages_and_the_rest_keep_their_text() -> None:
    user = UserFactory()
    try:
        executor = _migrate(BEFORE)
        old = executor.loader.project_state(BEFORE).apps.get_model("notifications", "Notification")
        ids = []
        for number, (language, kind, title, body) in enumerate(OLD_ROWS):
            if body is None:
                body = ("Основная, тур 1: вы играете с Bella I. за столом 3, матч до 5 очков "
                        "(контроль времени: —).")
            ids.append(old.objects.create(user_id=user.pk, kind=kind, title=title, body=body,
                                          key=f"old:{number}", language=language).pk)

        _migrate(AFTER)

        rows = [Notification.objects.get(pk=pk) for pk in ids]
        confirm, pairing, walkover, ruling, confirmed, by_director, unknown, set_by_ruling = rows
        assert (confirm.message, confirm.params) == (
            "result_to_confirm", {"who": "Bella I.", "score": "Aram P. 0–3 Bella I."})
        assert (confirm.title, confirm.body) == ("", "")
        assert render(confirm, "en") == (
            "Bella I. entered a result for you to confirm",
            "Confirm the result Aram P. 0–3 Bella I., or dispute it if it is wrong.")
        assert "Подтвердите результат Aram P. 0–3 Bella I." in render(confirm, "ru")[1]

        assert pairing.message == "pairing_ready"
        assert pairing.params == {"event": "Кубок Арбата", "flight": "main", "round": 1,
                                  "opponent": "Bella I.", "table": "3", "length": 5,
                                  "time_control": None}
        # a round stored as a number, before rounds were named: "Round n"
        assert render(pairing, "en")[0] == "Round 1: your match in Кубок Арбата is ready"

        assert walkover.message == "walkover_won"
        assert walkover.params["reason"] == "no_show" and walkover.params["flight"] == "main"
        assert ruling.message == "dispute_ruled_score"
        assert ruling.params == {"number": 7, "ruling": "upheld", "score": "1–7", "note": None}
        assert (confirmed.message, confirmed.params) == (
            "result_confirmed", {"score": "Aram P. 3–1 Bella I."})
        assert by_director.params["who"] is None
        assert render(by_director, "en")[0] == "A director entered a result for you to confirm"

        assert unknown.message == ""  # not recognised: kept as it was
        assert render(unknown, "ru") == ("Something the club's old code said",
                                         "Not one of the messages.")

        assert (set_by_ruling.message, set_by_ruling.params) == (
            "result_ruled", {"score": "Aram P. 1–7 Bella I.", "number": 7, "note": "Счёт был 7–5"})

        _migrate(BEFORE)  # back: sentences again, in each row's language
        back = {row.pk: row for row in old.objects.filter(pk__in=ids)}
        assert back[ids[2]].title == "You won a match of Test Open by walkover"
        assert back[ids[1]].title == "Ваш матч в турнире Кубок Арбата готов"
        assert back[ids[6]].title == "Something the club's old code said"
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_a_match_stored_with_a_placeholder_becomes_its_sides() -> None:
    """Migration 0004: «to be decided» stored in whatever language caused the message is
    said in the reader's; a match of two known players and a club's name stay as they are."""
    user = UserFactory()
    before, after = [("notifications", "0003_sentences_to_messages")], [
        ("notifications", "0004_match_as_sides")]
    stored = ["Сергей С. – to be decided", "определится позже – Bella I.",
              "Aram P. – Bella I.", "Клуб на Арбате"]
    try:
        executor = _migrate(before)
        old = executor.loader.project_state(before).apps.get_model("notifications", "Notification")
        ids = [old.objects.create(
            user_id=user.pk, kind="dispute", message="dispute_opened", key=f"match:{n}",
            language="en", params={"number": n, "what": "result", "match": match}).pk
            for n, match in enumerate(stored)]

        _migrate(after)

        rows = [Notification.objects.get(pk=pk) for pk in ids]
        assert [row.params["match"] for row in rows] == [
            ["Сергей С.", None], [None, "Bella I."], "Aram P. – Bella I.", "Клуб на Арбате"]
        assert render(rows[0], "ru")[1].endswith("Матч: Сергей С. – определится позже")
        assert render(rows[1], "en")[1].endswith("Match: to be decided – Bella I.")
        assert render(rows[3], "ru")[1].endswith("Матч: Клуб на Арбате")

        _migrate(before)  # back: text in each row's language
        assert old.objects.get(pk=ids[1]).params["match"] == "to be decided – Bella I."
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
