"""GNU Backgammon Position ID and Match ID (match-play.md sections 7 and 8).

Both are base64 renderings of a bit string packed least-significant bit first.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

import numpy as np

from engine.errors import PositionError

_BASE64_CHARS = re.compile(r"^[A-Za-z0-9+/]*$")
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _b64_to_bytes(text: str, length: int, nbytes: int, kind: str) -> bytes:
    if not isinstance(text, str):
        raise PositionError(f"bad_{kind}", f"A {_KIND_NAME[kind]} is text, not {type(text).__name__}.")
    if len(text) != length:
        raise PositionError(
            f"bad_{kind}",
            f"A {_KIND_NAME[kind]} has {length} characters; {_short(text)} has {len(text)}.",
        )
    if not _BASE64_CHARS.fullmatch(text):
        bad = next(ch for ch in text if ch not in _ALPHABET)
        raise PositionError(
            f"bad_{kind}",
            f"The {_KIND_NAME[kind]} {text!r} contains {bad!r}, which is not a base64 character.",
        )
    padded = text + "=" * (-len(text) % 4)
    try:
        raw = base64.b64decode(padded, validate=True)
    except (binascii.Error, ValueError):  # pragma: no cover - guarded by the regex above
        raise PositionError(f"bad_{kind}", f"The {_KIND_NAME[kind]} {text!r} is not base64.") from None
    unused_bits = (6 * length) - 8 * nbytes
    if unused_bits and _ALPHABET.index(text[-1]) & ((1 << unused_bits) - 1):
        raise PositionError(
            f"bad_{kind}", f"The {_KIND_NAME[kind]} {text!r} has bits set past its end."
        )
    return raw[:nbytes]


def _short(text: str, limit: int = 40) -> str:
    """``repr`` of ``text``, cut short when it is long."""
    return repr(text) if len(text) <= limit else repr(text[: limit - 3]) + "..."


_KIND_NAME = {"position_id": "Position ID", "match_id": "Match ID"}


_RUNS = ["0" + "1" * count for count in range(128)]  # one point's bits, written backwards


def position_key(board: np.ndarray) -> int:
    """The 80-bit key of a 2 x 25 board as an int (bit k = bit k of the string)."""
    counts = board.reshape(50).tolist()
    counts.reverse()
    return int("".join([_RUNS[count] for count in counts]), 2)


def encode_position_id(board: np.ndarray) -> str:
    """The 14-character Position ID of a 2 x 25 board (board[0] not on roll)."""
    raw = position_key(board).to_bytes(10, "little")
    return base64.b64encode(raw)[:14].decode("ascii")


_BIT_INDEX = np.arange(80)


def encode_position_ids(boards: np.ndarray) -> list[str]:
    """The Position IDs of many boards (n, 2, 25) at once; the same as
    ``encode_position_id`` board by board."""
    count = boards.shape[0]
    if count == 0:
        return []
    counts = boards.reshape(count, 50).astype(np.int64)
    zeros = np.cumsum(counts + 1, axis=1) - 1  # where each point's run of ones ends
    bits = _BIT_INDEX < zeros[:, -1:]
    bits[np.arange(count)[:, None], zeros] = False
    raw = np.zeros((count, 12), dtype=np.uint8)  # 12 bytes: whole base64 groups
    raw[:, :10] = np.packbits(bits, axis=1, bitorder="little")
    text = base64.b64encode(raw.tobytes()).decode("ascii")
    return [text[at : at + 14] for at in range(0, 16 * count, 16)]


def decode_position_id(pid: str, variant: str = "backgammon") -> np.ndarray:
    """The 2 x 25 int8 board of a Position ID; PositionError if malformed.

    The shared-point check below uses backgammon's facing points (my p = their 25 - p);
    for long nardy (my p = their p + 12) the variant's ``validate`` makes that check.
    """
    raw = _b64_to_bytes(pid, 14, 10, "position_id")
    # bit k of the key is character k of ``bits``: runs of ones, each closed by a zero
    runs = format(int.from_bytes(raw, "little"), "080b")[::-1].split("0")
    counts = []
    for slot in range(50):
        if slot >= len(runs) - 1:
            raise PositionError(
                "bad_position_id",
                f"The Position ID {pid!r} holds more checkers than 30 and cannot be read.",
            )
        count = len(runs[slot])
        if count > 15:
            raise PositionError(
                "too_many_checkers",
                f"The Position ID {pid!r} puts {count} checkers on one point; a side has 15.",
            )
        counts.append(count)
    if any(runs[50:]):
        raise PositionError(
            "bad_position_id", f"The Position ID {pid!r} has bits set after the last point."
        )
    for side, name in ((1, "on roll"), (0, "not on roll")):
        total = sum(counts[25 * side : 25 * side + 25])
        if total > 15:
            raise PositionError(
                "too_many_checkers",
                f"The Position ID {pid!r} gives the side {name} {total} checkers; "
                "a side has 15.",
            )
    if variant == "backgammon":
        for index in range(24):  # my point index + 1 faces their point 24 - index
            if counts[25 + index] and counts[23 - index]:
                raise PositionError(
                    "point_shared",
                    f"The Position ID {pid!r} puts checkers of both sides on the same point "
                    f"(point {index + 1} of the side on roll).",
                )
    return np.array(counts, dtype=np.int8).reshape(2, 25)


# --- Match ID ------------------------------------------------------------------------

GAME_STATES = ("no_game", "playing", "over", "resigned", "dropped")
RESIGNATIONS = ("none", "single", "gammon", "backgammon")


@dataclass(frozen=True)
class MatchKey:
    """Every field of a GNU Backgammon Match ID (match-play.md section 8.1).

    ``cube_owner`` is 0 or 1 for a player, None when the cube is centred. ``dice`` is
    (0, 0) before the roll. ``jacoby`` is True only for a money game played with the
    Jacoby rule; the encoder writes bit 66 as ``not jacoby``.
    """

    cube_value: int = 1
    cube_owner: int | None = None
    player_on_roll: int = 0
    crawford: bool = False
    game_state: int = 1
    turn: int = 0
    doubled: bool = False
    resignation: int = 0
    dice: tuple[int, int] = (0, 0)
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False

    def __post_init__(self) -> None:
        value = self.cube_value
        if value < 1 or value & (value - 1) or value > 1 << 15:
            raise PositionError("bad_match_id", f"A cube value is a power of two up to 32768, not {value}.")
        if self.cube_owner not in (None, 0, 1):
            raise PositionError("bad_match_id", "The cube owner is player 0, player 1 or nobody.")
        if self.player_on_roll not in (0, 1) or self.turn not in (0, 1):
            raise PositionError("bad_match_id", "The player on roll and to act is 0 or 1.")
        if not 0 <= self.game_state < len(GAME_STATES):
            raise PositionError("bad_match_id", f"Game state {self.game_state} is not one of 0..4.")
        if not 0 <= self.resignation < len(RESIGNATIONS):
            raise PositionError("bad_match_id", f"Resignation {self.resignation} is not one of 0..3.")
        d1, d2 = self.dice
        if not (0 <= d1 <= 6 and 0 <= d2 <= 6) or (d1 == 0) != (d2 == 0):
            raise PositionError("bad_match_id", f"The dice {d1}-{d2} are not a roll.")
        for number in (self.match_length, *self.score):
            if not 0 <= number < 1 << 15:
                raise PositionError("bad_match_id", f"{number} does not fit a Match ID field (0..32767).")


# (first bit, width) of every field
_FIELDS = {
    "cube": (0, 4),
    "owner": (4, 2),
    "on_roll": (6, 1),
    "crawford": (7, 1),
    "state": (8, 3),
    "turn": (11, 1),
    "doubled": (12, 1),
    "resign": (13, 2),
    "die1": (15, 3),
    "die2": (18, 3),
    "length": (21, 15),
    "score0": (36, 15),
    "score1": (51, 15),
    "no_jacoby": (66, 1),
}


def encode_match_id(key: MatchKey) -> str:
    """The 12-character Match ID of a MatchKey."""
    values = {
        "cube": key.cube_value.bit_length() - 1,
        "owner": 3 if key.cube_owner is None else key.cube_owner,
        "on_roll": key.player_on_roll,
        "crawford": int(key.crawford),
        "state": key.game_state,
        "turn": key.turn,
        "doubled": int(key.doubled),
        "resign": key.resignation,
        "die1": key.dice[0],
        "die2": key.dice[1],
        "length": key.match_length,
        "score0": key.score[0],
        "score1": key.score[1],
        "no_jacoby": int(not key.jacoby),
    }
    bits = 0
    for name, (first, _width) in _FIELDS.items():
        bits |= values[name] << first
    return base64.b64encode(bits.to_bytes(9, "little")).decode("ascii")


def decode_match_id(mid: str) -> MatchKey:
    """The MatchKey of a Match ID; PositionError (code bad_match_id) if malformed."""
    raw = _b64_to_bytes(mid, 12, 9, "match_id")
    bits = int.from_bytes(raw, "little")
    if bits >> 67:
        raise PositionError("bad_match_id", f"The Match ID {mid!r} has bits set after bit 66.")
    field = {name: (bits >> first) & ((1 << width) - 1) for name, (first, width) in _FIELDS.items()}
    if field["owner"] == 2:
        raise PositionError("bad_match_id", f"The Match ID {mid!r} gives the cube to a third player.")
    if field["state"] >= len(GAME_STATES):
        raise PositionError("bad_match_id", f"The Match ID {mid!r} has an unknown game state.")
    return MatchKey(
        cube_value=1 << field["cube"],
        cube_owner=None if field["owner"] == 3 else field["owner"],
        player_on_roll=field["on_roll"],
        crawford=bool(field["crawford"]),
        game_state=field["state"],
        turn=field["turn"],
        doubled=bool(field["doubled"]),
        resignation=field["resign"],
        dice=(field["die1"], field["die2"]),
        match_length=field["length"],
        score=(field["score0"], field["score1"]),
        # Matches never use the Jacoby rule, so bit 66 only matters in money play.
        jacoby=field["length"] == 0 and not field["no_jacoby"],
    )
