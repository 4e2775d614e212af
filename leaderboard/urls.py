from django.urls import path

from leaderboard import views

app_name = "leaderboard"

urlpatterns = [
    path("rankings/", views.rankings, name="rankings"),
    path("rankings/export.csv", views.rankings_csv, name="rankings_csv"),
    path("rankings/players/<int:pk>/", views.player_profile, name="player"),
    path("rankings/head-to-head/", views.head_to_head, name="head_to_head"),
    path("players/", views.player_list, name="player_list"),
    path("rankings/players/<int:pk>/rating.svg", views.rating_chart, name="rating_chart"),
    path("rankings/events/<int:pk>/", views.event_detail, name="event_detail"),
    path(
        "rankings/clubs/<slug:slug>/external-events/new/",
        views.external_event_create,
        name="external_event_create",
    ),
]
