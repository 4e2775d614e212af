"""The API's OpenAPI schema tells what the API does (drf-spectacular, through its public
extension points: the AutoSchema class and a postprocessing hook).

* Security: an operation open to anonymous readers (a permission derived from
  ``IsAuthenticatedOrReadOnly``, or ``AllowAny``) lists the empty requirement ``{}``
  beside the token; the others need the token.
* Errors: every operation documents each error status it can answer, all in the one
  error shape (``common.api.ErrorOutput``):

  ====  ==============================================================================
  400   input that does not fit the operation's schema (a body, or query parameters)
  401   a missing or invalid token where one is needed, and any invalid token
  403   a signed-in user who may not do this
  404   an id in the path or a page number that does not exist (the address itself)
  406   an Accept header the API cannot answer
  409   input that fits the schema but the rules or the current state refuse it
        (an impossible score, a finished session, a result already confirmed, an id
        in the body that names nothing)
  413   a body above the size limit
  415   a body in a media type the operation does not read
  422   an ``Idempotency-Key`` already used with another request (operations that
        take the header: see common.idempotency)
  429   too many requests (throttles, sign-in lockout)
  ====  ==============================================================================

* Texts: the API trims text input, so a required text made of spaces only is empty;
  request schemas say so with a pattern that asks for a visible character.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import permissions

from common.api import ErrorOutput, decimal_pattern, decimal_whole_bounds
from common.idempotency import KEY_DESCRIPTION, KEY_HEADER, KEY_PATTERN
from common.time_zones import time_zone_names

WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
VISIBLE_TEXT = r"^[^\u0000]*[^\s\u0000][^\u0000]*$"  # one visible character, no NUL
ANY_TEXT = r"^[^\u0000]*$"

DESCRIPTIONS = {
    "400": "The input does not fit this operation's schema; `fields` says where.",
    "401": "A token is needed here, or the token sent is not valid.",
    "403": "The signed-in user may not do this.",
    "404": "Nothing at this address (an id in the path, or the page number).",
    "406": "The Accept header asks for a format the API does not give.",
    "409": (
        "The input fits the schema, but the rules or the current state refuse it "
        "(also an id in the body that names nothing)."
    ),
    "413": "The body is larger than the API takes.",
    "415": "The body is in a media type this operation does not read.",
    "422": "The Idempotency-Key was already used with another request (method, address or body).",
    "429": "Too many requests: wait for the Retry-After seconds.",
}

# The header of the writes a client may send again safely (common.idempotency).
IDEMPOTENCY_KEY = OpenApiParameter(
    KEY_HEADER,
    OpenApiTypes.STR,
    location=OpenApiParameter.HEADER,
    required=False,
    description=KEY_DESCRIPTION,
    pattern=KEY_PATTERN.pattern,
)


class AutoSchema(SpectacularAutoSchema):
    """drf-spectacular's AutoSchema, with the project's security and error statuses."""

    def get_auth(self) -> list[dict[str, Any]]:
        auths = super().get_auth()
        if {} not in auths and self._anonymous_allowed():
            auths.append({})
        return auths

    def _anonymous_allowed(self) -> bool:
        for permission in self.view.get_permissions():
            if isinstance(permission, permissions.AllowAny):
                continue
            if (
                isinstance(permission, permissions.IsAuthenticatedOrReadOnly)
                and self.method in permissions.SAFE_METHODS
            ):
                continue
            return False
        return True

    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        if getattr(self.view, "answers_one_object", False):
            self._unwrap_list(operation)
        error = self.resolve_serializer(ErrorOutput, "response").ref
        content = {"application/json": {"schema": error}}
        for status in self._error_statuses(operation):
            operation["responses"].setdefault(
                status, {"description": DESCRIPTIONS[status], "content": content}
            )
        return operation

    @staticmethod
    def _unwrap_list(operation: dict[str, Any]) -> None:
        """A view whose ``list`` answers one object (a page of rankings with its own
        fields) says so with ``answers_one_object = True``."""
        for response in operation["responses"].values():
            for media in response.get("content", {}).values():
                schema = media.get("schema", {})
                if schema.get("type") == "array" and "items" in schema:
                    media["schema"] = schema["items"]

    def _error_statuses(self, operation: dict[str, Any]) -> list[str]:
        has_body = "requestBody" in operation
        parameters = operation.get("parameters", [])
        in_query = any(p.get("in") == "query" for p in parameters)
        in_path = any(p.get("in") == "path" for p in parameters)
        # 409: the rules or the state may refuse any operation, a read included (the
        # standings of an event whose results no longer add up, a ranking season)
        statuses = ["401", "403", "406", "409", "429"]
        if has_body or in_query:
            statuses.append("400")
        if has_body or in_path or in_query:
            statuses.append("404")
        if self.method in WRITES:
            statuses += ["400", "404", "409", "413", "415"]
        if any(p.get("in") == "header" and p.get("name") == KEY_HEADER for p in parameters):
            statuses.append("422")
        return sorted(set(statuses))


def require_visible_text(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """POSTPROCESSING_HOOKS: the texts of request bodies and query strings as the API
    reads them. It trims spaces away, so a required text (minLength 1) needs one visible
    character, and it refuses NUL characters in any text."""
    schemas = result.get("components", {}).get("schemas", {})
    for name in _request_components(result):
        _tidy_texts(schemas.get(name, {}))
    for item in result.get("paths", {}).values():  # query strings: no NUL either (see
        for operation in item.values():  # nardy_site.errors.ApiAnswers)
            if isinstance(operation, dict):
                for parameter in operation.get("parameters", []):
                    if parameter.get("in") == "query" and isinstance(parameter.get("schema"), dict):
                        _tidy_text(parameter["schema"])
    return result


def _tidy_texts(schema: dict[str, Any]) -> None:
    for prop in schema.get("properties", {}).values():
        _tidy_text(prop)
    if isinstance(schema.get("items"), dict):
        _tidy_text(schema["items"])


def _tidy_text(prop: dict[str, Any]) -> None:
    if prop.get("type") == "object" or "properties" in prop:
        _tidy_texts(prop)
        return
    if prop.get("type") == "array" and isinstance(prop.get("items"), dict):
        _tidy_text(prop["items"])
        return
    if prop.get("type") != "string" or prop.get("readOnly"):
        return
    if {"enum", "pattern", "format"} & set(prop):
        return
    prop["pattern"] = VISIBLE_TEXT if prop.get("minLength", 0) >= 1 else ANY_TEXT


def _request_components(result: dict[str, Any]) -> set[str]:
    names = set()
    for item in result.get("paths", {}).values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            for media in operation.get("requestBody", {}).get("content", {}).values():
                ref = media.get("schema", {}).get("$ref", "")
                if ref:
                    names.add(ref.rsplit("/", 1)[-1])
    return names


class SlugRelatedFieldSchema(OpenApiSerializerFieldExtension):
    """A slug reference (a club's ``nardy-club``) is a non-empty slug: an empty string is
    not "no club", and the API refuses it (400); a slug of no club answers 404."""

    target_class = "rest_framework.relations.SlugRelatedField"

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        if direction == "response":
            return {"type": "string"}
        return {"type": "string", "minLength": 1, "pattern": r"^[-a-zA-Z0-9_]+$"}


class DecimalFieldSchema(OpenApiSerializerFieldExtension):
    """A decimal is sent as a string of digits (``"7"``, ``"4.5"``): at least one digit,
    no more places than the field keeps, and no minus sign where the field starts at 0;
    or as a whole JSON number (``7``) within the field's digits (see
    common.api.StrictDecimalField). Other bounds are the domain's (a 409 with its
    sentence)."""

    target_class = "rest_framework.fields.DecimalField"

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        field = self.target
        if direction == "response":
            return {"type": "string", "format": "decimal"}
        number = decimal_pattern(field)
        lowest, highest = decimal_whole_bounds(field)
        whole = {"type": "integer", "minimum": lowest, "maximum": highest}
        if field.allow_null:  # DRF reads a blank string as null in a field that allows it
            text = {
                "type": "string",
                "format": "decimal",
                "pattern": rf"^(?:\s*|{number})$",
                "description": "Empty: none.",
            }
        else:
            text = {"type": "string", "format": "decimal", "pattern": rf"^{number}$"}
        return {"oneOf": [text, whole]}


class StrictDecimalFieldSchema(DecimalFieldSchema):
    """The same for the project's StrictDecimalField (extensions match their exact class)."""

    target_class = "common.api.StrictDecimalField"


class TimeZoneFieldSchema(OpenApiSerializerFieldExtension):
    """A time zone is one of the IANA names the site knows (common.time_zones), or empty
    where the field allows it: the schema lists them, as the forms' lists do."""

    target_class = "common.api.TimeZoneField"

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        if direction == "response":
            return {"type": "string"}
        names = list(time_zone_names())
        return {"type": "string", "enum": [""] + names if self.target.allow_blank else names}


class JSONFieldSchema(OpenApiSerializerFieldExtension):
    """A JSON field takes any JSON value but null (unless it allows null): DRF refuses
    null in a JSON field that does not allow it, so the schema says so."""

    target_class = "rest_framework.fields.JSONField"

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        if direction == "response" or self.target.allow_null:
            return {}
        return {
            "anyOf": [
                {"type": "object", "additionalProperties": True},
                {"type": "array", "items": {}},
                {"type": "string"},
                {"type": "number"},
                {"type": "boolean"},
            ]
        }


class ListSerializerSchema(OpenApiSerializerFieldExtension):
    """A nested list of objects (``many=True``) with its bounds: DRF refuses more than
    ``max_length`` items, or none when it may not be empty, so the schema says so."""

    target_class = "rest_framework.serializers.ListSerializer"

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        target = self.target
        schema: dict[str, Any] = {
            "type": "array",
            "items": auto_schema.resolve_serializer(target.child, direction).ref,
        }
        if target.max_length is not None:
            schema["maxItems"] = target.max_length
        if target.min_length is not None:
            schema["minItems"] = target.min_length
        elif not target.allow_empty:
            schema["minItems"] = 1
        return schema


class BooleanFieldSchema(OpenApiSerializerFieldExtension):
    """What DRF reads as a boolean: true and false, and also 0, 1 and the words it knows
    ("yes", "off", ...), as a form would send them."""

    target_class = "rest_framework.fields.BooleanField"

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        if direction == "response":
            return {"type": "boolean"}
        field = self.target
        words = sorted(
            value for value in (*field.TRUE_VALUES, *field.FALSE_VALUES) if isinstance(value, str)
        )
        return {
            "oneOf": [
                {"type": "boolean"},
                {"type": "integer", "enum": [0, 1]},
                {"type": "string", "enum": words},
            ]
        }
