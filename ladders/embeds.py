"""A club's public ladder as a page its own website may frame (clubs.embeds): the places
and the open challenges. Private ladders never embed."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from clubs import embeds
from clubs.embeds import EmbedContent, EmbedKind
from clubs.models import Club
from ladders.models import Ladder
from ladders.selectors import open_challenges, rungs

STYLESHEETS = ("ladders/ladders.css",)


def _public_ladders(club: Club) -> list[Ladder]:
    return list(Ladder.objects.filter(club=club, is_public=True).order_by("name", "pk"))


def _listed(club: Club) -> list[tuple[int | None, str]]:
    return [(ladder.pk, ladder.name) for ladder in _public_ladders(club)]


def _ladder(request: HttpRequest, club: Club, pk: int | None) -> EmbedContent | None:
    ladder = Ladder.objects.filter(club=club, is_public=True, pk=pk).first() if pk else None
    if ladder is None:
        return None
    html = render_to_string("ladders/_embed_ladder.html", {
        "ladder": ladder, "rungs": rungs(ladder), "challenges": open_challenges(ladder)}, request)
    return EmbedContent(title=ladder.name, html=html,
                        page_url=request.build_absolute_uri(ladder.get_absolute_url()),
                        stylesheets=STYLESHEETS, height=640)


def register() -> None:
    embeds.register(EmbedKind("ladder", lambda: _("Ladder"), _ladder, _listed))
