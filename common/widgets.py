"""Date and time inputs that work in every language.

A browser's ``<input type=date>`` (``time``, ``datetime-local``) reads and sends only the
ISO form (``2026-11-28``, ``19:30``, ``2026-11-28T19:30``), whatever the page's language;
the value it is given in any other form shows as an empty field that the browser then
refuses to submit. Django's ``DateInput`` writes the active language's first input format
(``28.11.2026`` in Russian) unless it is given a format, so every form of the project
uses these widgets, which always write ISO. The fields still parse ISO in every language
(Django adds the ISO input formats to each language's own).
"""

from __future__ import annotations

from typing import Any

from django import forms

ISO_DATE = "%Y-%m-%d"
ISO_TIME = "%H:%M"
ISO_DATETIME = "%Y-%m-%dT%H:%M"
# What a datetime field accepts: the browser's form first, then the same with a space.
DATETIME_INPUT_FORMATS = [ISO_DATETIME, "%Y-%m-%d %H:%M"]


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format=ISO_DATE)


class TimeInput(forms.TimeInput):
    input_type = "time"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format=ISO_TIME)


class DateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format=ISO_DATETIME)
