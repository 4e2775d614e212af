"""Help texts are shown whole, in every way a form is drawn.

The Divisions help, "open: Open; inter: Intermediate <1650; nov: Novice * (<N: rating
limit, *: players choose themselves).", ended at «Новички * (» in Russian: the help text
was written as HTML and the browser took "<N: ..." for a tag. Help texts are plain text,
escaped; one built as HTML on purpose (Django's password rules) stays HTML.
"""

from __future__ import annotations

import html
import re

import pytest
from django import forms
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation
from django.utils.html import format_html

from tournaments.forms.day import EventSettingsForm

PLAIN = "Novice * (<N: rating limit, <b>not bold</b>, & more)"


class SampleForm(forms.Form):
    divisions = forms.CharField(help_text=PLAIN)
    password = forms.CharField(help_text=format_html("<ul><li>{}</li></ul>", "At least 8 characters"))


def _text(fragment: str) -> str:
    """What a reader sees: tags dropped, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def _drawings(form: forms.Form) -> dict[str, str]:
    request = RequestFactory().get("/")
    return {
        "as_div": form.as_div(),
        "as_field_group": str(form["divisions"].as_field_group()) + str(form["password"].as_field_group()),
        "nardy/_form.html": render_to_string("nardy/_form.html", {"form": form}, request=request),
        "account/_fields.html": render_to_string("account/_fields.html", {"form": form},
                                                 request=request),
    }


@pytest.mark.parametrize("drawing", ["as_div", "as_field_group", "nardy/_form.html",
                                     "account/_fields.html"])
def test_a_plain_help_text_is_shown_whole(drawing: str) -> None:
    drawn = _drawings(SampleForm())[drawing]
    assert PLAIN in _text(drawn)
    assert "<b>" not in drawn and "&lt;N: rating limit" in drawn
    # a help text made as HTML stays HTML
    assert "<li>At least 8 characters</li>" in drawn


@pytest.mark.parametrize("language", ["en", "ru", "az", "tr"])
def test_the_divisions_help_is_whole_in_every_language(language: str) -> None:
    with translation.override(language):
        form = EventSettingsForm()
        help_text = str(form.fields["divisions_text"].help_text)
        assert "<N" in help_text
        drawn = form.as_div()
    shown = _text(drawn)
    assert help_text in shown
    assert help_text.rstrip(".").split("(")[-1] in shown
