"""An irreversible action asks once.

A page's htmx button asks with ``hx-confirm`` and posts ``confirmed=1`` (``hx-vals``); a
form posted without it (no JavaScript, or a plain form) is answered with the question on a
page of its own (``common/confirm.html``), whose button posts the same fields again,
confirmed. So the person is asked exactly once either way."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

CONFIRMED = "confirmed"  # the field a confirmed irreversible action is posted with


def ask_first(request: HttpRequest, question: str, *, back: str, about: str = "") -> HttpResponse | None:
    """The confirmation page for ``question`` (``back``: where "No" leads; ``about``: what
    the page's title names), or None when the action was posted confirmed: go on."""
    if request.POST.get(CONFIRMED) == "1":
        return None
    fields = [(name, value) for name, values in request.POST.lists()
              if name not in ("csrfmiddlewaretoken", CONFIRMED) for value in values[:50]]
    return render(request, "common/confirm.html", {
        "question": question, "action": request.path, "fields": fields[:200], "back": back,
        "about": about,
    })
