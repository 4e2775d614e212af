"""URLs: pages at the root, the REST API under /api/, accounts under /accounts/."""

from django.contrib import admin
from django.urls import include, path

from nardy_site import health, views

urlpatterns = [
    path("", views.home, name="home"),
    path("health/", health.health, name="health"),
    path("", include("clubs.urls")),
    path("", include("leaderboard.urls")),
    path("", include("tournaments.urls")),
    path("", include("chouette.urls")),
    path("", include("disputes.urls")),
    path("", include("money.urls")),
    path("", include("games.urls")),
    path("", include("notifications.urls")),
    path("", include("webhooks.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/", include(("nardy_site.api_urls", "api"))),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
