"""The entity tag of a chouette table's live fragments (the table, the running ledger):
the table's version, counted by every write, as this person reads it (their forms,
their language). Polls that send it back are answered 304 while it holds."""

from __future__ import annotations

from django.http import HttpRequest

from chouette.models import ChouetteSession


def table_etag(request: HttpRequest, session: ChouetteSession, part: str = "table") -> str:
    user = request.user.pk if request.user.is_authenticated else 0
    language = getattr(request, "LANGUAGE_CODE", "")
    return f'"chouette-{part}-{session.pk}-{session.version}-{user}-{language}"'
