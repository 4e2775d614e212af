"""The catalogues speak one language: the glossary's words, and the same words wherever
Django shows them.

``locale/glossary.csv`` lists the domain's words: for each, a regular expression over the
English text (and, when it has one, the context the code marks it with), the stems every
translation must use (``a|b``: either) and the variants it must not use. The rules are
checked against what Django actually shows for each entry: all catalogues (the site's,
every app's, Django's and allauth's) share one space of messages, so an app's "Change"
is shown as whichever catalogue comes first says.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, ngettext, npgettext, pgettext

from tests.i18n.test_catalogues import CATALOGUES, ROOT, language_of

GLOSSARY = ROOT / "locale" / "glossary.csv"
LANGUAGES = sorted({language_of(path) for path in CATALOGUES})


@dataclass(frozen=True)
class Term:
    term: str
    context: str  # "": any context; "none": entries without one; else that context
    english: re.Pattern[str]
    required: dict[str, list[str]]
    forbidden: dict[str, list[str]]

    def applies_to(self, entry: polib.POEntry) -> bool:
        if self.context == "none" and entry.msgctxt:
            return False
        if self.context not in ("", "none") and entry.msgctxt != self.context:
            return False
        return bool(self.english.search(entry.msgid))


def _stems(cell: str) -> list[str]:
    return [stem.strip().casefold() for stem in cell.split("|") if stem.strip()]


def glossary() -> list[Term]:
    with GLOSSARY.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    return [Term(row["term"], row["context"], re.compile(row["en"], re.IGNORECASE),
                 {lang: _stems(row.get(lang) or "") for lang in LANGUAGES},
                 {lang: _stems(row.get(f"{lang}_not") or "") for lang in LANGUAGES})
            for row in rows]


def shown(entry: polib.POEntry, language: str) -> list[str]:
    """What Django shows for this entry in `language` (every plural form)."""
    with translation.override(language):
        if entry.msgid_plural:
            return [npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, n) if entry.msgctxt
                    else ngettext(entry.msgid, entry.msgid_plural, n) for n in (1, 3, 5, 21)]
        return [pgettext(entry.msgctxt, entry.msgid) if entry.msgctxt else gettext(entry.msgid)]


def own(entry: polib.POEntry) -> list[str]:
    if entry.msgid_plural:
        return [entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural)]
    return [entry.msgstr]


def entries(language: str) -> list[tuple[Path, polib.POEntry]]:
    out = []
    for path in CATALOGUES:
        if language_of(path) == language:
            out.extend((path, entry) for entry in polib.pofile(str(path))
                       if not entry.obsolete and entry.msgid and entry.translated())
    return out


def test_the_glossary_has_every_language_and_valid_rules() -> None:
    terms = glossary()
    assert len(terms) >= 10
    with GLOSSARY.open(encoding="utf-8", newline="") as handle:
        columns = next(csv.reader(handle))
    for language in LANGUAGES:
        assert language in columns and f"{language}_not" in columns, language
    for term in terms:
        # a stem may not be also a forbidden variant
        for language in LANGUAGES:
            assert not set(term.required[language]) & set(term.forbidden[language]), term.term


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_follows_the_glossary(language: str) -> None:
    wrong = []
    terms = glossary()
    for path, entry in entries(language):
        texts = [text.casefold().replace("\u0307", "") for text in shown(entry, language)]
        for term in terms:
            if not term.applies_to(entry):
                continue
            where = f"{path.relative_to(ROOT)}: {entry.msgid[:70]!r} -> {texts[0][:70]!r}"
            required = term.required[language]
            if required and not all(any(stem in text for stem in required) for text in texts):
                wrong.append(f"{where}: {term.term} is «{' / '.join(required)}»")
            bad = [stem for stem in term.forbidden[language] if any(stem in t for t in texts)]
            if bad:
                wrong.append(f"{where}: {term.term} is not «{' / '.join(bad)}»")
    assert wrong == [], "\n".join(wrong)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_is_the_one_django_shows(language: str) -> None:
    """The same English (and context) is translated once: two catalogues that disagree,
    or Django's or allauth's catalogue saying something else for a word of ours, means
    the page shows a word the catalogue does not have (the admin's verb «Изменить» for a
    rating change). Give such a word a context, or the same translation everywhere."""
    wrong = []
    for path, entry in entries(language):
        got = shown(entry, language)
        wanted = own(entry)
        if entry.msgid_plural:
            with translation.override(language):
                plural = translation.trans_real.translation(language).plural
            wanted = [wanted[plural(n)] for n in (1, 3, 5, 21)]
        if got != wanted:
            wrong.append(f"{path.relative_to(ROOT)}: {entry.msgctxt or ''} {entry.msgid[:60]!r}: "
                         f"catalogue {wanted[0][:40]!r}, shown {got[0][:40]!r}")
    assert wrong == [], "\n".join(wrong)


@pytest.mark.parametrize("language", LANGUAGES)
def test_capitalised_english_stays_capitalised(language: str) -> None:
    """A heading, a button, a label or a sentence starts with a capital letter in every
    language when it does in English (unless the translation starts with a value)."""
    wrong = []
    for path, entry in entries(language):
        first = entry.msgid[:1]
        if not (first.isalpha() and first.isupper()):
            continue
        for text in own(entry):
            if text[:1].isalpha() and not text[:1].isupper():
                wrong.append(f"{path.relative_to(ROOT)}: {entry.msgid[:60]!r} -> {text[:60]!r}")
    assert wrong == [], "\n".join(wrong)


# Placeholders that stand for one person (the subject of a sentence about them).
PERSON = r"(?:%\((?:player|name|who|lower|payer|inviter|dup|keep)\)s|\{(?:player|captain)\})"
# A Russian verb in the past tense or a short participle agrees with its subject's gender:
# «Татьяна Семёнова отметился». Sentences about a person are built so they need none.
PAST = r"[а-яё]+(?:лся|лась|л|ла)"  # отметился, сел
PARTICIPLE = r"(?:(?!капитан)[а-яё]+(?:ан|ян|ен|ён|ана|яна|ена|ёна)|снята?|взята?)"  # исключён, удалена
GENDERED = re.compile(rf"{PERSON}\s+(?:(?:уже|не|сам|сама)\s+)*(?:{PAST}|{PARTICIPLE})\b"
                      rf"|\b(?:{PAST}|{PARTICIPLE})\s+{PERSON}", re.IGNORECASE)


def test_russian_sentences_about_a_person_need_no_gender() -> None:
    wrong = [f"{path.relative_to(ROOT)}: {entry.msgid[:60]!r} -> {text[:70]!r}"
             for path, entry in entries("ru") for text in own(entry) if GENDERED.search(text)]
    assert wrong == [], "\n".join(wrong)


def test_the_glossary_is_in_the_site_languages() -> None:
    offered = {code for code, _name in settings.LANGUAGES} - {settings.LANGUAGE_CODE}
    assert offered <= set(LANGUAGES)
