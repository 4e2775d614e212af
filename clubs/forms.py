"""Forms of the club pages. They parse input; the services do the work."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class MergeForm(forms.Form):
    keep = forms.IntegerField(label=_("Keep player (id)"))
    duplicate = forms.IntegerField(label=_("Duplicate to merge into it (id)"))
