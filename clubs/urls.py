from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    path("clubs/", views.club_list, name="club_list"),
    path("clubs/<slug:slug>/", views.club_detail, name="club_detail"),
    path("clubs/<slug:slug>/merge-players/", views.merge_players, name="merge_players"),
]
