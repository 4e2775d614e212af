"""Where the standings find the PR of a match (GNU Backgammon's error rate).

The analyses live in an app above this one (``analysis``), which registers its readers
here when it is ready; without them every match counts as not analysed. Both readers
take ids and answer in one query:

* ``prs(match_ids)``: {match id: (PR of player 1, PR of player 2)}, from the latest
  finished analysis of each match (None for a side without one);
* ``private(player_ids)``: the players who show their PR to their clubs only. The
  standings still rank by it (the director chose a PR tiebreak or dual duel points) but
  show their figures to nobody (the page is the same for every reader).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

PrPair = tuple[float | None, float | None]
PrReader = Callable[[Collection[int]], dict[int, PrPair]]
PrivateReader = Callable[[Collection[int]], set[int]]

_readers: dict[str, Callable] = {}


def register(*, prs: PrReader, private: PrivateReader) -> None:
    _readers["prs"], _readers["private"] = prs, private


def prs(match_ids: Collection[int]) -> dict[int, PrPair]:
    reader = _readers.get("prs")
    return reader(match_ids) if reader is not None and match_ids else {}


def private(player_ids: Collection[int]) -> set[int]:
    reader = _readers.get("private")
    return reader(player_ids) if reader is not None and player_ids else set()
