"""oEmbed (https://oembed.com): a site that knows the format turns the address of a club's
embed page into the frame to show (clubs.embeds). JSON only; the XML format answers 501,
as the specification asks."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.urls import Resolver404, resolve
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, viewsets
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import BaseRouter

from clubs import embeds
from clubs.models import Club
from common.api import ErrorOutput, QuerySerializer, StrictCharField, error_response

MAX_SIZE = 10_000


class OembedQuery(QuerySerializer):
    url = StrictCharField(max_length=2000, help_text="The address of an embed page "
                          "(/embed/<club>/<kind>/[<id>/]), as the club's settings page shows it.")
    format = serializers.ChoiceField(choices=["json", "xml"], required=False, default="json",
                                     help_text="Only json is given; xml answers 501.")
    maxwidth = serializers.IntegerField(min_value=1, max_value=MAX_SIZE, required=False)
    maxheight = serializers.IntegerField(min_value=1, max_value=MAX_SIZE, required=False)


class OembedOutput(serializers.Serializer):
    type = serializers.ChoiceField(choices=["rich"])
    version = serializers.ChoiceField(choices=["1.0"])
    title = serializers.CharField()
    provider_name = serializers.CharField()
    provider_url = serializers.CharField()
    html = serializers.CharField()
    width = serializers.IntegerField()
    height = serializers.IntegerField()


class XmlAsked(JSONRenderer):
    """Lets ``?format=xml`` reach the view (DRF reads ``format`` as the renderer to use, and
    would answer 404), which answers 501 in JSON, as oEmbed asks of a provider without XML."""

    format = "xml"


class OembedViewSet(viewsets.ViewSet):
    """The frame for a club's public bracket, standings or next events."""

    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer, XmlAsked]
    answers_one_object = True  # one oEmbed answer (common.schema)

    @extend_schema(parameters=[OembedQuery], responses={
        200: OembedOutput,
        404: OpenApiResponse(ErrorOutput, description="The address is not a public embed page."),
        501: OpenApiResponse(ErrorOutput, description="A format other than json."),
    })
    def list(self, request: Request) -> Response:
        query = OembedQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        asked = query.validated_data
        if asked["format"] != "json":
            return error_response("format_not_supported", 501,  # type: ignore[return-value]
                                  _("Only the json format is given."))
        found = _embedded(request, asked["url"])
        if found is None:
            return error_response("not_embeddable", 404,  # type: ignore[return-value]
                                  _("That address is not a public page a club can embed."))
        url, content = found
        width = min(asked.get("maxwidth") or 800, 800)
        height = min(asked.get("maxheight") or content.height, content.height)
        return Response({
            "type": "rich", "version": "1.0", "title": content.title,
            "provider_name": "Nardy", "provider_url": settings.NARDY_SITE_URL + "/",
            "html": embeds.snippet(url, content.title, height).replace('width="100%"', f'width="{width}"'),
            "width": width, "height": height,
        })


def _embedded(request: Request, url: str) -> tuple[str, Any] | None:
    """The embed page at this address, if it is one and shows a public item."""
    try:
        path = urlsplit(url).path
    except ValueError:  # "http://[": not an address at all
        return None
    try:
        match = resolve(path)
    except Resolver404:
        return None
    if match.view_name not in ("clubs:embed", "clubs:embed_item"):
        return None
    club = Club.objects.filter(slug=match.kwargs["slug"]).first()
    kind = embeds.kind(match.kwargs["kind"])
    if club is None or kind is None:
        return None
    content = kind.render(request, club, match.kwargs.get("pk"))
    if content is None:
        return None
    return embeds.embed_url(club, kind.key, match.kwargs.get("pk")), content


def register(router: BaseRouter) -> None:
    router.register("oembed", OembedViewSet, basename="oembed")
