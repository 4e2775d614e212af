"""The site's chrome: the header and footer of every page (base.html).

They are the same for everyone reading a page in a language: the menus, the language
form, the links marked as the current page. So each is rendered once per process for each
language and page (and signed in or not), and kept in the process; the person's own parts
are put in for each request: the login's name, the unread notices (a small rendering kept
per count), the CSRF token and the page's address (the language form's way back). A new
release starts new processes, so a kept copy never outlives its templates (with DEBUG on,
where templates change under a running server, nothing is kept).

Rendering the header cost about 8 ms a page, more than a kept fragment's whole request.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from notifications.templatetags.notification_tags import menu_unread, notification_badge

# Where the person's parts go in a kept copy: plain words, unchanged by escaping.
PLACES = {name: f"nardy-chrome-{name}-place" for name in ("username", "next", "badge",
                                                          "menu_unread", "csrf")}  # fmt: skip
# At most this many copies in a process: languages × page names × signed in or not, and
# the unread counts' small renderings.
KEPT_AT_MOST = 4096

_kept: dict[tuple[Any, ...], str] = {}


def header(context: Any) -> SafeString:
    """The page's header, for the request in ``context``."""
    request = context["request"]
    match = request.resolver_match
    url_name, app = (match.url_name, match.app_name) if match is not None else (None, None)
    user = context.get("user")  # the auth context processor's (an error page may come first)
    signed_in = bool(getattr(user, "is_authenticated", False))
    html = _rendered(("header", get_language(), url_name, app, signed_in), "nardy/_site_header.html", {
        "url_name": url_name, "app": app, "authenticated": signed_in, "places": PLACES,
        "csrf_token": PLACES["csrf"],
    })
    parts = {"next": conditional_escape(request.get_full_path()), "csrf": get_token(request),
             "username": "", "badge": "", "menu_unread": ""}
    if signed_in:
        badge, menu = notification_badge(context), menu_unread(context)
        parts["username"] = conditional_escape(user.get_username())
        parts["badge"] = _rendered(("badge", get_language(), menu["unread"]),
                                   "notifications/_nav.html", badge)
        parts["menu_unread"] = _rendered(("menu", get_language(), menu["unread"]),
                                         "notifications/_menu_count.html", menu)
    for name, value in parts.items():
        html = html.replace(PLACES[name], value)
    return mark_safe(html)  # the template's output; the parts escaped above


def footer(context: Any) -> SafeString:
    source_url = context.get("source_url", "")
    return mark_safe(_rendered(("footer", get_language(), source_url),
                               "nardy/_site_footer.html", {"source_url": source_url}))


def _rendered(key: tuple[Any, ...], template: str, context: dict[str, Any]) -> str:
    html = None if settings.DEBUG else _kept.get(key)
    if html is None:
        html = render_to_string(template, context)
        if len(_kept) >= KEPT_AT_MOST:
            _kept.clear()
        _kept[key] = html
    return html
