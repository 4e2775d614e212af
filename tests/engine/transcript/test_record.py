"""The JSON match record (engine/transcript/record.py): schema, round trips, errors."""

from __future__ import annotations

import json

import pytest

from engine.errors import TranscriptError
from engine.transcript import dumps, loads, read_mat, read_transcript
from tests.engine.transcript.shared import match_files


@pytest.mark.parametrize("path", match_files()[::5], ids=lambda path: path.name)
def test_json_round_trip(path) -> None:
    record = read_mat(path.read_text())
    text = dumps(record)
    assert loads(text) == record
    assert read_transcript(text.encode()) == record
    data = json.loads(text)
    assert data["format"] == "nardy-match" and data["version"] == 1
    assert data["players"] == list(record.players)


def test_turn_numbers_are_filled_in_when_left_out() -> None:
    record = read_mat(match_files()[0].read_text())
    data = json.loads(dumps(record))
    for game in data["games"]:
        for action in game["actions"]:
            del action["turn"]
    assert loads(json.dumps(data)) == record


def _minimal(**changes: object) -> str:
    data = {
        "format": "nardy-match",
        "version": 1,
        "variant": "backgammon",
        "match_length": 3,
        "players": ["Alice", "Bob"],
        "rules": {},
        "games": [
            {
                "number": 1,
                "score": [0, 0],
                "actions": [{"player": 0, "action": "move", "dice": [3, 1], "play": "8/5 6/5"}],
            }
        ],
    }
    data.update(changes)
    return json.dumps(data)


def test_minimal_record_uses_defaults() -> None:
    record = loads(_minimal())
    assert record.rules.crawford and record.games[0].actions[0].turn == 1
    nardy = loads(_minimal(variant="nardy"))
    assert not nardy.rules.cube


@pytest.mark.parametrize(
    ("text", "code", "where"),
    [
        ("{not json", "bad_json", None),
        ('{"format": "other"}', "bad_record", None),
        (_minimal(version=2), "bad_record", "version"),
        (_minimal(variant="chess"), "unknown_variant", "variant"),
        (_minimal(players=["Alice"]), "bad_record", "players"),
        (_minimal(rules={"jacoby": True}), "bad_record", "rules"),
        (_minimal(rules={"colour": "red"}), "bad_record", "rules"),
        (_minimal(games=[{"number": 2, "actions": []}]), "bad_record", "games[0].number"),
        (
            _minimal(
                games=[{"number": 1, "actions": [{"player": 0, "action": "move", "dice": [7, 1]}]}]
            ),
            "bad_record",
            "games[0].actions[0].dice",
        ),
        (
            _minimal(games=[{"number": 1, "actions": [{"player": 2, "action": "take"}]}]),
            "bad_record",
            "games[0].actions[0].player",
        ),
        (
            _minimal(games=[{"number": 1, "actions": [{"player": 0, "action": "jump"}]}]),
            "bad_record",
            "games[0].actions[0].action",
        ),
        (
            _minimal(games=[{"number": 1, "actions": [{"player": 0, "action": "win"}]}]),
            "bad_record",
            "games[0].actions[0]",
        ),
    ],
)
def test_bad_records(text: str, code: str, where: str | None) -> None:
    with pytest.raises(TranscriptError) as raised:
        loads(text)
    assert raised.value.code == code
    assert raised.value.where == where
