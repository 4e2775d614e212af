from django.urls import path

from ladders import views

app_name = "ladders"

urlpatterns = [
    path("ladders/", views.ladder_list, name="ladder_list"),
    path("ladders/challenges/", views.my_challenges, name="my_challenges"),
    path("clubs/<slug:slug>/ladders/new/", views.ladder_new, name="ladder_new"),
    path("ladders/<int:pk>/", views.ladder, name="ladder"),
    path("ladders/<int:pk>/tv/", views.tv, name="tv"),
    path("ladders/<int:pk>/log/", views.log, name="log"),
    path("ladders/<int:pk>/players/<int:player>/", views.player_history, name="player"),
    path("ladders/<int:pk>/join/", views.join, name="join"),
    path("ladders/<int:pk>/leave/", views.leave, name="leave"),
    path("ladders/<int:pk>/challenge/", views.challenge, name="challenge"),
    path("ladders/<int:pk>/reorder/", views.reorder, name="reorder"),
    path("ladders/<int:pk>/pause/", views.pause, name="pause"),
    path("ladder-challenges/<int:pk>/void/", views.void, name="void"),
    path("ladder-challenges/<int:pk>/extend/", views.extend, name="extend"),
]
