import itertools
from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from money import core


@pytest.mark.parametrize(
    ("fees", "share", "collected", "house", "prizes"),
    [
        ([D(20)] * 10, D(10), D("200.00"), D("20.00"), D("180.00")),
        ([D(15)] * 7, D(5), D("105.00"), D("5.25"), D("99.75")),
        ([D("10.01")] * 3, D(10), D("30.03"), D("3.00"), D("27.03")),
        ([], D(0), D("0.00"), D("0.00"), D("0.00")),
        ([D(50)], D(100), D("50.00"), D("50.00"), D("0.00")),
    ],
)
def test_pool(fees, share, collected, house, prizes):
    p = core.pool(fees, share)
    assert (p.collected, p.house, p.prizes) == (collected, house, prizes)


@pytest.mark.parametrize(
    ("prizes", "preset", "places", "expected"),
    [
        # plain 50/30/20
        (D(100), "50-30-20", {"a": (1, 1), "b": (2, 2), "c": (3, 3), "d": (4, 4)},
         {"a": D("50.00"), "b": D("30.00"), "c": D("20.00")}),
        # tie for 2nd-3rd shares 30+20
        (D(100), "50-30-20", {"a": (1, 1), "b": (2, 3), "c": (2, 3)},
         {"a": D("50.00"), "b": D("25.00"), "c": D("25.00")}),
        # the rounding remainder goes to first place
        (D("100.01"), "50-30-20", {"a": (1, 1), "b": (2, 2), "c": (3, 3)},
         {"a": D("50.01"), "b": D("30.00"), "c": D("20.00")}),
        (D(10), "40-25-15-10-5-5", {k: (3, 6) for k in "wxyz"} | {"a": (1, 1), "b": (2, 2)},
         {"a": D("4.02"), "b": D("2.50"), "w": D("0.87"), "x": D("0.87"), "y": D("0.87"),
          "z": D("0.87")} ),
    ],
)
def test_payouts(prizes, preset, places, expected):
    rows = core.payouts(prizes, core.table_for(preset), places)
    assert {r.key: r.amount for r in rows} == expected


def test_tie_for_first_gets_remainder_one_unit_each():
    rows = core.payouts(D("1.00"), core.PRESETS["50-30-20"], {"a": (1, 3), "b": (1, 3), "c": (1, 3)})
    amounts = sorted(r.amount for r in rows)
    assert sum(amounts) == D("1.00")
    assert amounts == [D("0.33"), D("0.33"), D("0.34")]


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: core.validate_table([D(60), D(50)]), "payout_table"),
        (lambda: core.validate_table([D(60), D(-5)]), "payout_table"),
        (lambda: core.validate_table([]), "payout_table"),
        (lambda: core.pool([D(10)], D(101)), "house_share"),
        (lambda: core.pool([D(10)], D(-1)), "house_share"),
        (lambda: core.pool([D(-10)], D(10)), "fee"),
        (lambda: core.table_for("nonsense"), "payout_preset"),
        (lambda: core.calcutta([core.Sale("p", "b", D(-1))], core.PRESETS["winner"], {}), "price"),
        (lambda: core.calcutta([core.Sale("p", "b", D(1)), core.Sale("p", "c", D(1))],
                               core.PRESETS["winner"], {}), "player"),
    ],
)
def test_bad_input_names_the_field(call, field):
    with pytest.raises(core.MoneyError) as exc:
        call()
    assert exc.value.field == field
    assert exc.value.message


def test_over_100_sentence_names_total():
    with pytest.raises(core.MoneyError, match="110"):
        core.validate_table([D(60), D(50)])


def test_calcutta_pays_buyers_of_placed_players():
    sales = [core.Sale("p1", "Ann", D(120)), core.Sale("p2", "Bob", D(80)),
             core.Sale("p3", "Ann", D(0))]
    p, rows = core.calcutta(sales, core.PRESETS["60-40"], {"p1": (2, 2), "p2": (1, 1), "p9": (3, 3)},
                            house_share=D(10))
    assert (p.collected, p.house, p.prizes) == (D("200.00"), D("20.00"), D("180.00"))
    assert {r.key: r.amount for r in rows} == {"p2": D("108.00"), "p1": D("72.00")}


money = st.decimals(min_value=0, max_value=100000, places=2)
percent = st.integers(min_value=0, max_value=100).map(D)


@st.composite
def tables(draw):
    n = draw(st.integers(1, 8))
    cuts = sorted(draw(st.lists(st.integers(0, 10000), min_size=n - 1, max_size=n - 1)))
    edges = [0, *cuts, 10000]
    return [D(b - a) / 100 for a, b in itertools.pairwise(edges)]


@st.composite
def standings(draw):
    """Places 1..n with random ties (consecutive ranges)."""
    n = draw(st.integers(1, 12))
    places, pos, k = {}, 1, 0
    while pos <= n:
        size = draw(st.integers(1, n - pos + 1))
        for _ in range(size):
            places[f"p{k}"] = (pos, pos + size - 1)
            k += 1
        pos += size
    return places


@settings(max_examples=200, deadline=None)
@given(fees=st.lists(money, max_size=30), share=percent, table=tables(), places=standings())
def test_full_table_pays_exactly_pool_minus_house(fees, share, table, places):
    p = core.pool(fees, share)
    assert p.collected == p.house + p.prizes
    assert p.prizes >= 0
    rows = core.payouts(p.prizes, table, places)
    total = sum((r.amount for r in rows), D(0))
    assert all(r.amount >= 0 for r in rows)
    assert total <= p.prizes
    n = max(last for _, last in places.values())
    if n >= len(table) and p.prizes > 0:
        assert total == p.prizes


@settings(max_examples=200, deadline=None)
@given(prizes=money, table=tables(), places=standings(), scale=st.integers(50, 100))
def test_partial_table_never_exceeds_pool(prizes, table, places, scale):
    scaled = [t * scale / 100 for t in table]
    rows = core.payouts(prizes, scaled, places)
    assert sum((r.amount for r in rows), D(0)) <= prizes
    # tied finishers differ by at most one unit
    by_range = {}
    for r in rows:
        by_range.setdefault((r.first, r.last), []).append(r.amount)
    for amounts in by_range.values():
        assert max(amounts) - min(amounts) <= D("0.01")


def test_relative_places():
    got = core.relative_places({"a": (1, 1), "b": (3, 4), "c": (3, 4), "d": (7, 7)})
    assert got == {"a": (1, 1), "b": (2, 3), "c": (2, 3), "d": (4, 4)}
