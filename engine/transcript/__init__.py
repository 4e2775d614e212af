"""Match transcripts: the `.mat` text layout and the project's JSON match record.

``read_transcript`` takes either form (a JSON record starts with ``{``) and returns a
:class:`MatchRecord`; ``write_mat`` and ``dumps`` write the two forms back.
"""

from __future__ import annotations

from os import PathLike

from engine.errors import TranscriptError
from engine.transcript.mat_read import decode, read_mat
from engine.transcript.mat_write import write_mat
from engine.transcript.model import Action, GameRecord, MatchRecord
from engine.transcript.record import dumps, loads, record_from_data, record_to_data
from engine.transcript.sgf_read import looks_like_sgf, read_sgf

__all__ = [
    "Action",
    "GameRecord",
    "MatchRecord",
    "TranscriptError",
    "dumps",
    "loads",
    "read_mat",
    "read_path",
    "read_sgf",
    "read_transcript",
    "record_from_data",
    "record_to_data",
    "write_mat",
]


def read_transcript(data: bytes | str, variant: str | None = None) -> MatchRecord:
    """A match record from the bytes or text of a `.mat` file, GNU Backgammon's `.sgf`
    match file or a JSON record."""
    text = decode(data)
    if text.lstrip().startswith("{"):
        return loads(text, variant)
    if looks_like_sgf(text):
        return read_sgf(text, variant)
    return read_mat(text, variant)


def read_path(path: str | PathLike[str], variant: str | None = None) -> MatchRecord:
    """Read a transcript file; an unreadable file raises TranscriptError too."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise TranscriptError(
            "cannot_read", f"The file {str(path)!r} cannot be read: {error.strerror}."
        ) from None
    return read_transcript(data, variant)
