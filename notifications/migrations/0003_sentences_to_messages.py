"""Notifications stored as sentences become a message and its values where the sentence is
recognised, in any of the site's languages; the others keep their text.

The messages are copied here as they were when this migration was written (their
English words, and the old words of the two texts that changed), so later changes to
``notifications.messages`` do not change what this migration does. Each sentence is
matched against each message's words in the row's language first, then in the others;
a value that is a label (a flight, a walkover's reason, a ruling, what a dispute is
about) is turned back into its code, and a dash into no value.
"""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.db import migrations
from django.utils import translation
from django.utils.translation import gettext, pgettext

# name: (kind, title, body, labelled values)
MESSAGES: dict[str, tuple[str, str, str, tuple[str, ...]]] = {
    "pairing_ready": ("pairing", "Your match in %(event)s is ready",
                      ("%(flight)s, round %(round)s: you play %(opponent)s at table %(table)s, a match "
                      "to %(length)s points (time control: %(time_control)s)."), ("flight",)),
    "pairing_changed": ("pairing", "Your pairing in %(event)s changed",
                        ("%(flight)s, round %(round)s: you play %(opponent)s at table %(table)s, a "
                        "match to %(length)s points (time control: %(time_control)s)."), ("flight",)),
    "check_in_open": ("check_in", "Check-in for %(event)s is open",
                      ("Check in from your phone (the tournament page) before %(closes)s; players who "
                      "have not checked in by the draw do not play."), ()),
    "walkover_won": ("forfeit", "You won a match of %(event)s by walkover",
                     "%(flight)s, round %(round)s against %(absent)s: %(reason)s.", ("flight", "reason")),
    "walkover_lost": ("forfeit", "You lost a match of %(event)s by walkover",
                      ("%(flight)s, round %(round)s against %(winner)s: %(reason)s. Ask the director if "
                      "this is a mistake."), ("flight", "reason")),
    "registration_promoted": ("registration", "A place freed up: you are in %(event)s",
                              "You moved up from the waiting list and are now entered.", ()),
    "registration_accepted": ("registration", "You are registered for %(event)s",
                              "Your registration is accepted.", ()),
    "result_to_confirm": ("result_to_confirm", "%(who)s entered a result for you to confirm",
                          "%(score)s. Confirm it, or dispute it if it is wrong.", ()),
    "result_confirmed": ("result", "Result confirmed: %(score)s", "", ()),
    "result_set": ("result", "A director set the result: %(score)s", "Reason: %(reason)s", ()),
    "result_ruled": ("result", "A director set the result: %(score)s",
                     "By the ruling on dispute %(number)s. Note: %(note)s", ()),
    "dispute_opened": ("dispute", "Dispute %(number)s opened about %(what)s",
                       "%(match)s. The engine checks it, then a director rules.", ("what",)),
    "dispute_checked": ("dispute", "The engine has checked dispute %(number)s",
                        "Its verdict on %(what)s is on the dispute's page; a director rules next.",
                        ("what",)),
    "dispute_ruled_score": ("dispute", "Ruling on dispute %(number)s: %(ruling)s",
                            "Official result: %(score)s. Note: %(note)s", ("ruling",)),
    "dispute_ruled": ("dispute", "Ruling on dispute %(number)s: %(ruling)s", "Note: %(note)s",
                      ("ruling",)),
}
# The old words of texts whose English changed since (the catalogues no longer have them).
OLD_WORDS: dict[str, dict[str, str]] = {
    "%(score)s. Confirm it, or dispute it if it is wrong.": {
        "ru": "%(score)s. Подтвердите его или оспорьте, если он неверен.",
    },
    "%(match)s. The engine checks it, then a director rules.": {
        "ru": "%(match)s. Движок проверит его, затем директор вынесет решение.",
    },
    # rounds by their names (a bare number before): the words of the texts before
    "Your match in %(event)s is ready": {
        "ru": "Ваш матч в турнире %(event)s готов",
        "az": "%(event)s turnirində matçınız hazırdır",
        "tr": "%(event)s turnuvasında maçınız hazır",
    },
    "Your pairing in %(event)s changed": {
        "ru": "Ваша пара в турнире %(event)s изменилась",
        "az": "%(event)s turnirində cütünüz dəyişdi",
        "tr": "%(event)s turnuvasında eşleşmeniz değişti",
    },
    ("%(flight)s, round %(round)s: you play %(opponent)s at table %(table)s, a match to "
     "%(length)s points (time control: %(time_control)s)."): {
        "ru": ("%(flight)s, тур %(round)s: вы играете с %(opponent)s за столом %(table)s, матч "
               "до %(length)s очков (контроль времени: %(time_control)s)."),
        "az": ("%(flight)s, tur %(round)s: %(table)s masasında %(opponent)s ilə %(length)s xala "
               "qədər matç oynayırsınız (vaxt nəzarəti: %(time_control)s)."),
        "tr": ("%(flight)s, tur %(round)s: %(table)s masasında %(opponent)s ile %(length)s "
               "puanlık bir maç oynuyorsunuz (süre kontrolü: %(time_control)s)."),
    },
    "%(flight)s, round %(round)s against %(absent)s: %(reason)s.": {
        "ru": "%(flight)s, тур %(round)s против %(absent)s: %(reason)s.",
        "az": "%(flight)s, tur %(round)s, rəqib %(absent)s: %(reason)s.",
        "tr": "%(flight)s, tur %(round)s, rakip %(absent)s: %(reason)s.",
    },
    ("%(flight)s, round %(round)s against %(winner)s: %(reason)s. Ask the director if this is a "
     "mistake."): {
        "ru": ("%(flight)s, тур %(round)s против %(winner)s: %(reason)s. Если это ошибка, "
               "обратитесь к директору."),
        "az": ("%(flight)s, tur %(round)s, rəqib %(winner)s: %(reason)s. Səhvdirsə, direktordan "
               "soruşun."),
        "tr": ("%(flight)s, tur %(round)s, rakip %(winner)s: %(reason)s. Bir hata varsa "
               "yöneticiye sorun."),
    },
}
NUMBERS = {"round", "length", "number"}
# Values that are a name or, when there is none, a label ("A director").
NAME_OR_LABEL = {"who"}
DASH = "—"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


# Labels of coded values (their English words; the catalogues translate them), code first.
LABELS: dict[str, list[tuple[str | None, str, str]]] = {  # value: [(code, context, words)]
    "flight": [("main", "bracket", "Main"), ("consolation", "", "Consolation"),
               ("last_chance", "", "Last chance"), ("group", "", "Round robin"),
               ("swiss", "", "Swiss"), ("losers", "", "Losers' bracket")],
    "reason": [("absent", "", "opponent absent"), ("withdrawn", "", "opponent withdrew"),
               ("no_show", "", "opponent did not come to the table in time"),
               ("late", "", "late entry: plays the consolation only")],
    "ruling": [("upheld", "", "upheld: the complaint is right"),
               ("overturned", "", "overturned: the play or result stands"),
               ("replay", "", "replay from a given position")],
    "what": [("result", "", "a result"), ("move", "", "a move")],
    "who": [(None, "", "A director")],
}


def labels(language: str) -> dict[str, dict[str, str | None]]:
    """Label -> code of each labelled value, in ``language``."""
    with translation.override(language):
        return {name: {(pgettext(context, words) if context else gettext(words)): code
                       for code, context, words in table}
                for name, table in LABELS.items()}


def pattern(words: str) -> re.Pattern[str]:
    parts, seen, last = [], set(), 0
    for found in PLACEHOLDER.finditer(words):
        parts.append(re.escape(words[last:found.start()]))
        name = found.group(1)
        parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
        last = found.end()
    parts.append(re.escape(words[last:]))
    return re.compile("".join(parts), re.DOTALL)


def translated(words: str, language: str) -> list[str]:
    if not words:
        return [""]
    with translation.override(language):
        out = [gettext(words)]
    old = OLD_WORDS.get(words, {}).get(language)
    return out + [old] if old else out


def words_in(words: str, language: str) -> str:
    """The words as they were in ``language`` when this migration was written."""
    return OLD_WORDS.get(words, {}).get(language) or gettext(words)


def recognise(title: str, body: str, language: str) -> tuple[str, dict[str, Any]] | None:
    """The message and values of a stored title and text, or None."""
    languages = [language] + [code for code, _name in settings.LANGUAGES if code != language]
    for code in dict.fromkeys(filter(None, languages)):
        by_label = labels(code)
        for name, (_kind, title_words, body_words, labelled) in MESSAGES.items():
            for title_text in translated(title_words, code):
                found_title = pattern(title_text).fullmatch(title)
                if found_title is None:
                    continue
                for body_text in translated(body_words, code):
                    found_body = pattern(body_text).fullmatch(body) if body_text else (
                        re.fullmatch("", body))
                    if found_body is None:
                        continue
                    values = {**found_body.groupdict(), **found_title.groupdict()}
                    if any(found_body.groupdict().get(k, v) != v for k, v in found_title.groupdict().items()):
                        continue
                    params = params_of(values, labelled, by_label)
                    if params is not None:
                        return name, params
    return None


def params_of(values: dict[str, str], labelled: tuple[str, ...],
              by_label: dict[str, dict[str, str | None]]) -> dict[str, Any] | None:
    params: dict[str, Any] = {}
    for name, value in values.items():
        if name in labelled:
            if value not in by_label[name]:
                return None
            params[name] = by_label[name][value]
        elif name in NAME_OR_LABEL and value in by_label[name]:
            params[name] = by_label[name][value]
        elif value == DASH:
            params[name] = None
        elif name in NUMBERS and value.isdigit():
            params[name] = int(value)
        else:
            params[name] = value
    return params


RULED = "Ruling on dispute %(number)s"  # the reason a ruling gave its result


def ruled(name: str, params: dict[str, Any], language: str) -> tuple[str, dict[str, Any]]:
    """A result set by a dispute's ruling: its reason was the ruling's sentence."""
    if name != "result_set":
        return name, params
    for code in dict.fromkeys([language, *(c for c, _name in settings.LANGUAGES)]):
        for words in translated(RULED, code):
            found = re.fullmatch(pattern(words).pattern + r"(?:: (?P<note>.*))?",
                                 params.get("reason") or "", re.DOTALL)
            if found is not None and found.group("number").isdigit():
                return "result_ruled", {"score": params.get("score"),
                                        "number": int(found.group("number")),
                                        "note": found.group("note") or None}
    return name, params


def forwards(apps, schema_editor) -> None:
    Notification = apps.get_model("notifications", "Notification")
    for row in Notification.objects.filter(message="").iterator():
        found = recognise(row.title, row.body, row.language or settings.LANGUAGE_CODE)
        if found is None:
            continue  # kept as text
        row.message, row.params = ruled(*found, row.language or settings.LANGUAGE_CODE)
        row.title, row.body = "", ""
        row.save(update_fields=["message", "params", "title", "body"])


def backwards(apps, schema_editor) -> None:
    """Messages back into sentences, in each row's language."""
    Notification = apps.get_model("notifications", "Notification")
    for row in Notification.objects.exclude(message="").iterator():
        if row.message not in MESSAGES:
            continue
        _kind, title_words, body_words, labelled = MESSAGES[row.message]
        language = row.language or settings.LANGUAGE_CODE
        codes = {name: {code: label for label, code in table.items()}
                 for name, table in labels(language).items()}
        with translation.override(language):
            values = {}
            for name, value in (row.params or {}).items():
                if name in labelled or name in NAME_OR_LABEL:
                    values[name] = codes[name].get(value, value if value is not None else DASH)
                elif name == "round" and isinstance(value, list):  # a named round: its number
                    values[name] = str(value[2])
                else:
                    values[name] = DASH if value in (None, "") else str(value)
            try:
                row.title = (words_in(title_words, language) % values)[:200]
                row.body = (words_in(body_words, language) % values if body_words else "")[:2000]
            except (KeyError, ValueError, TypeError):
                continue
        row.message, row.params = "", {}
        row.save(update_fields=["message", "params", "title", "body"])


class Migration(migrations.Migration):
    dependencies = [("notifications", "0002_notification_message_params")]

    operations = [migrations.RunPython(forwards, backwards)]
