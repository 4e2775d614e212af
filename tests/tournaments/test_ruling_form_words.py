"""The ruling form reads the same in every language: every field has a visible label (on
the console, where several disputes share the page, too), and the help texts name the
choices by their own words."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from disputes.forms import RulingForm
from disputes.models import DisputeKind, Ruling
from tests.tournaments.test_console_disputes import disputed_final
from tests.tournaments.tournament_helpers import director_of

LANGUAGES = [code for code, _name in settings.LANGUAGES]
QUOTED = re.compile(r"[“«„\"]([^”»“\"]+)[”»“\"]")


class Controls(HTMLParser):
    """The form controls of the console's ruling forms and the labels of the page."""

    def __init__(self) -> None:
        super().__init__()
        self.in_ruling = 0
        self.controls: list[dict[str, str | None]] = []
        self.labels: dict[str, str] = {}
        self._label_for: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "form" and "console-ruling" in (attributes.get("class") or ""):
            self.in_ruling += 1
        if self.in_ruling and tag in ("input", "select", "textarea") \
                and attributes.get("type") not in ("hidden", "submit"):
            self.controls.append(attributes)
        if tag == "label":
            self._label_for = attributes.get("for")
            self.labels.setdefault(self._label_for or "", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self.in_ruling:
            self.in_ruling -= 1
        if tag == "label":
            self._label_for = None

    def handle_data(self, data: str) -> None:
        if self._label_for:
            self.labels[self._label_for] += data


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_field_of_the_console_ruling_form_has_a_visible_label(
        client: Client, django_capture_on_commit_callbacks, language: str) -> None:
    event, _final, _dispute = disputed_final(django_capture_on_commit_callbacks)
    client.force_login(director_of(event))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.get(reverse("tournaments:console", args=[event.pk]))
    assert page.status_code == 200
    parsed = Controls()
    parsed.feed(page.text)
    names = {control["name"] for control in parsed.controls}
    assert {"ruling", "score1", "score2", "note"} <= names
    for control in parsed.controls:
        assert control.get("id"), control
        assert parsed.labels.get(control["id"], "").strip(), f"{control['name']} has no label"
    ids = [control["id"] for control in parsed.controls]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", [DisputeKind.RESULT, DisputeKind.MOVE, None])
def test_the_help_texts_name_the_choices_by_their_words(language: str, kind: str | None) -> None:
    with translation.override(language):
        form = RulingForm(kind=kind)
        choices = {str(label).split(":")[0].strip().casefold().replace("\u0307", "")
                   for value, label in form.fields["ruling"].choices}
        helps = " ".join(str(field.help_text) for field in form.fields.values())
        named = {name.strip().casefold().replace("\u0307", "") for name in QUOTED.findall(helps)}
    assert named, helps
    assert named <= choices, f"help names {named - choices}, choices are {choices}"
    assert len(named) == len(choices)  # every choice is explained


def test_a_ruling_says_what_happens_to_the_play_or_result() -> None:
    """Not a bare verdict word ("overturned: the play or result stands" read as the
    opposite): each ruling names the complaint and what becomes of the play or result."""
    for ruling in (Ruling.UPHELD, Ruling.OVERTURNED):
        head, _colon, meaning = str(ruling.label).partition(":")
        assert "complaint" in head and "play or result" in meaning, ruling.label
