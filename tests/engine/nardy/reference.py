"""A deliberately simple long-nardy move generator for cross-checking the kernels.

Plain Python, written straight from rules-long-nardy.md sections 4-8 and sharing no code
with ``engine.nardy``: every ordering of the dice and every choice of checker is tried
(positions already seen at the same stage are not walked twice), every prefix is a
candidate, and the obligations are applied among the candidates that respect the head
and block rules, in the order the document's algorithm gives.

Positions here are pairs of 25-tuples indexed by point number (index 0 unused):
``mine[p]`` my checkers on my point p, ``theirs[q]`` the opponent's on its point q.
"""

from __future__ import annotations


def their_number(my_point: int) -> int:
    """The opponent's number of my point (section 1's formula)."""
    return ((my_point + 11) % 24) + 1


def from_board(board) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(mine, theirs) from a (2, 25) board: row 1 is me, row 0 the opponent."""
    mine = (0,) + tuple(int(board[1][i]) for i in range(24))
    theirs = (0,) + tuple(int(board[0][i]) for i in range(24))
    return mine, theirs


def blocked(theirs: tuple[int, ...], my_point: int) -> bool:
    return theirs[their_number(my_point)] > 0


def head_allowance(mine: tuple[int, ...], theirs: tuple[int, ...], d1: int, d2: int) -> int:
    if sum(mine) != 15 or mine[24] != 15:
        return 1
    if d1 != d2 or d1 not in (3, 4, 6):
        return 1
    for k in (1, 2, 3, 4):
        stop = 24 - k * d1
        if stop < 1:
            return 1
        if blocked(theirs, stop):
            return 2 if their_number(stop) == 24 else 1
    return 1


def single_move(mine, theirs, point, die):
    """My position after moving a checker from ``point`` by ``die``, or None if illegal."""
    if mine[point] == 0:
        return None
    to = point - die
    after = list(mine)
    if to >= 1:
        if blocked(theirs, to):
            return None
        after[point] -= 1
        after[to] += 1
        return tuple(after)
    if any(mine[p] for p in range(7, 25)):
        return None
    if to < 0 and any(mine[p] for p in range(point + 1, 7)):
        return None
    after[point] -= 1
    return tuple(after)


def block_is_legal(mine, theirs, regulation: str) -> bool:
    if regulation == "off":
        return True
    held = {their_number(p) for p in range(1, 25) if mine[p] > 0}
    lows = [top - 5 for top in range(6, 25) if all(top - k in held for k in range(6))]
    if not lows:
        return True
    if sum(theirs) < 15:
        return True
    if regulation == "home":
        return any(theirs[q] for q in range(1, 7))
    return all(any(theirs[q] for q in range(1, low)) for low in lows)


def legal_results(board, d1: int, d2: int, regulation: str = "ahead") -> set[tuple[int, ...]]:
    """The set of my resulting 25-tuples over all legal plays (empty: no legal move)."""
    mine, theirs = from_board(board)
    allowance = head_allowance(mine, theirs, d1, d2)
    orders = [[d1] * 4] if d1 == d2 else [[d1, d2], [d2, d1]]
    best: dict[tuple[int, ...], list] = {}  # position -> [dice used, used the larger die]

    def walk(position, dice_left, used, heads, first_die, seen):
        if used > 0:
            entry = best.setdefault(position, [0, False])
            entry[0] = max(entry[0], used)
            if used == 1 and d1 != d2 and first_die == max(d1, d2):
                entry[1] = True
        if not dice_left:
            return
        for point in range(24, 0, -1):
            if point == 24 and heads + 1 > allowance:
                continue
            after = single_move(position, theirs, point, dice_left[0])
            if after is None:
                continue
            state = (after, len(dice_left), heads + (point == 24), first_die or dice_left[0])
            if state in seen:
                continue
            seen.add(state)
            walk(after, dice_left[1:], used + 1, state[2], state[3], seen)

    for order in orders:
        walk(mine, order, 0, 0, 0, set())
    legal = {p: e for p, e in best.items() if block_is_legal(p, theirs, regulation)}
    if not legal:
        return set()
    most = max(e[0] for e in legal.values())
    kept = {p: e for p, e in legal.items() if e[0] == most}
    if most == 1 and d1 != d2 and any(e[1] for e in kept.values()):
        kept = {p: e for p, e in kept.items() if e[1]}
    return set(kept)
