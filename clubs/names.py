"""Are two player names likely the same person? A pure core (no Django).

Directors type names as they hear them: "Пётр Иванов", "Петр Иванов", "Ivanov Petr",
"P. Ivanov", "Pyotr Ivanov". Each name is reduced to tokens with a loose key: case and
Ё/Е folded, transliterated to Latin (unidecode), and the usual differences between
transliterations evened out (y/j/i, x/ks, kh/h, doubled letters). Two names are similar
when every word of the shorter one pairs off with a different word of the longer one:
the same key, an initial of it, or a spelling one or two letters apart.

`similarity` says why, as reason codes (the pages and API word them):
  same_name        identical but for case, Ё/Е, spaces or punctuation
  transliteration  written in another alphabet
  spelling         another spelling of a word (Dmitry / Dmitriy, Alexander / Aleksandr)
  word_order       the words in another order (surname first)
  initials         an initial for a word (I. Petrov)
  extra_name       one name has more words (a patronymic, a middle name)

Words with digits ("Player 12") match only the same word, so numbered players differ.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from unidecode import unidecode

REASONS = ("same_name", "transliteration", "spelling", "word_order", "initials", "extra_name")
MAX_WORDS = 6  # words beyond these are ignored (names are short; keeps pairing cheap)

# Differences between transliterations of one spelling, evened out in this order.
_LOOSE = (
    ("shch", "sh"), ("sch", "sh"), ("x", "ks"), ("w", "v"), ("ph", "f"), ("ck", "k"),
    ("q", "k"), ("kh", "h"), ("j", "i"), ("y", "i"),
)
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*\.?", re.UNICODE)
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")


@dataclass(frozen=True)
class Word:
    text: str  # the word as written, case folded, Ё → Е
    key: str  # its loose Latin key
    initial: bool  # a single letter (with or without a dot)


@dataclass(frozen=True)
class NameKey:
    words: tuple[Word, ...]

    @property
    def numbers(self) -> frozenset[str]:
        """Words with digits (numbered test players, "Team 2"): they match only exactly."""
        return frozenset(word.key for word in self.words if _has_digit(word.key))

    @property
    def keys(self) -> frozenset[str]:
        """The loose keys of the full words (for finding candidates in an index)."""
        return frozenset(word.key for word in self.words if not word.initial)


@dataclass(frozen=True)
class Similarity:
    reasons: tuple[str, ...]


def _has_digit(key: str) -> bool:
    return any(ch.isdigit() for ch in key)


def fold(text: str) -> str:
    """Case folded, Ё/ё as Е/е, compatibility forms and accents normalised."""
    return unicodedata.normalize("NFKC", text).replace("ё", "е").replace("Ё", "Е").casefold()


def loose_key(word: str) -> str:
    """A Latin key that two transliterations of the same word usually share."""
    key = "".join(ch for ch in unidecode(fold(word)).lower() if ch.isalnum())
    if key.startswith(("ie", "ye")):
        key = "e" + key[2:]  # Е at the start of a word: Evgeny / Yevgeny
    for written, even in _LOOSE:
        key = key.replace(written, even)
    # doubled letters once (digits stay as written: 11 is not 1)
    return "".join(ch if ch.isalpha() else "".join(run)
                   for ch, run in ((ch, list(run)) for ch, run in itertools.groupby(key)))


def name_key(name: str) -> NameKey:
    words = []
    for match in _WORD.finditer(fold(name)):
        text = match.group().rstrip(".")
        key = loose_key(text)
        if key:
            initial = len(key) == 1 and key.isalpha()
            words.append(Word(text=text.replace("’", "'"), key=key, initial=initial))
    return NameKey(words=tuple(words[:MAX_WORDS]))


def _edit_distance(a: str, b: str, limit: int) -> int:
    """Levenshtein distance, or limit + 1 as soon as it is known to be above limit."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if min(current) > limit:
            return limit + 1
        previous = current
    return previous[-1]


def _close(a: str, b: str) -> bool:
    shorter = min(len(a), len(b))
    if shorter < 4:
        return False
    return _edit_distance(a, b, 2 if shorter >= 8 else 1) <= (2 if shorter >= 8 else 1)


def _pair(a: Word, b: Word) -> str | None:
    """How two words correspond: exact, initial, close, or not at all."""
    if a.initial and b.initial:
        return "exact" if a.key == b.key else None
    if a.initial or b.initial:
        return "initial" if a.key[0] == b.key[0] else None
    if a.key == b.key:
        return "exact"
    if _has_digit(a.key) or _has_digit(b.key):
        return None
    return "close" if _close(a.key, b.key) else None


def _written_differently(a: Word, b: Word) -> str | None:
    if a.text == b.text:
        return None
    if bool(_CYRILLIC.search(a.text)) != bool(_CYRILLIC.search(b.text)):
        return "transliteration"
    return "spelling"


def similarity(first: str | NameKey, second: str | NameKey) -> Similarity | None:
    """Why the two names may be one person, or None when they are not alike."""
    a = first if isinstance(first, NameKey) else name_key(first)
    b = second if isinstance(second, NameKey) else name_key(second)
    if not a.words or not b.words:
        return None
    shorter, longer = (a, b) if len(a.words) <= len(b.words) else (b, a)
    if shorter.numbers != longer.numbers:
        return None  # numbered names ("Player 7", "Ivan Petrov 2") differ unless equal
    if len(shorter.words) == 1 and len(longer.words) > 1:
        return None  # one word against a full name says too little
    best: tuple[int, tuple[int, ...], list[str]] | None = None
    for order in itertools.permutations(range(len(longer.words)), len(shorter.words)):
        kinds = [_pair(shorter.words[i], longer.words[j]) for i, j in enumerate(order)]
        if None in kinds or all(kind == "initial" for kind in kinds):
            continue
        score = kinds.count("exact") * 4 + kinds.count("close") * 2 + (list(order) == sorted(order))
        if best is None or score > best[0]:
            best = (score, order, kinds)
    if best is None:
        return None
    _score, order, kinds = best
    reasons = set()
    for i, (j, kind) in enumerate(zip(order, kinds, strict=True)):
        if kind == "initial":
            reasons.add("initials")
        elif kind == "close":
            reasons.add("spelling")
        else:
            written = _written_differently(shorter.words[i], longer.words[j])
            if written:
                reasons.add(written)
    if list(order) != sorted(order):
        reasons.add("word_order")
    if len(longer.words) > len(shorter.words):
        reasons.add("extra_name")
    if not reasons:
        reasons.add("same_name")
    return Similarity(reasons=tuple(code for code in REASONS if code in reasons))


def similar_names(
    name: str, candidates: Iterable[tuple[object, str]]
) -> list[tuple[object, Similarity]]:
    """The candidates (id, name) whose name is similar to `name`, closest first."""
    key = name_key(name)
    found = []
    for ident, other in candidates:
        match = similarity(key, name_key(other))
        if match is not None:
            found.append((ident, match))
    found.sort(key=lambda item: (item[1].reasons != ("same_name",), len(item[1].reasons)))
    return found


# How a name is shown to the public, from the most to the least private. A club chooses
# one for the players it adds or imports; a player may choose for themself.
INITIALS, FIRST_INITIAL, FULL = "initials", "first_initial", "full"
NAME_STYLES = (INITIALS, FIRST_INITIAL, FULL)
DEFAULT_NAME_STYLE = FIRST_INITIAL


def _initial(word: str) -> str:
    """"I." for "Ivan"; a word with digits ("12", "2nd") is no secret and stays whole."""
    if any(ch.isdigit() for ch in word):
        return word
    letter = next((ch for ch in word if ch.isalpha()), word[:1])
    return f"{letter.upper()}."


def public_form(name: str, style: str) -> str:
    """The name as the public sees it: "Ivan Petrov" is "Ivan Petrov" (full), "Ivan P."
    (first name and initial) or "I. P." (initials). One word stays one word, but initials."""
    words = name.split()
    if not words:
        return ""
    if style == FULL:
        shown = " ".join(words)
    elif style == INITIALS:
        shown = " ".join(_initial(word) for word in words)
    else:
        shown = " ".join([words[0], *(_initial(word) for word in words[1:][-1:])])
    return shown[:60]


def most_private(styles: Iterable[str]) -> str:
    """The most private of the clubs' styles (the default for a player in no club)."""
    known = [style for style in styles if style in NAME_STYLES]
    return min(known, key=NAME_STYLES.index) if known else DEFAULT_NAME_STYLE
