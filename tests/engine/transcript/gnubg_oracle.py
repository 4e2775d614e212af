"""GNU Backgammon as the oracle of the tests: what it makes of a `.mat` file.

``gnubg_import(path)`` imports the file into GNU Backgammon (the PyPI ``gnubg`` package)
in a subprocess of its own (``set threads 1`` first, as the package needs) and returns
the warnings it printed and its match record, simplified to plain JSON:
``{"info": {...}, "games": [{"info": {...}, "actions": [...]}]}``, each action
``{"action": "move"|"double"|"take"|"drop"|"resign"|..., "player": "X"|"O",
"dice": [d1, d2], "move": [[src, dst], ...]}``; ``X`` is the left column.

``same_as_gnubg(record, imported)`` lists where GNU Backgammon's record differs from the
engine's replay of ``record``: every play (compared by the position it leads to), every
cube action, each game's winner, points and starting score.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np

MARK = "@@gnubg@@"
WARNING_WORDS = ("warning", "garbage", "illegal", "invalid", "error", "failed")


def gnubg_available() -> bool:
    try:
        import gnubg  # noqa: F401
    except ImportError:
        return False
    return True


def gnubg_import(path: str | Path, timeout: int = 300) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, __file__, str(path)], capture_output=True, text=True,
        errors="replace", timeout=timeout, check=False,
    )
    out = done.stdout
    if MARK not in out:
        return {"warnings": [out[-500:], done.stderr[-500:]], "match": None}
    printed, answer = out.split(MARK, 1)
    warnings = [line.strip() for line in (printed + done.stderr).splitlines()
                if any(word in line.lower() for word in WARNING_WORDS)]
    return {"warnings": warnings, "match": json.loads(answer)}


def _import(path: str) -> None:
    import gnubg

    gnubg.command("set threads 1")
    gnubg.command("set display off")
    gnubg.command(f'import mat "{path}"')
    record = gnubg.match(analysis=False, boards=False, statistics=False, verbose=False)
    games = []
    for game in (record or {}).get("games", []):
        actions = []
        for action in game["game"]:
            kept = {key: action[key] for key in ("action", "player", "dice", "move")
                    if key in action}
            actions.append(kept)
        games.append({"info": game["info"], "actions": actions})
    info = (record or {}).get("match-info", {})
    print(MARK + json.dumps({"info": info, "games": games}, default=list))


SIDES = {"X": 0, "O": 1}
CUBE_ACTIONS = {"double": "double", "take": "take", "drop": "drop"}


def _engine_actions(record: Any, game: Any, variant: Any, rules: Any) -> list[tuple[Any, ...]]:
    """(player, kind, dice, board after) of the game's moves and cube actions."""
    from engine.transcript.model import DOUBLE, DROP, MOVE, TAKE
    from engine.transcript.moves import check_move

    board, on_roll = variant.start_board(), None
    out: list[tuple[Any, ...]] = []
    for action in game.actions:
        if action.kind == MOVE:
            if on_roll is not None and on_roll != action.player:
                board = np.ascontiguousarray(board[::-1])
            on_roll = action.player
            result = check_move(variant, board, action.dice, action.play, rules)
            if result.board is None and not action.play:
                continue  # the roller resigned instead of playing: no move in the record
            assert result.board is not None, (game.number, action)
            board = result.board
            out.append((action.player, "move", tuple(sorted(action.dice)), board.tobytes()))
        elif action.kind in (DOUBLE, TAKE, DROP):
            out.append((action.player, action.kind, None, None))
    return out


def _gnubg_actions(game: dict[str, Any], variant: Any) -> list[tuple[Any, ...]]:
    board, on_roll = variant.start_board(), None
    out: list[tuple[Any, ...]] = []
    for action in game["actions"]:
        kind, player = action["action"], SIDES.get(action.get("player", ""))
        if kind == "move":
            if on_roll is not None and on_roll != player:
                board = np.ascontiguousarray(board[::-1])
            on_roll = player
            for src, dst in action["move"]:
                board = variant.apply_step(board, src, dst)
            out.append((player, "move", tuple(sorted(action["dice"])), board.tobytes()))
        elif kind in CUBE_ACTIONS:
            out.append((player, CUBE_ACTIONS[kind], None, None))
    return out


def same_as_gnubg(record: Any, imported: dict[str, Any], results: bool = True) -> list[str]:
    """Where GNU Backgammon's import of a file differs from the engine's ``record``;
    ``results=False`` compares the plays and cube actions only (GNU Backgammon's import
    values a resignation written with a capped ``Wins`` otherwise than its verdicts)."""
    from engine.replay import replay, variant_rules_for
    from engine.variants import get_variant

    match = imported["match"]
    if match is None:
        return ["GNU Backgammon imported nothing"]
    verdict = replay(record)
    rules = variant_rules_for(record)
    variant = get_variant(record.variant, rules)
    problems: list[str] = []
    names = [match["info"].get("X", {}).get("name"), match["info"].get("O", {}).get("name")]
    if names != list(record.players):
        problems.append(f"players {names} != {list(record.players)}")
    if match["info"].get("match-length", 0) != record.match_length:
        problems.append(f"length {match['info'].get('match-length')} != {record.match_length}")
    counted = {game.number: game for game in verdict.games}
    if len(match["games"]) != len(record.games):
        problems.append(f"{len(match['games'])} games != {len(record.games)}")
    score = [0, 0]
    for game, theirs in zip(record.games, match["games"], strict=False):
        ours = _engine_actions(record, game, variant, rules)
        their_actions = _gnubg_actions(theirs, variant)
        if ours != their_actions:
            at = next((i for i, (a, b) in enumerate(zip(ours, their_actions)) if a != b),
                      min(len(ours), len(their_actions)))
            problems.append(f"game {game.number}: action {at + 1} differs")
        info = theirs["info"]
        if not results:
            continue
        if [info.get("score-X"), info.get("score-O")] != score:
            problems.append(f"game {game.number}: starts at {[info.get('score-X'), info.get('score-O')]}"
                            f" in GNU Backgammon, {score} here")
        judged = counted.get(game.number)
        if judged is None:
            continue
        winner = SIDES.get(info.get("winner", ""))
        if (winner, info.get("points-won")) != (record.players.index(judged.winner), judged.points):
            problems.append(f"game {game.number}: GNU Backgammon has {winner} winning "
                            f"{info.get('points-won')}, here {judged.winner} {judged.points}")
        score[record.players.index(judged.winner)] += judged.points
    return problems


if __name__ == "__main__":
    _import(sys.argv[1])
