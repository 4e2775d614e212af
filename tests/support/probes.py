"""Helpers of the bad-input probes: the demo world kept for a whole module, the forms of
a page, and the values nobody should be able to break the site with."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.db import transaction
from django.urls import URLPattern, URLResolver, get_resolver

# Values that once answered 500 somewhere, or could: numbers out of every range,
# digits that str.isdigit() accepts but int() does not, non-numbers, long text.
BAD_NUMBERS = [
    "9" * 30,
    str(10**19),
    "-1",
    "1e999",
    "nan",
    "inf",
    "²",
    "٣",
    "1.5",
    "",
    " ",
    "0x10",
    "\x00",
]
BAD_IDS = ["0", "9" * 30, str(2**63)]


@pytest.fixture(scope="module")
def demo_world(django_db_setup: Any, django_db_blocker: Any) -> Iterator[None]:
    """The demo data (``manage.py demo``), made once for the module inside a transaction
    that is rolled back at its end; each test runs in a savepoint of it."""
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            call_command("demo", stdout=StringIO())
            yield
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


@dataclass
class Form:
    action: str
    method: str
    fields: dict[str, str] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)


class FormParser(HTMLParser):
    """The forms of a page with the values they would send as they are."""

    def __init__(self, page_url: str) -> None:
        super().__init__()
        self.page_url = page_url
        self.forms: list[Form] = []
        self._current: Form | None = None
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "form":
            self._current = Form(
                values.get("action") or values.get("hx-post") or self.page_url,
                (values.get("method") or ("post" if "hx-post" in values else "get")).lower(),
            )
            self.forms.append(self._current)
        if self._current is None or "name" not in values:
            return
        name = values["name"]
        if tag == "input":
            kind = values.get("type", "text")
            if kind == "file":
                self._current.files.append(name)
            elif kind in ("checkbox", "radio"):
                if "checked" in values:
                    self._current.fields[name] = values.get("value", "on")
            elif kind not in ("submit", "button", "reset"):
                self._current.fields.setdefault(name, values.get("value", ""))
        elif tag == "select":
            self._select = name
            self._current.fields.setdefault(name, "")
        elif tag == "textarea":
            self._textarea = name
            self._current.fields.setdefault(name, "")
        elif (
            tag == "option"
            and self._select
            and (not self._current.fields.get(self._select) or "selected" in values)
        ):
            self._current.fields[self._select] = values.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._current = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data: str) -> None:
        if self._current is not None and self._textarea:
            self._current.fields[self._textarea] += data


def forms_of(html: str, page_url: str) -> list[Form]:
    parser = FormParser(page_url)
    parser.feed(html)
    return parser.forms


def routes(resolver: URLResolver | None = None, prefix: str = "") -> Iterator[str]:
    """Every address pattern of the URLconf, as written (``tournaments/<int:pk>/``,
    ``api/^matches/(?P<pk>[^/.]+)/$``)."""
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            yield from routes(entry, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern)


def plain_addresses() -> list[str]:
    """The addresses of the URLconf that take no parameter (the pages and API lists a
    crawl may not reach), without format suffixes and the admin."""
    found = []
    for route in routes():
        path = "/" + route.replace("^", "").replace("$", "")
        if "<" in path or "(" in path or "\\" in path or path.startswith("/admin/"):
            continue
        found.append(path)
    return sorted(set(found))
