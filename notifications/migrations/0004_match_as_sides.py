"""A dispute's match was stored as text ("Aram P. – to be decided"), with «to be decided»
in the language of whoever caused the notification. It becomes its two sides, a name or
``None`` for a player not yet known, named in each reader's language when shown
(``notifications.messages.a_match``). Only texts with the placeholder, in any of the
site's languages, change; the others (a club's name, two known players) are shown as
they are.
"""

from __future__ import annotations

from django.conf import settings
from django.db import migrations
from django.utils import translation
from django.utils.translation import gettext

SEPARATOR = " – "
PLACEHOLDER = "to be decided"  # the games catalogue's words, as they are when this was written


def placeholders() -> set[str]:
    words = set()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            words.add(gettext(PLACEHOLDER))
    return words


def forwards(apps, schema_editor) -> None:
    Notification = apps.get_model("notifications", "Notification")
    unknown = placeholders()
    for row in Notification.objects.filter(message="dispute_opened").iterator():
        params = dict(row.params or {})
        text = params.get("match")
        if not isinstance(text, str) or text.count(SEPARATOR) != 1:
            continue
        sides = text.split(SEPARATOR)
        if not any(side in unknown for side in sides):
            continue
        params["match"] = [None if side in unknown else side for side in sides]
        row.params = params
        row.save(update_fields=["params"])


def backwards(apps, schema_editor) -> None:
    """Sides back into text, in each row's language."""
    Notification = apps.get_model("notifications", "Notification")
    for row in Notification.objects.filter(message="dispute_opened").iterator():
        params = dict(row.params or {})
        sides = params.get("match")
        if not isinstance(sides, list) or len(sides) != 2:
            continue
        with translation.override(row.language or settings.LANGUAGE_CODE):
            params["match"] = SEPARATOR.join(side or gettext(PLACEHOLDER) for side in sides)
        row.params = params
        row.save(update_fields=["params"])


class Migration(migrations.Migration):
    dependencies = [("notifications", "0003_sentences_to_messages")]

    operations = [migrations.RunPython(forwards, backwards)]
