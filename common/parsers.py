"""The API's body parsers: DRF's, with a sentence in the reader's language for a body
that cannot be read, and no 500 for one nested too deeply.

DRF's parsers answer a bad body with "JSON parse error - <Python's message>" (English,
technical) and let a ``RecursionError`` (a JSON body nested some thousand levels deep)
through as a 500. These raise ``ParseError`` (400, code ``parse_error``) instead.
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError


def not_json(error: BaseException) -> ParseError:
    if isinstance(error, json.JSONDecodeError):
        return ParseError(
            _("The body is not valid JSON: line %(line)s, column %(column)s.")
            % {"line": error.lineno, "column": error.colno}
        )
    if isinstance(error, RecursionError):
        return ParseError(_("The body is not valid JSON: it is nested too deeply."))
    if isinstance(error, UnicodeError | LookupError):
        return ParseError(_("The body is not valid JSON: its text cannot be read (send UTF-8)."))
    # DRF's own refusals (NaN, Infinity) and anything else json refuses
    return ParseError(_("The body is not valid JSON."))


class JSONParser(parsers.JSONParser):
    def parse(
        self, stream: Any, media_type: str | None = None, parser_context: dict | None = None
    ) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except ParseError as refused:
            raise not_json(refused.__cause__ or refused.__context__ or refused) from None
        except (RecursionError, LookupError) as error:
            raise not_json(error) from None


class MultiPartParser(parsers.MultiPartParser):
    def parse(
        self, stream: Any, media_type: str | None = None, parser_context: dict | None = None
    ) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except (ParseError, LookupError, ValueError):
            raise ParseError(_("The body is not a valid multipart form.")) from None


class FormParser(parsers.FormParser):
    def parse(
        self, stream: Any, media_type: str | None = None, parser_context: dict | None = None
    ) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except (LookupError, ValueError):
            raise ParseError(_("The body is not a valid form.")) from None
