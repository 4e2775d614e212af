"""The canonical notation of a play, written in compiled code (for batch paths).

``write_play`` writes exactly the text ``engine.notation.format_steps`` returns for the
same steps (rules-backgammon.md section 10.2): moves sorted from the highest starting
point, one checker's consecutive steps joined with the intermediate point kept only
where it hit, ``*`` on hits, identical moves collapsed as ``from/to(n)``; ``bar`` and
``off`` for 25 and 0. Hits are found as ``format_steps`` finds them for backgammon (a
stop on a point holding one opposing checker); long nardy has none.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# the text of every point 0..25: "off", "1".."24", "bar"
_NAMES = ["off", *(str(point) for point in range(1, 25)), "bar"]
NAME_BYTES = np.zeros((26, 3), dtype=np.uint8)
NAME_LENGTHS = np.zeros(26, dtype=np.int64)
for _point, _name in enumerate(_NAMES):
    NAME_BYTES[_point, : len(_name)] = np.frombuffer(_name.encode(), dtype=np.uint8)
    NAME_LENGTHS[_point] = len(_name)


class Scratch:
    """Work arrays of ``write_play`` (one set per thread)."""

    def __init__(self) -> None:
        self.ints = np.zeros((4, 8), dtype=np.int64)
        self.chains = np.zeros((2, 4, 5), dtype=np.int64)
        self.texts = np.zeros((4, 32), dtype=np.uint8)


@njit(cache=True, inline="always")
def _put_point(text, at, point):  # pragma: no cover - compiled
    for c in range(NAME_LENGTHS[point]):
        text[at + c] = NAME_BYTES[point, c]
    return at + NAME_LENGTHS[point]


@njit(cache=True)
def write_play(before, steps, nsteps, hits_possible, out, at, ints, chains, texts):
    """Write the notation of ``steps[:nsteps]`` ((src, dst) rows in playing order) from
    the board ``before`` into ``out`` from ``at``; returns the end. ``ints``,
    ``chains`` and ``texts`` are scratch (``Scratch``)."""
    if nsteps == 0:
        return at
    # hits, in playing order: a stop on a point holding one opposing checker, which
    # only the first checker to stop there hits
    hits = ints[0]
    any_hit = False
    for k in range(nsteps):
        dst = steps[k, 1]
        hit = hits_possible and dst != 0 and before[0, 24 - dst] == 1
        for j in range(k):
            if steps[j, 1] == dst:
                hit = False
        hits[k] = hit
        any_hit = any_hit or hit
    if nsteps == 2 and not any_hit:  # the common case: two plain steps
        a, b, c, d = steps[0, 0], steps[0, 1], steps[1, 0], steps[1, 1]
        if a < c or a == c and b < d:
            a, b, c, d = c, d, a, b
        at = _put_point(out, at, a)
        out[at] = 47  # "/"
        if b == c and c != 0:
            return _put_point(out, at + 1, d)
        at = _put_point(out, at + 1, b)
        if a == c and b == d:
            out[at] = 40  # "("
            out[at + 1] = 50  # "2"
            out[at + 2] = 41  # ")"
            return at + 3
        out[at] = 32  # " "
        at = _put_point(out, at + 1, c)
        out[at] = 47
        return _put_point(out, at + 1, d)
    # the steps from the highest (src, dst) down; equal steps keep their playing order
    order = ints[1]
    for k in range(nsteps):
        key = steps[k, 0] * 32 + steps[k, 1]
        j = k
        while j > 0 and steps[order[j - 1], 0] * 32 + steps[order[j - 1], 1] < key:
            order[j] = order[j - 1]
            j -= 1
        order[j] = k
    # chains of one checker's steps: points (first = start) and hits, one row a chain
    lengths = ints[2]
    chain_points = chains[0]
    chain_hits = chains[1]
    nchains = 0
    for m in range(nsteps):
        k = order[m]
        src = steps[k, 0]
        dst = steps[k, 1]
        joined = False
        for c in range(nchains):
            if chain_points[c, lengths[c] - 1] == src and src != 0:
                chain_points[c, lengths[c]] = dst
                chain_hits[c, lengths[c]] = hits[k]
                lengths[c] += 1
                joined = True
                break
        if not joined:
            chain_points[nchains, 0] = src
            chain_hits[nchains, 0] = 0
            chain_points[nchains, 1] = dst
            chain_hits[nchains, 1] = hits[k]
            lengths[nchains] = 2
            nchains += 1
    # each chain's text, then equal texts counted in order of first appearance
    text_lengths = ints[3]
    for c in range(nchains):
        n = _put_point(texts[c], 0, chain_points[c, 0])
        last = lengths[c] - 1
        for i in range(1, last + 1):
            if chain_hits[c, i] or i == last:
                texts[c, n] = 47  # "/"
                n = _put_point(texts[c], n + 1, chain_points[c, i])
                if chain_hits[c, i]:
                    texts[c, n] = 42  # "*"
                    n += 1
        text_lengths[c] = n
    first = True
    for c in range(nchains):
        seen = False
        for e in range(c):
            if _same_text(texts, text_lengths, e, c):
                seen = True
                break
        if seen:
            continue
        repeats = 1
        for e in range(c + 1, nchains):
            if _same_text(texts, text_lengths, e, c):
                repeats += 1
        if not first:
            out[at] = 32  # " "
            at += 1
        first = False
        for i in range(text_lengths[c]):
            out[at + i] = texts[c, i]
        at += text_lengths[c]
        if repeats > 1:
            out[at] = 40  # "("
            out[at + 1] = 48 + repeats
            out[at + 2] = 41  # ")"
            at += 3
    return at


@njit(cache=True, inline="always")
def _same_text(texts, text_lengths, a, b):  # pragma: no cover - compiled
    if text_lengths[a] != text_lengths[b]:
        return False
    for i in range(text_lengths[a]):
        if texts[a, i] != texts[b, i]:
            return False
    return True
