"""Session events as plain JSON-ready data, for a JSONField or an API payload.

``event_from_data(event_to_data(e)) == e`` for every event. Data that does not describe an
event raises ChouetteError("bad_record") naming the field; the rules themselves are
checked later, when the event is replayed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, TypeVar

from chouette.core.errors import ChouetteError
from chouette.core.values import (
    Answer,
    BoardResult,
    Double,
    GameRecord,
    Join,
    Leave,
    LineUp,
    Merge,
    ResultKind,
    SessionEvent,
    Side,
    Split,
)

E = TypeVar("E", bound=StrEnum)


def event_to_data(event: SessionEvent) -> dict[str, Any]:
    if isinstance(event, Join):
        data: dict[str, Any] = {"type": "join", "player": event.player}
        if event.during_game:
            data["during_game"] = True
        return data
    if isinstance(event, Leave):
        return {"type": "leave", "player": event.player}
    if isinstance(event, Split):
        return {"type": "split", "player": event.player, "movers": list(event.movers)}
    if isinstance(event, Merge):
        return {"type": "merge", "players": list(event.players)}
    result = event.result
    data = {
        "type": "game",
        "box": event.lineup.box,
        "team": list(event.lineup.team),
        "doubles": [
            {"by": d.by.value, "answers": [[member, a.value] for member, a in d.answers]}
            for d in event.doubles
        ],
        "result": None
        if result is None
        else {"winner": result.winner.value, "kind": result.kind.value},
        "automatic_doubles": event.automatic_doubles,
        "declared_cubes": [[member, value] for member, value in event.declared_cubes],
    }
    if event.lineup.partner is not None:
        data["partner"] = event.lineup.partner
    if event.declared_points:
        data["declared_points"] = [[player, points] for player, points in event.declared_points]
    return data


def event_from_data(data: Mapping[str, Any]) -> SessionEvent:
    kind = _field(data, "type", str)
    if kind == "join":
        during_game = data.get("during_game", False)
        if not isinstance(during_game, bool):
            raise ChouetteError("bad_record", field="during_game", value=during_game)
        return Join(_field(data, "player", object), during_game)
    if kind == "leave":
        return Leave(_field(data, "player", object))
    if kind == "split":
        return Split(_field(data, "player", object), tuple(_field(data, "movers", list)))
    if kind == "merge":
        return Merge(tuple(_field(data, "players", list)))
    if kind != "game":
        raise ChouetteError("bad_record", field="type", value=kind)
    lineup = LineUp(
        _field(data, "box", object), tuple(_field(data, "team", list)), data.get("partner")
    )
    doubles = tuple(_double(item) for item in _field(data, "doubles", list))
    raw_result = data.get("result")
    result = None
    if raw_result is not None:
        if not isinstance(raw_result, Mapping):
            raise ChouetteError("bad_record", field="result", value=raw_result)
        result = BoardResult(
            _enum(Side, raw_result, "winner"), _enum(ResultKind, raw_result, "kind")
        )
    declared = tuple(_pair(item, "declared_cubes") for item in data.get("declared_cubes", []))
    points = tuple(_pair(item, "declared_points") for item in data.get("declared_points", []))
    automatic = data.get("automatic_doubles", 0)
    if not isinstance(automatic, int) or isinstance(automatic, bool):
        raise ChouetteError("bad_record", field="automatic_doubles", value=automatic)
    return GameRecord(lineup, doubles, result, automatic, declared, points)


def _double(data: Any) -> Double:
    if not isinstance(data, Mapping):
        raise ChouetteError("bad_record", field="doubles", value=data)
    answers = []
    for item in _field(data, "answers", list):
        member, answer = _pair(item, "answers")
        answers.append((member, _parse(Answer, answer, "answers")))
    return Double(_enum(Side, data, "by"), tuple(answers))


def _pair(item: Any, field: str) -> tuple[Any, Any]:
    if not isinstance(item, (list, tuple)) or len(item) != 2:
        raise ChouetteError("bad_record", field=field, value=item)
    return item[0], item[1]


def _field(data: Mapping[str, Any], name: str, kind: type) -> Any:
    if name not in data or not isinstance(data[name], kind):
        raise ChouetteError("bad_record", field=name, value=data.get(name))
    return data[name]


def _enum(enum: Callable[[str], E], data: Mapping[str, Any], name: str) -> E:
    return _parse(enum, _field(data, name, str), name)


def _parse(enum: Callable[[str], E], value: Any, field: str) -> E:
    try:
        return enum(value)
    except ValueError:
        raise ChouetteError("bad_record", field=field, value=value) from None
