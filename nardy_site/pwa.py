"""The progressive web app: the manifest and the service worker at the site's root.

The worker is built by Workbox (nardy_site/service_worker/build.mjs, the Makefile's node
step) into build/pwa/; it is served here at /sw.js so that its scope is the whole site
(``Service-Worker-Allowed: /``), never cached by the browser's HTTP cache (a new build
must reach phones at their next visit). Workbox's libraries beside it are static files.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

THEME_COLOUR = "#6b3e1f"  # the board's frame in favicon.svg
BACKGROUND_COLOUR = "#fffdf7"


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    path = settings.PWA_BUILD_DIR / "sw.js"
    try:
        script = path.read_bytes()
    except FileNotFoundError:
        raise Http404(_("There is nothing at this address.")) from None
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
@never_cache
def session_state(request: HttpRequest) -> JsonResponse:
    """Who is signed in here now, and a fresh CSRF token: what a page needs before it
    sends the entries it kept offline (its own token may be older than a sign-in)."""
    user = request.user.pk if request.user.is_authenticated else None
    return JsonResponse({"user": user, "csrf": get_token(request)})


@require_GET
@never_cache
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest, in the reader's language."""
    icons = [
        {"src": static("nardy/icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("nardy/icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {"src": static("nardy/icons/icon-512-maskable.png"), "sizes": "512x512",
         "type": "image/png", "purpose": "maskable"},
        {"src": static("nardy/favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    body = {
        "name": _("Nardy"),
        "short_name": _("Nardy"),
        "description": _(
            "Nardy: club tournaments, matches and chouettes of short backgammon and long nardy."
        ),
        "lang": request.LANGUAGE_CODE,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": icons,
    }
    return JsonResponse(body, content_type="application/manifest+json",
                        json_dumps_params={"ensure_ascii": False})
