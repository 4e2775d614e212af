"""Compile (or load) every kernel the command line and the web app use, so that the
first real call does not pay for it: ``python -m engine.warm`` (``make setup`` runs it).

With a warm cache this takes about a second; on a fresh checkout numba compiles the
kernels into its cache once (about a minute on a slow machine).
"""

from __future__ import annotations

import io
import sys

from engine.cli import moves_main

_REQUESTS = {
    "backgammon": b'{"id": 1, "position": "4HPwATDgc/ABMA", "dice": [3, 1]}\n'
                  b'{"id": 2, "position": "4HPwATDgc/ABMA", "dice": [2, 2]}\n',
    "nardy": b'{"id": 1, "position": "AACA/z8AAID/Pw", "dice": [6, 5]}\n'
             b'{"id": 2, "position": "AACA/z8AAID/Pw", "dice": [3, 3]}\n',
}


def warm() -> None:
    import numpy as np

    from engine.batch import batch_generate
    from engine.plays import legal_plays
    from engine.position import Position

    for variant, requests in _REQUESTS.items():
        moves_main(["--variant", variant], stdin=io.BytesIO(requests), stdout=io.StringIO())
        start = Position.start(variant)
        for dice in ((3, 1), (2, 2)):
            legal_plays(start, dice)
        boards = np.repeat(start.board[None], 2, axis=0)
        batch_generate(boards, np.array([[3, 1], [2, 2]]), variant)


if __name__ == "__main__":
    warm()
    sys.exit(0)
