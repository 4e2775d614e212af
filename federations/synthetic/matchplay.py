"""A match played game by game on paper, as the results flow would store it.

Pure (no Django). The games of a match to ``length`` points add up to its final score:
each game is worth its cube times 1, 2 or 3 (single, gammon, backgammon; long nardy has
no cube and counts oin 1 and mars 2), the Crawford game (the one after a player first
reaches match point) is played without the cube, and the match ends when a player
reaches the length, so the winner has at most ``length - 1`` plus one game's worth,
which ``engine.match.final_score`` accepts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

BACKGAMMON_RESULTS = (("single", 1, 72), ("gammon", 2, 24), ("backgammon", 3, 4))
NARDY_RESULTS = (("oin", 1, 80), ("mars", 2, 20))
CUBES = (1, 1, 1, 1, 1, 1, 2, 2, 2, 4)


@dataclass(frozen=True, slots=True)
class PlayedGame:
    number: int
    winner: int  # seat 1 or 2
    result: str
    cube: int
    cube_owner: int  # 0 centred, else the seat that took the last double
    crawford: bool
    points: int


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    games: tuple[PlayedGame, ...]
    score1: int
    score2: int

    @property
    def winner(self) -> int:
        return 1 if self.score1 > self.score2 else 2


def _pick(rng: random.Random, results: tuple[tuple[str, int, int], ...]) -> tuple[str, int]:
    roll = rng.randrange(100)
    for name, multiplier, weight in results:
        if roll < weight:
            return name, multiplier
        roll -= weight
    return results[0][0], results[0][1]


def play_match(rng: random.Random, length: int, nardy: bool, first_wins: float,
               winner: int | None = None) -> PlayedMatch:
    """Games until a player reaches ``length``; seat 1 wins each game with ``first_wins``.

    ``winner`` (a seat), when given, is who must win: a match the other seat won is
    told the other way round (every game's winner swapped), which keeps its rules.
    """
    results = NARDY_RESULTS if nardy else BACKGAMMON_RESULTS
    score = [0, 0]
    games: list[PlayedGame] = []
    crawford_done = False
    while max(score) < length:
        crawford = not crawford_done and length - 1 in score and min(score) < length - 1
        if crawford:
            crawford_done = True
        seat = 1 if rng.random() < first_wins else 2
        name, multiplier = _pick(rng, results)
        cube = 1 if nardy or crawford else rng.choice(CUBES)
        owner = 0 if cube == 1 else rng.choice((1, 2))
        points = cube * multiplier
        score[seat - 1] += points
        games.append(PlayedGame(len(games) + 1, seat, name, cube, owner, crawford, points))
    played = PlayedMatch(tuple(games), score[0], score[1])
    if winner is None or played.winner == winner:
        return played
    mirrored = tuple(replace(game, winner=3 - game.winner,
                             cube_owner=game.cube_owner and 3 - game.cube_owner) for game in games)
    return PlayedMatch(mirrored, score[1], score[0])
