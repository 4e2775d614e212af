"""Similar player names: the pure core (clubs/names.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubs.names import loose_key, name_key, similar_names, similarity


@pytest.mark.parametrize(
    ("first", "second", "reasons"),
    [
        ("Пётр Иванов", "Петр Иванов", ("same_name",)),
        ("иван  петров", "Иван Петров", ("same_name",)),
        ("Anna-Maria Lopez", "anna maria lopez", ("same_name",)),
        ("Ivan Petrov", "Иван Петров", ("transliteration",)),
        ("Yulia Shchukina", "Юлия Щукина", ("transliteration",)),
        ("Sergey Khachatryan", "Сергей Хачатрян", ("transliteration",)),
        ("Evgeny Popov", "Евгений Попов", ("transliteration",)),
        ("Yevgeny Popov", "Evgenii Popov", ("spelling",)),
        ("Dmitry Orlov", "Dmitriy Orlov", ("spelling",)),
        ("Alexander Smirnov", "Александр Смирнов", ("transliteration", "spelling")),
        ("Anna Smith", "Anna Smit", ("spelling",)),
        ("Petrov Ivan", "Ivan Petrov", ("word_order",)),
        ("Petrov Ivan", "Иван Петров", ("transliteration", "word_order")),
        ("I. Petrov", "Ivan Petrov", ("initials",)),
        ("Петров И.", "Ivan Petrov", ("transliteration", "word_order", "initials")),
        ("Иван Иванович Петров", "Иван Петров", ("extra_name",)),
    ],
)
def test_similar_names_and_why(first: str, second: str, reasons: tuple[str, ...]) -> None:
    assert similarity(first, second).reasons == reasons
    assert similarity(second, first).reasons == reasons  # the same either way round


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ivan Petrov", "Ivan Sidorov"),
        ("Oleg Ivanov", "Olga Ivanova"),
        ("Anna Smith", "Anna"),  # one word says too little
        ("A. B.", "Anna Boyko"),  # initials alone
        ("Ann Lee", "Ann Lea"),  # short words must match exactly
        ("", "Ivan Petrov"),
        ("123", "124"),
    ],
)
def test_different_names(first: str, second: str) -> None:
    assert similarity(first, second) is None


def test_loose_keys_even_out_transliterations() -> None:
    assert loose_key("Щукина") == loose_key("Shchukina") == loose_key("Schukina")
    assert loose_key("Юлия") == loose_key("Yulia") == loose_key("Julia")
    assert loose_key("Ёлкин") == loose_key("Елкин") == loose_key("Yelkin")
    assert name_key("I. Petrov").keys == frozenset({"petrov"})


def test_similar_names_puts_the_same_name_first() -> None:
    found = similar_names(
        "Ivan Petrov",
        [(1, "Petrov I."), (2, "Maria Ivanova"), (3, "ivan petrov"), (4, "Иван Петров")],
    )
    assert [ident for ident, _ in found] == [3, 4, 1]


names = st.text(
    alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzабвгдеёжзийклмнопрстуфхцчшщэюя .-"),
    max_size=30,
)


@settings(max_examples=300, deadline=None)
@given(names, names)
def test_similarity_is_symmetric(first: str, second: str) -> None:
    there, back = similarity(first, second), similarity(second, first)
    assert (there is None) == (back is None)
    if there is not None:
        assert set(there.reasons) - {"word_order"} == set(back.reasons) - {"word_order"}


@settings(max_examples=200, deadline=None)
@given(names)
def test_a_name_is_its_own_same_name(name: str) -> None:
    key = name_key(name)
    if key.words and not all(word.initial for word in key.words):
        assert similarity(name, name.upper()).reasons == ("same_name",)


@pytest.mark.parametrize(
    ("first", "second", "similar"),
    [
        ("Entrant 001", "Entrant 002", False),
        ("Player Number1", "Player Number2", False),
        ("Bench Player 7-1", "Bench Player 7-2", False),
        ("Team 2", "team 2", True),
        ("Ivan Petrov 2", "Ivan Petrov", False),  # the numbered one is another person
        ("Ivan Petrov", "Ivan Petrov 2", False),
    ],
)
def test_numbered_names_match_only_the_same_number(first: str, second: str, similar: bool) -> None:
    assert (similarity(first, second) is not None) == similar


def test_digits_are_kept_as_written() -> None:
    assert loose_key("E11") == "e11" and loose_key("011") == "011"
    assert similarity("E1", "E11") is None
    assert similarity("Entrant 001", "Entrant 011") is None
