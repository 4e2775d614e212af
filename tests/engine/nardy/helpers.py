"""Small test helpers written from the documents, independent of the engine.

* Position IDs per match-play.md section 7 (bit string, LSB-first bytes, base64).
* Plays written as in rules-long-nardy.md section 10 (``24/18(2) 16/5 6/off``) applied
  to a board: only each checker's start and end matter for the resulting position.
"""

from __future__ import annotations

import base64
import re

import numpy as np


def decode(pid: str) -> np.ndarray:
    raw = base64.b64decode(pid + "==")[:10]
    bits = [(raw[k // 8] >> (k % 8)) & 1 for k in range(80)]
    board = np.zeros((2, 25), dtype=np.int8)
    slot = count = 0
    for bit in bits:
        if slot == 50:
            break
        if bit:
            count += 1
        else:
            board[slot // 25, slot % 25] = count
            slot += 1
            count = 0
    return board


def encode(board: np.ndarray) -> str:
    bits: list[int] = []
    for side in (0, 1):
        for index in range(25):
            bits += [1] * int(board[side, index]) + [0]
    bits += [0] * (80 - len(bits))
    raw = bytes(sum(bits[8 * b + k] << k for k in range(8)) for b in range(10))
    return base64.b64encode(raw).decode()[:14]


_TOKEN = re.compile(r"^(\d+)((?:/(?:\d+|off))+)(?:\((\d)\))?$")


def play(pid: str, notation: str) -> str:
    """The Position ID after the written play (the mover stays in row 1)."""
    board = decode(pid)
    for token in notation.split():
        match = _TOKEN.match(token)
        assert match, f"cannot read {token!r}"
        start = int(match.group(1))
        end_text = match.group(2).split("/")[-1]
        end = 0 if end_text == "off" else int(end_text)
        for _ in range(int(match.group(3) or 1)):
            board[1, start - 1] -= 1
            if end:
                board[1, end - 1] += 1
    assert (board >= 0).all(), f"{notation} moves a checker that is not there"
    return encode(board)
