"""The embed pages (clubs.embeds): a bare page, framed by the club's own site."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_safe

from clubs import embeds
from clubs.models import Club


@xframe_options_exempt  # frame-ancestors (below) names who may frame it instead
@require_safe
def embed(request: HttpRequest, slug: str, kind: str, pk: int | None = None) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    found = embeds.kind(kind)
    content = found.render(request, club, pk) if found is not None else None
    if content is None:  # no such kind, or the item is private or not the club's
        raise Http404
    response = render(request, "clubs/embed.html", {"club": club, "content": content})
    response.frame_ancestors = embeds.frame_ancestors(club)  # nardy_site.framing
    return response
