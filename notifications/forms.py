"""The preferences form: email on or off, a Telegram chat id, what to mute where."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from notifications import channels as channel_registry
from notifications.models import Kind, Preference


class PreferenceForm(forms.Form):
    email = forms.BooleanField(label=_("Send me emails"), required=False)
    telegram_chat_id = forms.CharField(
        label=_("Telegram chat id"), required=False, max_length=40,
        help_text=_("Start a chat with the club's bot and give the number it shows you."),
    )

    def __init__(self, *args: Any, preference: Preference, **kwargs: Any) -> None:
        super().__init__(*args, initial={"email": preference.email,
                                         "telegram_chat_id": preference.telegram_chat_id}, **kwargs)
        if not settings.NARDY_TELEGRAM_BOT_TOKEN:
            del self.fields["telegram_chat_id"]
        self.muted_choices = [f"{kind}:{channel}" for kind in Kind.values
                              for channel in channel_registry.CHANNELS]

    def service_fields(self) -> dict[str, Any]:
        wanted = set(self.data.getlist("wanted")) if hasattr(self.data, "getlist") else set()
        return {
            "email": self.cleaned_data["email"],
            "telegram_chat_id": self.cleaned_data.get("telegram_chat_id", ""),
            "muted": [choice for choice in self.muted_choices if choice not in wanted],
        }
