"""The project's JSON match record (schema version 1).

```
{"format": "nardy-match", "version": 1,
 "variant": "backgammon" | "nardy", "match_length": 7, "players": ["Alice", "Bob"],
 "rules": {"crawford": true, "holland": false, "jacoby": false, "beavers": false,
           "cube": true, "koks": false, "last_roll": false, "draw_points": 0.5,
           "cube_limit": null},
 "options": {"BlockRule": "Home"},            variant options, optional
 "tags": {"Event": "Club Night"},             free header tags, optional
 "games": [{"number": 1, "score": [0, 0],     score before the game; optional
            "actions": [
              {"turn": 1, "player": 1, "action": "move", "dice": [3, 1], "play": "8/5 6/5"},
              {"turn": 2, "player": 0, "action": "double", "cube": 2},
              {"turn": 2, "player": 1, "action": "take"},
              {"turn": 3, "player": 1, "action": "drop"},
              {"turn": 4, "player": 1, "action": "beaver", "cube": 4},   money only
              {"turn": 5, "player": 0, "action": "raccoon", "cube": 8},  money only
              {"turn": 3, "player": 0, "action": "win", "points": 2},
              {"turn": 40, "player": 0, "action": "draw"}]}]}
```

``player`` is 0 or 1 (the order of ``players``, the columns of a `.mat` file). ``turn``
is optional: when every action of a game leaves it out, the numbers a `.mat` file would
show are filled in. A ``win`` ends the game; it stands for a resignation as well when
nobody has finished. ``rules`` may name only the options that differ from the
variant's defaults. Errors name the place in the document (``games[2].actions[5]``).
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, fields
from typing import Any

from engine.errors import EngineError, TranscriptError
from engine.match import MatchRules
from engine.transcript.header import OPTION_VALUES
from engine.transcript.layout import numbered
from engine.transcript.model import (
    ACTION_KINDS,
    BEAVER,
    DOUBLE,
    DRAW,
    MOVE,
    RACCOON,
    VARIANTS,
    WIN,
    Action,
    GameRecord,
    MatchRecord,
)

FORMAT = "nardy-match"
VERSION = 1
RULE_FIELDS = tuple(
    item.name for item in fields(MatchRules) if item.name not in ("length", "variant")
)
LARGEST = 10**9  # points, cube values, move numbers and scores are smaller
MAX_LENGTH = 32767  # the largest match length a GNU Match ID can hold (match-play.md §8)
RECORD_FIELDS = frozenset(
    {"format", "version", "variant", "match_length", "players", "rules", "options", "tags", "games"}
)
GAME_FIELDS = frozenset({"number", "score", "actions"})
ACTION_FIELDS = {
    MOVE: frozenset({"turn", "player", "action", "dice", "play"}),
    DOUBLE: frozenset({"turn", "player", "action", "cube"}),
    BEAVER: frozenset({"turn", "player", "action", "cube"}),
    RACCOON: frozenset({"turn", "player", "action", "cube"}),
    WIN: frozenset({"turn", "player", "action", "points"}),
}
OTHER_ACTION_FIELDS = frozenset({"turn", "player", "action"})


def record_to_data(record: MatchRecord) -> dict[str, Any]:
    """The JSON-ready dict of a record."""
    rules = asdict(record.rules)
    return {
        "format": FORMAT,
        "version": VERSION,
        "variant": record.variant,
        "match_length": record.match_length,
        "players": list(record.players),
        "rules": {name: rules[name] for name in RULE_FIELDS},
        "options": dict(record.options),
        "tags": dict(record.tags),
        "games": [
            {
                "number": game.number,
                "score": list(game.score) if game.score is not None else None,
                "actions": [_action_to_data(action) for action in game.actions],
            }
            for game in record.games
        ],
    }


def _action_to_data(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"turn": action.turn, "player": action.player, "action": action.kind}
    if action.kind == MOVE:
        assert action.dice is not None
        data["dice"] = list(action.dice)
        data["play"] = action.play
    elif action.kind in (DOUBLE, BEAVER, RACCOON):
        data["cube"] = action.value
    elif action.kind == WIN:
        data["points"] = action.value
    return data


def dumps(record: MatchRecord) -> str:
    """The record as JSON text, one action a line."""
    data = record_to_data(record)
    games = data.pop("games")
    head = json.dumps(data, ensure_ascii=False)[:-1]

    def game_text(game: dict[str, Any]) -> str:
        actions = ",\n    ".join(
            json.dumps(action, ensure_ascii=False) for action in game["actions"]
        )
        score = json.dumps(game["score"])
        return f'  {{"number": {game["number"]}, "score": {score}, "actions": [\n    {actions}]}}'

    return head + ', "games": [\n' + ",\n".join(game_text(game) for game in games) + "]}\n"


def _fail(where: str, expected: str, found: object) -> TranscriptError:
    return TranscriptError(
        "bad_record", f"{where}: expected {expected}, found {json.dumps(found)[:60]}.", where=where
    )


def _get(data: Any, key: str, where: str, kind: type | tuple[type, ...], expected: str) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise TranscriptError("bad_record", f"{where}: the field {key!r} is missing.", where=where)
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise _fail(f"{where}.{key}", expected, value)
    return value


def _no_other_fields(data: dict[str, Any], allowed: frozenset[str], where: str) -> None:
    unknown = sorted(str(key) for key in data if key not in allowed)
    if unknown:
        raise TranscriptError(
            "bad_record",
            f"{where}: unknown field {unknown[0]!r}; the fields are {', '.join(sorted(allowed))}.",
            where=where,
        )


def _number(value: Any) -> bool:
    """A finite JSON number (not true/false) of at most nine digits before the point."""
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and (isinstance(value, int) or math.isfinite(value))
        and abs(value) < LARGEST
    )


def _action(data: Any, where: str, has_turn: bool) -> Action:
    if not isinstance(data, dict):
        raise _fail(where, "an action (an object)", data)
    kind = _get(data, "action", where, str, "an action name")
    if kind not in ACTION_KINDS:
        raise _fail(f"{where}.action", "one of " + ", ".join(ACTION_KINDS), kind)
    _no_other_fields(data, ACTION_FIELDS.get(kind, OTHER_ACTION_FIELDS), where)
    if kind == DRAW and "player" not in data:
        player = 0  # a draw belongs to nobody; the .mat layout writes it on the left
    else:
        player = _get(data, "player", where, int, "player 0 or 1")
    if player not in (0, 1):
        raise _fail(f"{where}.player", "player 0 or 1", player)
    turn = _get(data, "turn", where, int, "a move number") if has_turn else 0
    if not 0 <= turn < LARGEST:
        raise _fail(f"{where}.turn", "a move number", turn)
    if kind == MOVE:
        dice = _get(data, "dice", where, list, "two dice")
        if len(dice) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
            raise _fail(f"{where}.dice", "two dice from 1 to 6", dice)
        play = data.get("play", "")
        if not isinstance(play, str):
            raise _fail(f"{where}.play", "the play as text", play)
        return Action(MOVE, player, turn, (dice[0], dice[1]), " ".join(play.split()))
    if kind in (DOUBLE, BEAVER, RACCOON):
        cube = _get(data, "cube", where, int, "the cube value offered")
        if not 0 < cube < LARGEST:
            raise _fail(f"{where}.cube", "the cube value offered", cube)
        return Action(kind, player, turn, value=cube)
    if kind == WIN:
        points = _get(data, "points", where, (int, float), "the points won")
        if not _number(points):
            raise _fail(f"{where}.points", "the points won (a number)", points)
        return Action(WIN, player, turn, value=points)
    return Action(kind, player, turn)


def _game(data: Any, where: str, number: int) -> GameRecord:
    if not isinstance(data, dict):
        raise _fail(where, "a game (an object)", data)
    _no_other_fields(data, GAME_FIELDS, where)
    if _get(data, "number", where, int, "the game number") != number:
        raise _fail(f"{where}.number", f"game number {number}", data["number"])
    score = data.get("score")
    if score is not None:
        if (
            not isinstance(score, list)
            or len(score) != 2
            or not all(_number(s) and s >= 0 for s in score)
        ):
            raise _fail(f"{where}.score", "the score before the game as two numbers", score)
        score = (score[0], score[1])
    items = _get(data, "actions", where, list, "a list of actions")
    has_turn = any(isinstance(item, dict) and "turn" in item for item in items)
    actions = tuple(
        _action(item, f"{where}.actions[{index}]", has_turn) for index, item in enumerate(items)
    )
    if not has_turn:
        actions = numbered(actions)
    return GameRecord(number, score, actions)


def record_from_data(data: Any, variant: str | None = None) -> MatchRecord:
    """A record from the parsed JSON; ``variant`` must agree with the record's."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TranscriptError(
            "bad_record", f'A JSON match record has "format": "{FORMAT}"; this one does not.'
        )
    _no_other_fields(data, RECORD_FIELDS, "record")
    if data.get("version") != VERSION:
        raise _fail("version", f"version {VERSION}", data.get("version"))
    named = _get(data, "variant", "record", str, "the variant")
    if named not in VARIANTS:
        raise TranscriptError("unknown_variant", f"There is no variant {named!r}.", where="variant")
    if variant is not None and variant != named:
        raise TranscriptError(
            "variant_mismatch", f"The record is for {named}, not {variant}.", where="variant"
        )
    length = _get(data, "match_length", "record", int, "the match length")
    if not 0 <= length <= MAX_LENGTH:
        raise _fail(
            "match_length", f"a match length from 0 (money session) to {MAX_LENGTH}", length
        )
    players = _get(data, "players", "record", list, "two player names")
    if len(players) != 2 or not all(isinstance(name, str) and name.strip() for name in players):
        raise _fail("players", "two player names", players)
    rule_data = data.get("rules") or {}
    if not isinstance(rule_data, dict) or set(rule_data) - set(RULE_FIELDS):
        raise _fail("rules", "options among " + ", ".join(RULE_FIELDS), rule_data)
    for name, value in rule_data.items():
        if name == "draw_points":
            good = _number(value)
        elif name == "cube_limit":
            good = value is None or isinstance(value, int) and not isinstance(value, bool)
        else:
            good = isinstance(value, bool)
        if not good:
            kind = {"draw_points": "0.5 or 1", "cube_limit": "a power of two or null"}
            raise _fail(f"rules.{name}", kind.get(name, "true or false"), value)
    try:
        rules = MatchRules.for_variant(named, length, **rule_data)
    except (EngineError, TypeError) as error:
        raise TranscriptError("bad_record", f"rules: {error}", where="rules") from None
    games = _get(data, "games", "record", list, "a list of games")
    options = data.get("options") or {}
    tags = data.get("tags") or {}
    for name, table in (("options", options), ("tags", tags)):
        if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
            raise _fail(name, "a table of text values", table)
    for name, value in options.items():
        allowed = OPTION_VALUES.get(name)
        if allowed is None:
            raise _fail("options", "options among " + ", ".join(OPTION_VALUES), name)
        if value.strip().lower() not in allowed:
            raise _fail(f"options.{name}", "one of " + ", ".join(sorted(allowed)), value)
    return MatchRecord(
        named,
        length,
        (players[0], players[1]),
        tuple(_game(game, f"games[{index}]", index + 1) for index, game in enumerate(games)),
        rules,
        tuple(tags.items()),
        tuple(options.items()),
    )


def _no_constant(name: str) -> Any:
    raise TranscriptError(
        "bad_json", f"The JSON match record cannot be read: {name} is not a JSON number."
    )


def loads(text: str | bytes, variant: str | None = None) -> MatchRecord:
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        line = getattr(error, "lineno", None)
        raise TranscriptError(
            "bad_json", f"The JSON match record cannot be read: {error}.", line=line
        ) from None
    except ValueError as error:  # e.g. an integer of more than 4300 digits
        raise TranscriptError(
            "bad_json", f"The JSON match record cannot be read: {error}."
        ) from None
    except RecursionError:
        raise TranscriptError(
            "bad_json", "The JSON match record cannot be read: it is nested too deeply."
        ) from None
    return record_from_data(data, variant)
