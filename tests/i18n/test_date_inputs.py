"""Every date and time input of every form works in every language.

A browser's date, time and datetime-local inputs take only ISO values: a form that writes
the Russian ``28.11.2026`` into one shows an empty field and cannot be sent. Every form
and filter of the project is found by walking the project's modules, and each of its
date-like inputs must write ISO and read back what it wrote, in each language.
"""

from __future__ import annotations

import datetime
import importlib
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path

import django_filters
import pytest
from django import forms
from django.apps import apps
from django.conf import settings
from django.utils import translation

ROOT = Path(settings.BASE_DIR)
DATE_LIKE = {"date", "time", "datetime-local"}
ISO = {"date": r"\d{4}-\d{2}-\d{2}", "time": r"\d{2}:\d{2}(:\d{2})?",
       "datetime-local": r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?"}
SAMPLES = {"date": datetime.date(2026, 11, 28), "time": datetime.time(19, 30),
           "datetime-local": datetime.datetime(2026, 11, 28, 19, 30)}
LANGUAGES = [code for code, _name in settings.LANGUAGES]


def project_apps() -> list[str]:
    return [config.name for config in apps.get_app_configs()
            if Path(config.path).is_relative_to(ROOT)
            and not {"tests", ".venv", "node_modules"} & set(Path(config.path).parts)]


def _import_everything() -> None:
    for name in project_apps():
        package = importlib.import_module(name)
        for module in pkgutil.walk_packages(package.__path__, f"{name}."):
            if ".migrations" in module.name or module.name.endswith((".demo", ".tests")):
                continue
            importlib.import_module(module.name)


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def project_forms() -> list[type]:
    _import_everything()
    mine = tuple(f"{name}." for name in project_apps())
    found = {cls for base in (forms.BaseForm, django_filters.FilterSet) for cls in _subclasses(base)
             if cls.__module__.startswith(mine)}
    return sorted(found, key=lambda cls: f"{cls.__module__}.{cls.__qualname__}")


def date_like_fields(form_class: type) -> list[tuple[str, forms.Field]]:
    if issubclass(form_class, django_filters.FilterSet):
        fields = {name: f.field for name, f in form_class.base_filters.items()}
    else:
        fields = form_class.base_fields
    return [(name, field) for name, field in fields.items()
            if getattr(field.widget, "input_type", None) in DATE_LIKE]


FORMS = project_forms()
WITH_DATES = [(cls, name, field) for cls in FORMS for name, field in date_like_fields(cls)]


def test_the_walk_finds_the_forms_with_dates() -> None:
    names = {f"{cls.__module__}.{cls.__name__}.{name}" for cls, name, _field in WITH_DATES}
    assert "tournaments.forms.tournament.TournamentForm.starts_on" in names
    assert "tournaments.forms.day.EventSettingsForm.check_in_opens_at" in names
    assert len({cls for cls, _name, _field in WITH_DATES}) >= 4


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("form_class", "name", "field"), WITH_DATES,
                         ids=[f"{c.__module__}.{c.__name__}.{n}" for c, n, _f in WITH_DATES])
def test_date_inputs_write_iso_and_read_it_back(form_class: type, name: str, field: forms.Field,
                                                language: str) -> None:
    kind = field.widget.input_type
    with translation.override(language):
        written = field.widget.format_value(SAMPLES[kind])
        assert re.fullmatch(ISO[kind], written), f"{kind} input writes {written!r} in {language}"
        html = field.widget.render(name, SAMPLES[kind])
        assert f'value="{written}"' in html and f'type="{kind}"' in html
        read = field.clean(written)
    if isinstance(read, datetime.datetime):
        read = read.replace(tzinfo=None)
    assert read == SAMPLES[kind]
