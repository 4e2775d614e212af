"""The project's form renderer (settings.FORM_RENDERER): Django's, with a field template
that escapes help texts (nardy_site/templates/nardy/forms/field.html).

Django's own form templates write ``{{ field.help_text|safe }}``, so a help text is HTML:
"Novice * (<N: rating limit)" lost everything from "<N" on. The project's help texts are
plain text, escaped like every other value; one built as HTML on purpose (a SafeString,
such as Django's password rules) is left as it is.
"""

from __future__ import annotations

from django.forms.renderers import DjangoTemplates


class FormRenderer(DjangoTemplates):
    field_template_name = "nardy/forms/field.html"
