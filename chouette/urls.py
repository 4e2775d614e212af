from django.urls import path

from chouette import views

app_name = "chouette"

urlpatterns = [
    path("chouettes/", views.session_list, name="session_list"),
    path("clubs/<slug:slug>/chouettes/", views.session_list, name="club_sessions"),
    path("clubs/<slug:slug>/chouettes/new/", views.session_new, name="session_new"),
    path("chouettes/<int:pk>/", views.table, name="table"),
    path("chouettes/<int:pk>/game-form/", views.game_form, name="game_form"),
    path("chouettes/<int:pk>/games/", views.record_game, name="record_game"),
    path("chouettes/<int:pk>/undo/", views.undo, name="undo"),
    path("chouettes/<int:pk>/join/", views.join, name="join"),
    path("chouettes/<int:pk>/leave/", views.leave, name="leave"),
    path("chouettes/<int:pk>/finish/", views.finish, name="finish"),
    path("chouettes/players/<int:pk>/", views.player_record, name="player_record"),
]
