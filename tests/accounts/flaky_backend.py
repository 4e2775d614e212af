"""An email backend for tests whose server fails a given number of times first."""

from __future__ import annotations

import smtplib

from django.core.mail.backends.locmem import EmailBackend

FAILURES = {"left": 0, "attempts": 0}


class FlakyBackend(EmailBackend):
    def send_messages(self, messages):
        FAILURES["attempts"] += 1
        if FAILURES["left"] > 0:
            FAILURES["left"] -= 1
            raise smtplib.SMTPServerDisconnected("the server hung up")
        return super().send_messages(messages)
