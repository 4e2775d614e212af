"""Rules engine for short backgammon and long nardy (plain Python + numba, no Django).

The public API (engine-contract.md) is importable from here; names are loaded on first
use so that ``import engine.errors`` stays light.

Layers, each importing only from those below it (checked by the ``engine-layers``
import-linter contract in pyproject.toml):

* command line: ``__main__``, ``warm``, ``cli``, ``check_cli``, ``moves_stream``
* transcripts and replay: ``replay``, ``transcript``
* plays and notation: ``verdicts``, ``plays``, ``batch``, ``notation``, ``playtext``
  (a play is written from the position before it and the steps of it)
* the rules of each variant: ``variants`` (the registry) over ``backgammon``, ``nardy``,
  and the match rules ``match``, ``outcomes``
* boards, positions and IDs: ``position``, ``board``, ``ids``, ``idcodec``, ``errors``

The variant is spelled ``"backgammon"`` or ``"nardy"`` (long nardy) everywhere in the
engine, as in engine-contract.md.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from importlib import import_module
from pathlib import Path
from typing import Any


def _numba_cache_dir() -> None:
    """Keep the compiled kernels numba caches on disk in a folder named after the
    sources of every engine module that uses numba.

    numba checks only the file a cached function is defined in, so a kernel that calls
    code from another module (the moves command's, the batch generators) would keep
    running the old code after that module changed. A folder per version of the
    compiled sources gives a fresh cache whenever any of them changes. It lives in
    ``engine/__pycache__`` (created when missing; older versions' folders are removed);
    when that is not writable, or NUMBA_CACHE_DIR is set, numba's own choice stands.
    """
    if "NUMBA_CACHE_DIR" in os.environ:
        return
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    try:
        for path in sorted(here.rglob("*.py")):
            source = path.read_bytes()
            uses_numba = b"from numba import" in source or b"import numba" in source
            if uses_numba and path.name != "__init__.py":
                digest.update(path.relative_to(here).as_posix().encode() + b"\0" + source)
        folder = here / "__pycache__" / f"numba-{digest.hexdigest()[:16]}"
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    if not os.access(folder, os.W_OK | os.X_OK):
        return
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    for old in folder.parent.glob("numba-*"):
        if old != folder:
            shutil.rmtree(old, ignore_errors=True)


_numba_cache_dir()

_EXPORTS = {
    "EngineError": "engine.errors",
    "PositionError": "engine.errors",
    "DiceError": "engine.errors",
    "NotationError": "engine.errors",
    "TranscriptError": "engine.errors",
    "Position": "engine.position",
    "Play": "engine.plays",
    "PlaySet": "engine.plays",
    "legal_plays": "engine.plays",
    "Verdict": "engine.verdicts",
    "check_play": "engine.verdicts",
    "get_variant": "engine.variants",
    "MatchKey": "engine.ids",
    "encode_position_id": "engine.ids",
    "decode_position_id": "engine.ids",
    "encode_match_id": "engine.ids",
    "decode_match_id": "engine.ids",
    "format_steps": "engine.notation",
    "parse_notation": "engine.notation",
    "batch_generate": "engine.batch",
    "replay": "engine.replay",
    "MatchVerdict": "engine.replay",
}

__all__ = [*_EXPORTS]  # noqa: PLE0604


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value
