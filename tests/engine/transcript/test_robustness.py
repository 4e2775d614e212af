"""Damaged transcripts never crash the reader or the replay: the reader raises
TranscriptError (exit 2) or the replay reports errors (exit 1)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import TranscriptError
from engine.replay import replay
from engine.transcript import read_transcript
from tests.engine.transcript.shared import DATA, MATCHES

SOURCES = [
    (MATCHES / "m05-3pt.mat").read_text(),
    (DATA / "nardy-cube-crawford.mat").read_text(),
]
PIECES = [
    "",
    " ",
    "\n",
    "0",
    "25",
    "/",
    "*",
    "(2)",
    "bar",
    "off",
    "Doubles => 2",
    "Takes",
    "Drops",
    "Wins 2 points",
    " Game 3",
    "66:",
    "13/7",
    "\u00e9",
    "Draw",
    "99)",
    ":",
]


def damaged(text: str, seed: int, edits: int) -> str:
    rng = random.Random(seed)
    lines = text.splitlines(keepends=True)
    for _ in range(edits):
        kind = rng.randrange(4)
        index = rng.randrange(len(lines))
        if kind == 0 and len(lines) > 1:
            del lines[index]
        elif kind == 1:
            lines.insert(index, rng.choice(lines))
        else:
            line = lines[index]
            at = rng.randrange(len(line) + 1)
            cut = rng.randrange(4) if kind == 2 else 0
            lines[index] = line[:at] + rng.choice(PIECES) + line[at + cut :]
    return "".join(lines)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 6), st.sampled_from([0, 1]))
def test_damaged_files_give_errors_not_crashes(seed: int, edits: int, source: int) -> None:
    text = damaged(SOURCES[source], seed, edits)
    try:
        record = read_transcript(text.encode("utf-8"))
    except TranscriptError as error:
        assert error.message
        return
    verdict = replay(record).to_json()
    assert verdict["valid"] == (verdict["errors"] == [])
    for error in verdict["errors"]:
        assert error["reason"]


def test_a_claim_that_puts_both_sides_on_one_point_is_not_fetched() -> None:
    """The replay fetches the legal plays of a game's moves in one batch, carrying out
    each play as written; a play onto a closed point (here after a move out of turn)
    makes a board that is no position, and the moves after it are judged one by one
    instead of crashing the batch (found by fuzzing)."""
    text = (
        " 1 point match\n\n Game 1\n A : 0                          B : 0\n"
        "  1)                             62: 24/18 13/11\n"
        "  2)                             51: 6/1 6/5\n"
        "  3) 31: 8/5 6/5\n"
    )
    errors = replay(read_transcript(text)).to_json()["errors"]
    assert [(e["game"], e["turn"], e["player"]) for e in errors] == [(1, 2, "B")]
    assert "A's turn" in errors[0]["reason"]
