from django.urls import path

from analysis import views

app_name = "analysis"

urlpatterns = [
    path("matches/<int:pk>/analysis/", views.match_analysis, name="match_analysis"),
    path("analysis/my-pr/", views.my_pr_privacy, name="my_pr_privacy"),
    path("clubs/<slug:slug>/analysis/", views.club_depths, name="club_depths"),
    path("clubs/<slug:slug>/pr/", views.club_pr_table, name="club_pr_table"),
    path("events/<int:pk>/analyses/", views.event_analyses, name="event_analyses"),
    path("players/<int:pk>/pr/", views.player_pr, name="player_pr"),
]
