"""Rules engine for short backgammon and long nardy (plain Python + numba, no Django).

The public API (engine-contract.md) is importable from here; names are loaded on first
use so that ``import engine.errors`` stays light.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

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
