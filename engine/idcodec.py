"""Position IDs in compiled code: the codec of ``engine.ids`` for batch paths.

``decode_into`` reads 14 bytes of base64 text into a 2 x 25 board and says whether they
are the Position ID of a position that can occur in the variant, accepting exactly what
``engine.ids.decode_position_id`` followed by ``engine.board.validate`` accepts (the
Python functions remain the ones that explain a refusal). ``encode_into`` writes the
14 characters of a board's Position ID (match-play.md section 7).
"""

from __future__ import annotations

import numpy as np
from numba import njit

ALPHABET = np.frombuffer(
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", dtype=np.uint8
).copy()
# the 6-bit value of each byte, -1 for a byte that is not a base64 character
VALUES = np.full(256, -1, dtype=np.int8)
VALUES[ALPHABET] = np.arange(64, dtype=np.int8)


@njit(cache=True)
def decode_into(text, start, board, nardy):  # pragma: no cover - compiled
    """Decode ``text[start:start + 14]`` (uint8) into ``board`` (int8 (2, 25)).

    True when it is the Position ID of a position that can occur: base64, no bit set
    past the 80 bits of the key, 50 runs of at most 15 checkers, at most 15 checkers a
    side, no point held by both sides (facing points of the variant), and for long
    nardy no checker on the bar and nothing borne off while checkers are outside home.
    """
    key = np.zeros(10, np.uint8)
    acc = 0
    nbits = 0
    out = 0
    for k in range(14):
        value = VALUES[text[start + k]]
        if value < 0:
            return False
        acc = (acc << 6) | value
        nbits += 6
        if nbits >= 8:
            nbits -= 8
            if out < 10:
                key[out] = (acc >> nbits) & 0xFF
            out += 1
            acc &= (1 << nbits) - 1
    if acc != 0:  # the last character's four unused bits
        return False
    slot = 0
    count = 0
    for k in range(80):
        if slot == 50:
            if (key[k >> 3] >> (k & 7)) & 1:
                return False  # a bit set after the last point
            continue
        if (key[k >> 3] >> (k & 7)) & 1:
            count += 1
            if count > 15:
                return False
        else:
            board[slot // 25, slot % 25] = count
            slot += 1
            count = 0
    if slot < 50:
        return False
    for side in range(2):
        total = 0
        outside = 0
        for i in range(25):
            total += board[side, i]
            if 6 <= i < 24:
                outside += board[side, i]
        if total > 15:
            return False
        if nardy and (board[side, 24] != 0 or total < 15 and outside > 0):
            return False
    for i in range(24):
        if board[1, i] > 0:
            facing = (i + 12) % 24 if nardy else 23 - i
            if board[0, facing] > 0:
                return False
    return True


@njit(cache=True)
def encode_into(board, out, at):  # pragma: no cover - compiled
    """Write the 14 characters of ``board``'s Position ID into ``out[at:at + 14]``
    (a board of at most 30 checkers).

    The key is all one-bits up to the zero-bit that closes the last point, less those
    fifty zero-bits: the one closing point k is bit (checkers on points 0..k) + k. It
    is held as two words (bits 0-63 and 64-79), then read as ten bytes, least
    significant first, and every three bytes make four base64 characters."""
    low = np.int64(0)  # the zero-bits, then the key: bits 0..63
    high = np.int64(0)  # bits 64..79
    position = np.int64(-1)
    for side in range(2):
        for i in range(25):
            position += np.int64(board[side, i]) + 1
            if position < 64:
                low |= np.int64(1) << position
            else:
                high |= np.int64(1) << (position - 64)
    # every bit up to the last zero-bit set, then the zero-bits cleared
    if position < 64:
        low = (((np.int64(1) << position) - 1) | (np.int64(1) << position)) ^ low
        high = 0
    else:
        high = (((np.int64(1) << (position - 64)) - 1)
                | (np.int64(1) << (position - 64))) ^ high
        low = ~low
    end = at
    for group in range(3):  # bytes 0-8
        word = np.int64(0)
        for b in range(3):
            index = 3 * group + b
            byte = (low >> (8 * index)) & 0xFF if index < 8 else high & 0xFF
            word = (word << 8) | byte
        for c in range(4):
            out[end + c] = ALPHABET[(word >> (18 - 6 * c)) & 63]
        end += 4
    last = (high >> 8) & 0xFF  # byte 9
    out[end] = ALPHABET[last >> 2]
    out[end + 1] = ALPHABET[(last & 3) << 4]
    return at + 14
