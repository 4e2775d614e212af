"""The answer of a match check: exactly the JSON object of ``python -m engine check``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.match import Points


@dataclass(frozen=True)
class CheckError:
    game: int
    turn: int
    player: str | None
    text: str
    reason: str
    code: str

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "turn": self.turn,
            "player": self.player,
            "text": self.text if len(self.text) <= 200 else self.text[:199] + "…",
            "reason": self.reason,
        }


@dataclass(frozen=True)
class GameVerdict:
    number: int
    winner: str | None
    points: Points
    result: str
    cube: int
    crawford: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "winner": self.winner,
            "points": self.points,
            "result": self.result,
            "cube": self.cube,
            "crawford": self.crawford,
        }


@dataclass(frozen=True)
class MatchVerdict:
    variant: str
    match_length: int
    players: tuple[str, str]
    score: tuple[Points, Points]
    winner: str | None
    games: tuple[GameVerdict, ...]
    errors: tuple[CheckError, ...] = field(default=())
    moves_checked: int = 0

    @property
    def valid(self) -> bool:
        return not self.errors

    def to_json(self) -> dict[str, Any]:
        """The object ``python -m engine check`` prints."""
        return {
            "valid": self.valid,
            "variant": self.variant,
            "match_length": self.match_length,
            "players": list(self.players),
            "score": list(self.score),
            "winner": self.winner,
            "games": [game.to_json() for game in self.games],
            "errors": [error.to_json() for error in self.errors],
        }
