"""URLs: pages at the root, the REST API under /api/, accounts under /accounts/."""

from allauth.account import views as account_views
from django.contrib import admin
from django.urls import include, path

from nardy_site import health, language, pwa, source, views
from nardy_site.data import club_views
from nardy_site.data import views as data_views

# The names pages and tests used with Django's own login views, on allauth's views
# (the same addresses under /accounts/).
account_aliases = [
    path("accounts/login/", account_views.login, name="login"),
    path("accounts/logout/", account_views.logout, name="logout"),
    path("accounts/password/change/", account_views.password_change, name="password_change"),
    path("accounts/password/reset/", account_views.password_reset, name="password_reset"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("health/", health.health, name="health"),
    path("source.tar.gz", source.source, name="source"),
    path("me/data/", data_views.my_data, name="my_data"),
    path("me/delete/", data_views.delete_my_account, name="delete_account"),
    path("clubs/import-archive/", club_views.club_import, name="club_import"),
    path("clubs/import-archive/<str:token>/", club_views.club_import_players,
         name="club_import_players"),
    path("clubs/<slug:slug>/archive.zip", club_views.club_export, name="club_export"),
    path("clubs/<slug:slug>/delete/", club_views.club_delete, name="club_delete"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("session-state/", pwa.session_state, name="session_state"),
    path("", include("clubs.urls")),
    path("", include("leaderboard.urls")),
    path("", include("federations.urls")),
    path("", include("tournaments.urls")),
    path("", include("chouette.urls")),
    path("", include("ladders.urls")),
    path("", include("disputes.urls")),
    path("", include("money.urls")),
    path("", include("analysis.urls")),
    path("", include("games.urls")),
    path("", include("notifications.urls")),
    path("", include("webhooks.urls")),
    *account_aliases,
    path("accounts/", include("allauth.urls")),
    path("api/", include(("nardy_site.api_urls", "api"))),
    path("i18n/setlang/", language.set_language, name="set_language"),
    path("admin/", admin.site.urls),
]

# Errors: JSON in the API's shape under /api/, the site's styled pages elsewhere.
handler400 = "nardy_site.errors.bad_request"
handler403 = "nardy_site.errors.permission_denied"
handler404 = "nardy_site.errors.page_not_found"
handler500 = "nardy_site.errors.server_error"
