"""Layout helpers shared by every page.

``{% scrollbox label %}…{% endscrollbox %}`` puts a wide table (or a bracket) in a box
that scrolls sideways by itself, so the page never does: the box can be reached and
scrolled with the keyboard (tabindex, a named region), shows a hint when its content is
wider than the screen (nardy/site.js) and fades at the edge that hides more.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.template.base import FilterExpression, Parser, Token
from django.template.loader import render_to_string

from nardy_site import chrome

register = template.Library()


class ScrollboxNode(template.Node):
    def __init__(self, label: FilterExpression, nodelist: template.NodeList,
                 extra_class: FilterExpression | None) -> None:
        self.label = label
        self.nodelist = nodelist
        self.extra_class = extra_class

    def render(self, context: template.Context) -> str:
        return render_to_string("nardy/_scrollbox.html", {
            "label": self.label.resolve(context),
            "content": self.nodelist.render(context),
            "extra_class": self.extra_class.resolve(context) if self.extra_class else "",
        })


@register.tag
def scrollbox(parser: Parser, token: Token) -> ScrollboxNode:
    """``{% scrollbox _("Results") %}`` or ``{% scrollbox _("Bracket") "bracket-box" %}``."""
    bits = token.split_contents()
    if len(bits) not in (2, 3):
        raise template.TemplateSyntaxError(
            "scrollbox takes a label (the region's name) and an optional CSS class")
    nodelist = parser.parse(("endscrollbox",))
    parser.delete_first_token()
    extra = parser.compile_filter(bits[2]) if len(bits) == 3 else None
    return ScrollboxNode(parser.compile_filter(bits[1]), nodelist, extra)


@register.simple_tag(takes_context=True)
def query_with(context: Any, **changes: Any) -> str:
    """The current query string with some parameters changed (``page=3``); for pagers
    and filters, so that following a page link keeps the filters."""
    query = context["request"].GET.copy()
    for key, value in changes.items():
        if value in (None, ""):
            query.pop(key, None)
        else:
            query[key] = value
    encoded = query.urlencode()
    return f"?{encoded}" if encoded else "?"


@register.simple_tag(takes_context=True)
def query_page(context: Any, number: int, param: str = "") -> str:
    """``query_with`` for a pager: the list's page parameter (``param``, "page" unless a
    page holds two lists with pages of their own) set to ``number``."""
    return query_with(context, **{param or "page": number})


@register.filter
def page_window(paginator: Any, number: int) -> list[int | None]:
    """The page numbers to link: the first, the last, two around ``number``; None for a gap."""
    last = paginator.num_pages
    shown = sorted({1, last, *range(max(1, number - 2), min(last, number + 2) + 1)})
    out: list[int | None] = []
    for page in shown:
        if out and page - (out[-1] or 0) > 1:
            out.append(None)
        out.append(page)
    return out


@register.simple_tag(takes_context=True)
def site_header(context: template.Context) -> str:
    """Every page's header (menus, language, account), kept per language and page."""
    return chrome.header(context)


@register.simple_tag(takes_context=True)
def site_footer(context: template.Context) -> str:
    return chrome.footer(context)
