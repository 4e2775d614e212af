"""GNU Backgammon's move generator behind the ``python -m engine moves`` contract.

The reference for ``benchmarks/moves_cli.py``: the same JSON Lines in and out
(engine-contract.md), with every step that matters done by GNU Backgammon's C code from
the ``gnubg_nn`` package: decoding the Position ID (``board_from_position_id``), finding
the plays (``moves``, one per distinct resulting position, with the steps of one way to
play it) and encoding the resulting Position IDs (``position_id``). Only what gnubg_nn
does not offer is Python: reading the request, writing the canonical notation
(rules-backgammon.md section 10.2: moves from the highest point, one checker's steps
joined, ``*`` on hits, ``(n)`` repeats) and the answer line.

Like the engine's command it reads whatever standard input holds, answers those lines
and flushes, so it serves a client that waits for each answer as well as a pipe.

    .venv/bin/python benchmarks/gnubg_moves.py < requests.jsonl
"""

from __future__ import annotations

import json
import os
import sys

import gnubg_nn

_NAMES = ["off", *(str(point) for point in range(1, 25)), "bar"]


def notation(before: list[list[int]], steps: tuple[tuple[int, int], ...]) -> str:
    """The canonical text of a play given as single steps (25 = bar, 0 = off)."""
    if not steps:
        return ""
    theirs = list(before[0])
    hits = []
    for _src, dst in steps:  # a stop on a single opposing checker hits it
        hit = dst != 0 and theirs[24 - dst] == 1
        if hit:
            theirs[24 - dst] = 0
        hits.append(hit)
    chains: list[list[tuple[int, bool]]] = []
    for k in sorted(range(len(steps)), key=steps.__getitem__, reverse=True):
        src, dst = steps[k]
        for chain in chains:
            if chain[-1][0] == src and src != 0:
                chain.append((dst, hits[k]))
                break
        else:
            chains.append([(src, False), (dst, hits[k])])
    counts: dict[str, int] = {}
    for chain in chains:
        parts = [_NAMES[chain[0][0]]]
        for i, (point, hit) in enumerate(chain[1:], start=1):
            if hit:
                parts.append(_NAMES[point] + "*")
            elif i == len(chain) - 1:
                parts.append(_NAMES[point])
        text = "/".join(parts)
        counts[text] = counts.get(text, 0) + 1
    return " ".join(text if n == 1 else f"{text}({n})" for text, n in counts.items())


def answer(line: bytes) -> dict:
    try:
        request = json.loads(line)
    except ValueError as error:
        return {"id": None, "error": f"the line is not valid JSON ({error})"}
    if not isinstance(request, dict):
        return {"id": None, "error": "a request is a JSON object {id, position, dice}"}
    ident, pid, dice = request.get("id"), request.get("position"), request.get("dice")
    if not (isinstance(dice, list) and len(dice) == 2
            and all(type(d) is int and 1 <= d <= 6 for d in dice)):
        return {"id": ident, "error": "dice must be a list of two integers from 1 to 6"}
    if not isinstance(pid, str) or len(pid) != 14:
        return {"id": ident, "error": "position must be a Position ID"}
    try:
        board = gnubg_nn.board_from_position_id(pid)
    except Exception as error:  # noqa: BLE001 - gnubg_nn's own complaint
        return {"id": ident, "error": str(error)}
    moves = []
    for key, steps in gnubg_nn.moves(board, dice[0], dice[1], 1):
        after = [list(side) for side in gnubg_nn.boardfromkey(key)]
        moves.append({"play": notation(board, steps), "position": gnubg_nn.position_id(after)})
    return {"id": ident, "moves": moves}


def main() -> int:
    read, write = sys.stdin.buffer.read1, sys.stdout.buffer
    pending = b""
    while True:
        data = read(1 << 16)
        if not data:
            lines = [pending] if pending else []
        else:
            pending += data
            cut = pending.rfind(b"\n") + 1
            lines, pending = pending[:cut].splitlines(), pending[cut:]
        if lines:
            write.write("".join(json.dumps(answer(line)) + "\n" for line in lines).encode())
            write.flush()
        if not data:
            return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    raise SystemExit(main())
