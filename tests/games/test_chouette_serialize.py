"""Session events to JSON-ready data and back."""

from __future__ import annotations

import json

import pytest

from chouette.core import (
    Answer,
    BoardResult,
    ChouetteError,
    Double,
    GameRecord,
    Join,
    Leave,
    LineUp,
    Merge,
    ResultKind,
    Side,
    Split,
    event_from_data,
    event_to_data,
)

RECORD = GameRecord(
    LineUp("Ann", ("Ben", "Cal", "Dee")),
    (
        Double(Side.BOX, (("Ben", Answer.DROP), ("Cal", Answer.TAKE))),
        Double(Side.TEAM, (("Cal", Answer.BEAVER),)),
    ),
    BoardResult(Side.TEAM, ResultKind.GAMMON),
    automatic_doubles=1,
    declared_cubes=(("Cal", 16),),
)


@pytest.mark.parametrize(
    "event",
    [
        RECORD,
        GameRecord(LineUp(1, (2, 3))),
        GameRecord(
            LineUp(1, (2, 4, 5, 6), partner=3),
            result=BoardResult(Side.BOX),
            declared_points=((1, 2), (3, 2), (2, -1), (4, -1), (5, -1), (6, -1)),
        ),
        Join("Eve"),
        Join("Eve", during_game=True),
        Leave(7),
        Split(8, (5, 6)),
        Merge((9, 10, 11)),
    ],
    ids=[
        "game",
        "game-with-int-ids",
        "game-with-partner",
        "join",
        "join-during-game",
        "leave",
        "split",
        "merge",
    ],
)
def test_round_trip_through_json(event) -> None:
    data = json.loads(json.dumps(event_to_data(event)))
    assert event_from_data(data) == event


def test_game_data_reads_as_the_table_says_it() -> None:
    data = event_to_data(RECORD)
    assert data["box"] == "Ann"
    assert data["doubles"][0] == {"by": "box", "answers": [["Ben", "drop"], ["Cal", "take"]]}
    assert data["result"] == {"winner": "team", "kind": "gammon"}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"type": "rematch"}, "type"),
        ({"team": "Ben"}, "team"),
        ({"doubles": [{"by": "captain", "answers": []}]}, "by"),
        ({"doubles": [{"by": "box", "answers": [["Ben", "pass"]]}]}, "answers"),
        ({"doubles": [{"by": "box", "answers": [["Ben"]]}]}, "answers"),
        ({"doubles": ["box"]}, "doubles"),
        ({"result": {"winner": "team", "kind": "mars?"}}, "kind"),
        ({"result": "team"}, "result"),
        ({"automatic_doubles": "1"}, "automatic_doubles"),
        ({"declared_cubes": [["Cal"]]}, "declared_cubes"),
        ({"declared_points": [["Cal", 1, 2]]}, "declared_points"),
        ({"type": "split", "player": "Eve"}, "movers"),
        ({"type": "merge", "players": "Eve"}, "players"),
        ({"type": "join", "player": "Eve", "during_game": "yes"}, "during_game"),
    ],
)
def test_malformed_data_names_the_field(change, field) -> None:
    data = {**event_to_data(RECORD), **change}
    with pytest.raises(ChouetteError) as error:
        event_from_data(data)
    assert error.value.code == "bad_record"
    assert error.value.params["field"] == field
