"""The translation catalogues: complete, compiled, consistent, and in step with the code.

Every ``locale/<language>/LC_MESSAGES/django.po`` of the project (the site's and each
app's) has no untranslated and no fuzzy entry, keeps the placeholders of the English
text, has the plural forms of its language, and its compiled ``.mo`` holds the same
translations. Every app catalogue directory has every language the site offers, so that
adding a language (Armenian, Georgian) is adding its catalogues and nothing else.
``test_the_code_has_no_string_missing_from_the_catalogues`` runs ``makemessages`` on a
copy of the source tree and fails on any string marked in the code but not translated.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings

from nardy_site.env import languages_with_catalogues
from tests.support.requirements import missing

ROOT = Path(settings.BASE_DIR)
SKIPPED = {"node_modules", ".venv", "var", ".git"}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]|\{(\w+)\}")
# gettext's plural forms of each language, as Django's own catalogues have them
# (Russian has a fourth form, for fractions).
NPLURALS = {"ru": 4, "az": 2, "tr": 2, "hy": 2, "ka": 2, "en": 2}


def catalogue_paths(root: Path = ROOT) -> list[Path]:
    found = []
    for path in root.rglob("locale/*/LC_MESSAGES/django.po"):
        if not SKIPPED.intersection(path.relative_to(root).parts):
            found.append(path)
    return sorted(found)


def locale_dirs(root: Path = ROOT) -> list[Path]:
    return sorted({path.parents[2] for path in catalogue_paths(root)})


def language_of(path: Path) -> str:
    return path.parents[1].name


def problems_in(path: Path) -> list[str]:
    catalogue = polib.pofile(str(path))
    out = []
    for entry in catalogue:
        if entry.obsolete:
            continue
        where = f"{path.relative_to(ROOT)}: {entry.msgid[:60]!r}"
        if "fuzzy" in entry.flags:
            out.append(f"{where} is fuzzy")
        elif not entry.translated():
            out.append(f"{where} is not translated")
    return out


CATALOGUES = catalogue_paths()


def test_there_are_catalogues_for_the_offered_languages() -> None:
    offered = {code for code, _name in settings.LANGUAGES} - {settings.LANGUAGE_CODE}
    assert {"ru", "az", "tr"} <= offered
    assert offered == {language_of(path) for path in CATALOGUES}


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_entry_is_translated_and_none_is_fuzzy(path: Path) -> None:
    assert problems_in(path) == []


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_translations_keep_the_placeholders(path: Path) -> None:
    wrong = []
    for entry in polib.pofile(str(path)).translated_entries():
        if entry.msgid_plural:
            wanted = {m for m in PLACEHOLDER.findall(entry.msgid_plural)}
            got = [set(PLACEHOLDER.findall(text)) for text in entry.msgstr_plural.values()]
            # a singular form may leave the count out ("one match" needs no number)
            if any(not form <= wanted | set(PLACEHOLDER.findall(entry.msgid)) for form in got) \
                    or not any(form == wanted for form in got):
                wrong.append(entry.msgid)
        elif set(PLACEHOLDER.findall(entry.msgid)) != set(PLACEHOLDER.findall(entry.msgstr)):
            wrong.append(entry.msgid)
    assert wrong == []


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_plural_forms_are_those_of_the_language(path: Path) -> None:
    catalogue = polib.pofile(str(path))
    header = catalogue.metadata.get("Plural-Forms", "")
    nplurals = int(re.search(r"nplurals=(\d+)", header).group(1))
    assert nplurals == NPLURALS[language_of(path)], header
    for entry in catalogue.translated_entries():
        if entry.msgid_plural:
            assert len(entry.msgstr_plural) == nplurals, entry.msgid


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_compiled_catalogue_matches(path: Path) -> None:
    """The .mo Django loads holds exactly the .po's translations (run `make messages`)."""
    compiled = path.with_suffix(".mo")
    assert compiled.exists(), f"{compiled} is missing: run `make messages`"

    def pairs(catalogue: polib._BaseFile) -> set[tuple]:
        out = set()
        for entry in catalogue:
            if entry.obsolete or "fuzzy" in entry.flags or not entry.msgid:
                continue
            if entry.msgid_plural:
                forms = tuple(entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural))
                out.add((entry.msgctxt, entry.msgid, entry.msgid_plural, forms))
            elif entry.msgstr:
                out.add((entry.msgctxt, entry.msgid, None, entry.msgstr))
        return out

    assert pairs(polib.mofile(str(compiled))) == pairs(polib.pofile(str(path)))


# Catalogue directories another part of the project still has to complete, and why.
PENDING_LANGUAGES: dict[str, set[str]] = {}


def test_every_app_catalogue_has_every_language() -> None:
    offered = {language_of(path) for path in CATALOGUES}
    for directory in locale_dirs():
        have = {p.name for p in directory.iterdir() if (p / "LC_MESSAGES" / "django.po").exists()}
        pending = PENDING_LANGUAGES.get(str(directory.relative_to(ROOT)), set())
        assert have == offered - pending, f"{directory.relative_to(ROOT)} has {sorted(have)}"


def test_languages_come_from_the_catalogues_present(tmp_path: Path) -> None:
    for code in ("ru", "hy", "ka"):
        (tmp_path / code / "LC_MESSAGES").mkdir(parents=True)
        (tmp_path / code / "LC_MESSAGES" / "django.mo").write_bytes(b"")
    (tmp_path / "pt_BR" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "pt_BR" / "LC_MESSAGES" / "django.mo").write_bytes(b"")
    (tmp_path / "de").mkdir()  # no catalogue: not offered
    languages = languages_with_catalogues(tmp_path, default="en")
    assert [code for code, _name in languages] == ["en", "hy", "ka", "pt-br", "ru"]
    assert dict(languages)["ru"] == "Русский" and dict(languages)["en"] == "English"
    assert dict(languages)["hy"] == "հայերեն"


def _copy_sources(target: Path) -> None:
    def ignore(directory: str, names: list[str]) -> set[str]:
        here = Path(directory)
        skipped = {n for n in names if n in SKIPPED or n in {"__pycache__", ".pytest_cache"}}
        if here == ROOT:
            skipped |= {n for n in names if n in {"tests", "engine", "benchmarks"}}
        return skipped | {n for n in names if n.endswith((".mo", ".pyc", ".sqlite3"))}

    shutil.copytree(ROOT, target, ignore=ignore, symlinks=True)


def test_the_code_has_no_string_missing_from_the_catalogues(tmp_path: Path) -> None:
    """makemessages on a copy of the source: every string marked in the code (Python,
    templates) is in its catalogue, translated, in every language."""
    if shutil.which("xgettext") is None or shutil.which("msgmerge") is None:
        missing("gettext (xgettext, msgmerge)")
    copy = tmp_path / "src"
    _copy_sources(copy)
    languages = sorted({language_of(path) for path in CATALOGUES})
    command = [sys.executable, "manage.py", "makemessages", "--no-location",
               *[arg for language in languages for arg in ("-l", language)],
               "--ignore", "var/*", "--ignore", "node_modules/*", "--ignore", ".venv/*"]
    environment = dict(os.environ, NARDY_VAR_DIR=str(tmp_path / "var"), PYTHONPATH=str(copy))
    environment.pop("DJANGO_SETTINGS_MODULE", None)
    result = subprocess.run(command, cwd=copy, env=environment, capture_output=True, text=True, check=False,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    existing = {path.relative_to(ROOT) for path in CATALOGUES}
    left = [problem for path in catalogue_paths(copy) if path.relative_to(copy) in existing
            for problem in _problems_in_copy(path, copy)]
    assert left == [], "marked in the code, not translated (run `make messages`):\n" + "\n".join(left)


def _problems_in_copy(path: Path, root: Path) -> list[str]:
    out = []
    for entry in polib.pofile(str(path)):
        if entry.obsolete:
            continue
        if "fuzzy" in entry.flags or not entry.translated():
            out.append(f"{path.relative_to(root)}: {entry.msgid[:70]!r}")
    return out


KEYWORDS = {"gettext", "gettext_lazy", "gettext_noop", "ngettext", "ngettext_lazy",
            "pgettext", "pgettext_lazy", "npgettext", "npgettext_lazy"}


def test_translation_functions_keep_names_makemessages_knows() -> None:
    """``gettext_lazy as _lazy`` hides every string marked with ``_lazy(...)`` from
    makemessages (it knows ``_``, ``gettext_lazy``, ``pgettext``... only): such strings stay
    English whatever the catalogues say."""
    wrong = []
    for path in ROOT.rglob("*.py"):
        if SKIPPED.intersection(path.relative_to(ROOT).parts) or "tests" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        for line in text.splitlines():
            if "django.utils.translation import" not in line:
                continue
            for name, alias in re.findall(r"(\w+)\s+as\s+(\w+)", line):
                if name in KEYWORDS and alias != "_" and alias not in KEYWORDS:
                    wrong.append(f"{path.relative_to(ROOT)}: {name} as {alias}")
    assert wrong == []
