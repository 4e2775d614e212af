"""The REST API's error contract, and helpers every app's API uses.

Every error the API answers has one JSON shape (documented in the schema's description)::

    {"error": {"code": "impossible_score",
               "message": "In a 5-point match only one player can reach 5.",
               "fields": {"score1": ["…"]}}}

``code`` is stable (for programs), ``message`` one sentence in the request's language,
``fields`` the input fields at fault with their sentences (empty when the error is not
about one field). :func:`exception_handler` is DRF's EXCEPTION_HANDLER: it answers
``DomainError`` (409: well-formed input the rules refuse, or 403 for ``NotAllowed``),
input that does not fit the schema (400; 409 when it is well formed but names an
object that does not exist: a 404 would say the address itself is gone) and DRF's own errors (401, 403, 404, 405, 406, 413, 415, 429) in this shape; :func:`error_response` builds it
for the project's handler404/handler500 and middleware, so no answer under /api/ is HTML.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.validators import ProhibitNullCharactersValidator
from django.db import models
from django.http import Http404, JsonResponse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from rest_framework import exceptions, serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from common.bounds import ID_MAX, ID_MIN, parse_id
from common.errors import DomainError, sentence_of, tidy
from common.time_zones import validate_time_zone

NOT_AN_ID = _("Give an id: a whole number from 1 to %(highest)s.")
NOTHING_WITH_THIS_ID = _("There is nothing with this id here.")
INVALID = _("Some of the data sent is not valid: see the fields.")
EMPTY_PARAMETER = _("Give a value, or leave the parameter out.")

# Sentences for the errors that have no sentence of their own (Django's, or DRF's
# defaults where they read badly); DRF's translated details are kept otherwise.
SENTENCES: dict[str, Any] = {
    "not_found": _("There is nothing at this address."),
    "permission_denied": _("You may not do this."),
    "not_authenticated": _("Sign in first: this needs a logged-in user or an API token."),
    "server_error": _("Something went wrong on the server; the error has been logged."),
    "bad_request": _("The request could not be understood."),
    "request_too_large": _("The request is too large."),
}


class ErrorDetailOutput(serializers.Serializer):
    code = serializers.CharField(help_text="Stable, for programs: invalid, not_found, ...")
    message = serializers.CharField(help_text="One sentence for a person, in their language.")
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="The input fields at fault (nested ones dotted) and what is wrong with each.",
    )


class ErrorOutput(serializers.Serializer):
    """Every error the API answers (see the API's description)."""

    error = ErrorDetailOutput()


def error_body(code: str, message: str, fields: Mapping[str, Any] | None = None) -> dict:
    return {"error": {"code": code, "message": tidy(str(message)), "fields": dict(fields or {})}}


def error_response(code: str, status: int, message: Any = None) -> JsonResponse:
    """A plain Django JSON answer in the API's error shape (outside DRF's views)."""
    text = message if message is not None else SENTENCES.get(code, code)
    return JsonResponse(error_body(code, str(text)), status=status)


def exception_handler(exc: Exception, context: Mapping[str, Any]) -> Response | None:
    """DRF's EXCEPTION_HANDLER: every error in the one JSON shape."""
    if isinstance(exc, DomainError):
        message = sentence_of(exc)
        fields = {exc.field: [message]} if exc.field else {}
        return Response(error_body(exc.code, message, fields), status=exc.status)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(SENTENCES["not_found"])
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or SENTENCES["permission_denied"])
    response = drf_exception_handler(exc, context)  # headers: WWW-Authenticate, Retry-After
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    if isinstance(exc, exceptions.ValidationError):
        fields = flatten(exc.detail)
        messages = [message for texts in fields.values() for message in texts]
        message = messages[0] if len(messages) == 1 else str(INVALID)
        loose = fields.pop(serializers.api_settings.NON_FIELD_ERRORS_KEY, None)
        if loose and len(messages) == len(loose):
            message = " ".join(loose)  # an error of the whole input, not of one field
        response.data = error_body("invalid", message, fields)
        if _only_missing_objects(exc.detail):  # well-formed ids of nothing that exists: the
            response.data["error"]["code"] = "not_found"  # state refuses them (409); a 404
            response.status_code = 409  # is only for the address (path, page) itself
        return response
    code = exc.get_codes() if isinstance(exc.get_codes(), str) else exc.default_code
    detail = exc.detail if isinstance(exc.detail, str) else exc.default_detail
    if isinstance(exc, exceptions.Throttled):  # DRF's is half translated ("… Expected …")
        detail = throttled_sentence(exc.wait)
    if code in ("not_authenticated", "permission_denied") and str(detail) == str(
        exc.default_detail
    ):
        detail = SENTENCES[str(code)]
    response.data = error_body(str(code), str(detail))
    return response


def throttled_sentence(wait: float | None) -> str:
    """Too many requests, and how long to wait, in the reader's language."""
    if wait is None:
        return str(_("Too many requests. Wait a little and try again."))
    seconds = max(1, int(wait))  # as the Retry-After header says it
    return ngettext(
        "Too many requests. Try again in %(seconds)d second.",
        "Too many requests. Try again in %(seconds)d seconds.",
        seconds,
    ) % {"seconds": seconds}


def referenced(queryset: Any, field: str, **lookup: Any) -> Any:
    """The object an input field (of a body) names, as ``get_object_or_404`` finds it, but
    an id of nothing is refused as input (409, not_found, naming the field): a 404 would
    say the address itself is gone."""
    manager = getattr(queryset, "_default_manager", queryset)
    try:
        return manager.get(**lookup)
    except (ObjectDoesNotExist, ValueError, TypeError, OverflowError):
        raise exceptions.ValidationError(
            {field: [NOTHING_WITH_THIS_ID]}, code="does_not_exist"
        ) from None


def _only_missing_objects(detail: Any) -> bool:
    """Whether every error in a DRF error detail is an id of nothing (does_not_exist)."""
    codes: list[str] = []

    def collect(item: Any) -> None:
        if isinstance(item, Mapping):
            for value in item.values():
                collect(value)
        elif isinstance(item, list):
            for value in item:
                collect(value)
        else:
            codes.append(getattr(item, "code", ""))

    collect(detail)
    return bool(codes) and all(code == "does_not_exist" for code in codes)


def flatten(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    """DRF's nested error details as {"field": [sentences]}, nested fields dotted:
    ``doubles.0.answers.1.player``."""
    if isinstance(detail, Mapping):
        fields: dict[str, list[str]] = {}
        for key, value in detail.items():
            fields.update(flatten(value, f"{prefix}.{key}" if prefix else str(key)))
        return fields
    if isinstance(detail, list) and any(isinstance(item, (Mapping, list)) for item in detail):
        fields = {}
        for index, item in enumerate(detail):
            if item:
                fields.update(flatten(item, f"{prefix}.{index}" if prefix else str(index)))
        return fields
    texts = detail if isinstance(detail, list) else [detail]
    key = prefix or serializers.api_settings.NON_FIELD_ERRORS_KEY
    return {key: [tidy(str(text)) for text in texts]}


def query_id(request: Request, name: str) -> int | None:
    """The id in query parameter ``name``; None when absent or empty; 400 when no id."""
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    value = parse_id(raw)
    if value is None:
        raise exceptions.ValidationError({name: [NOT_AN_ID % {"highest": ID_MAX}]}, code="invalid")
    return value


class Pagination(PageNumberPagination):
    """DRF's page numbers, with ``?page=`` given empty refused (400) as the schema's
    integer says, instead of read as the first page."""

    def get_page_number(self, request: Any, paginator: Any) -> Any:
        raw = request.query_params.get(self.page_query_param)
        if raw == "":
            raise exceptions.ValidationError(
                {self.page_query_param: [str(EMPTY_PARAMETER)]}, code="invalid"
            )
        return super().get_page_number(request, paginator)


class QuerySerializer(serializers.Serializer):
    """The query parameters of a GET. One given empty (``?start=``) is refused (400) like
    any other value that does not fit its schema, unless the field allows blanks; DRF
    would otherwise take it as absent."""

    def to_internal_value(self, data: Any) -> Any:
        empty = [
            name
            for name, field in self.fields.items()
            if name in data and data.get(name) == "" and not getattr(field, "allow_blank", False)
        ]
        if empty:
            raise exceptions.ValidationError({name: [str(EMPTY_PARAMETER)] for name in empty})
        return super().to_internal_value(data)


def id_field(**kwargs: Any) -> serializers.IntegerField:
    """A serializer field for an id sent in a body: 1 to 2**63 − 1."""
    return serializers.IntegerField(min_value=ID_MIN, max_value=ID_MAX, **kwargs)


__all__ = [
    "INVALID",
    "NOT_AN_ID",
    "SENTENCES",
    "ErrorDetailOutput",
    "ErrorOutput",
    "Pagination",
    "QuerySerializer",
    "StrictCharField",
    "StrictDecimalField",
    "StrictEmailField",
    "StrictModelSerializer",
    "StrictSlugField",
    "StrictSlugRelatedField",
    "decimal_pattern",
    "decimal_whole_bounds",
    "error_body",
    "error_response",
    "exception_handler",
    "flatten",
    "id_field",
    "query_id",
]


class _StringsOnly:
    """Refuses a JSON number, boolean or object where the schema says string: DRF's own
    string fields would turn ``5`` into ``"5"``, accepting what the schema forbids. And a
    NUL character, before a related field looks it up (PostgreSQL answers 500 to it)."""

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, str):
            self.fail("invalid")  # type: ignore[attr-defined]
        if "\x00" in data:
            raise serializers.ValidationError(
                ProhibitNullCharactersValidator.message, code="null_characters_not_allowed"
            )
        return super().to_internal_value(data)  # type: ignore[misc]


class StrictCharField(_StringsOnly, serializers.CharField):
    """A CharField that takes strings only."""


class StrictEmailField(_StringsOnly, serializers.EmailField):
    """An EmailField that takes strings only."""


class StrictSlugField(_StringsOnly, serializers.SlugField):
    """A SlugField that takes strings only."""


class StrictSlugRelatedField(_StringsOnly, serializers.SlugRelatedField):
    """A SlugRelatedField (an object named by its slug) that takes strings only."""


class TimeZoneField(StrictCharField):
    """An IANA time zone's name (``Europe/Berlin``), or empty where the field allows it.
    The schema lists the names it takes (common.schema.TimeZoneFieldSchema), so a client
    knows them without a refusal; another name is refused with the sentence of
    :func:`common.time_zones.validate_time_zone`."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 64)
        super().__init__(**kwargs)
        if validate_time_zone not in self.validators:
            self.validators.append(validate_time_zone)


def decimal_pattern(field: serializers.DecimalField) -> str:
    """The decimals ``field`` takes, as a regular expression without anchors (the same in
    Python and in the schema): digits (ASCII), an optional point and at most the field's
    places, a minus sign only where the field may be negative; no exponent, no spaces."""
    places = field.decimal_places or 0
    whole = (field.max_digits or 20) - places
    sign = "" if field.min_value is not None and field.min_value >= 0 else "-?"
    fraction = rf"(?:\.[0-9]{{0,{places}}})?" if places else ""
    only_fraction = rf"|\.[0-9]{{1,{places}}}" if places else ""
    return rf"{sign}(?:[0-9]{{1,{whole}}}{fraction}{only_fraction})"


class StrictDecimalField(serializers.DecimalField):
    """A DecimalField that takes what the schema says (common.schema.DecimalFieldSchema):
    a string matching :func:`decimal_pattern` (a blank one when the field allows null), or
    a whole JSON number within the field's digits. DRF's own would also take a fraction as
    a JSON number, an exponent ("1e3") or surrounding spaces."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, bool) or not isinstance(data, (str, int, float)):
            self.fail("invalid")
        if isinstance(data, float) and not data.is_integer():
            self.fail("invalid")
        if (isinstance(data, str) and not (self.allow_null and not data.strip())
                and re.fullmatch(decimal_pattern(self), data) is None):
            self.fail("invalid")
        return super().to_internal_value(data)


def decimal_whole_bounds(field: serializers.DecimalField) -> tuple[int, int]:
    """The whole numbers ``field`` takes as JSON numbers."""
    places = field.decimal_places or 0
    highest = 10 ** ((field.max_digits or 20) - places) - 1
    lowest = 0 if field.min_value is not None and field.min_value >= 0 else -highest
    return lowest, highest


class StrictModelSerializer(serializers.ModelSerializer):
    """A ModelSerializer whose text fields take strings only (see :class:`StrictCharField`)."""

    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.CharField: StrictCharField,
        models.TextField: StrictCharField,
        models.SlugField: StrictSlugField,
        models.EmailField: StrictEmailField,
        models.DecimalField: StrictDecimalField,
    }

    def build_standard_field(self, field_name: str, model_field: models.Field) -> tuple[type, dict]:
        field_class, kwargs = super().build_standard_field(field_name, model_field)
        if validate_time_zone in model_field.validators:  # a model's time zone name
            field_class = TimeZoneField
        return field_class, kwargs


def answer(run: Callable[[], Any], ok_status: int = 200) -> Response:
    """Run a service and answer what it gives, with ``ok_status``: the one way an API view
    runs a write. Its errors (the DomainError family) are answered by
    :func:`exception_handler` in the one error shape: 409, or 403 for a refusal of who
    asks. A Django ``ValidationError`` it raises (a model's ``full_clean``) is the rules
    refusing input that fits the schema: a domain error too (:func:`refusal`)."""
    try:
        data = run()
    except ValidationError as error:
        raise refusal(error) from None
    return Response(data, status=ok_status)


def refusal(error: ValidationError) -> DomainError:
    """A service's ``ValidationError`` as a domain error (409): its first message, with
    its code and the field at fault."""
    if hasattr(error, "error_dict"):
        field, errors = next(iter(error.error_dict.items()))
    else:
        field, errors = None, error.error_list
    return DomainError(errors[0].code or "invalid", errors[0].messages[0], field=field)
