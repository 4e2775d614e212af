from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("clubs/", views.club_list, name="club_list"),
    path("clubs/<slug:slug>/", views.club_detail, name="club_detail"),
    path("tournaments/", views.tournament_list, name="tournament_list"),
    path("rankings/", views.rankings, name="rankings"),
]
