"""Abuse protection: the lockout answer of django-axes, the API's search throttle and the
token endpoint that tells a locked-out client so.

Settings are in nardy_site/settings.py ("Abuse"): lockout after NARDY_LOGIN_FAILURES
failed logins from one address, for 15 minutes, on the login page, the admin login and
/api/token/; DRF throttles for anonymous and signed-in clients, stricter for searches.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.request import Request
from rest_framework.response import Response

from common.api import StrictCharField, error_response
from common.parsers import FormParser, JSONParser, MultiPartParser
from nardy_site.errors import error_page, is_api
from nardy_site.throttles import LoginRateThrottle

WRONG_CREDENTIALS = _("That username and password do not match an account.")
LOCKED_OUT = _("Too many failed sign-ins from here: signing in is locked for %(minutes)s minutes.")


def lockout_minutes() -> int:
    return int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)


def lockout_response(
    request: HttpRequest, original_response: Any = None, credentials: Any = None
) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: 429, as JSON in the API's shape under /api/, else the site's
    styled page, in the reader's language."""
    sentence = LOCKED_OUT % {"minutes": lockout_minutes()}
    response = (
        error_response("locked_out", 429, sentence)
        if is_api(request)
        else error_page(request, 429, sentence)
    )
    response["Retry-After"] = str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    return response


class LockedOut(exceptions.APIException):
    status_code = 429
    default_code = "locked_out"


class ApiTokenInput(serializers.Serializer):
    username = StrictCharField(max_length=150)
    password = StrictCharField(max_length=4096, trim_whitespace=False)


class ApiTokenOutput(serializers.Serializer):
    token = StrictCharField(
        help_text='Send it as "Authorization: Token <token>" with every request.'
    )


class TokenView(ObtainAuthToken):
    """POST username and password, get the API token. Wrong credentials answer 401;
    failed attempts count towards the lockout of the sign-in page (django-axes), and a
    locked-out client is told so (429)."""

    throttle_classes = [LoginRateThrottle]
    parser_classes = [FormParser, MultiPartParser, JSONParser]  # ObtainAuthToken's, ours

    @extend_schema(request=ApiTokenInput, responses=ApiTokenOutput, auth=[{}])
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        ApiTokenInput(data=request.data).is_valid(raise_exception=True)  # the shape first: 400
        try:
            return super().post(request, *args, **kwargs)
        except exceptions.ValidationError as error:
            if getattr(request, "axes_locked_out", False):
                raise LockedOut(LOCKED_OUT % {"minutes": lockout_minutes()}) from None
            raise exceptions.AuthenticationFailed(WRONG_CREDENTIALS) from error
