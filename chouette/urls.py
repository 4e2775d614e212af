from django.urls import path

from chouette import report_views, views

app_name = "chouette"

urlpatterns = [
    path("chouettes/", views.session_list, name="session_list"),
    path("clubs/<slug:slug>/chouettes/", views.session_list, name="club_sessions"),
    path("clubs/<slug:slug>/chouettes/new/", views.session_new, name="session_new"),
    path("clubs/<slug:slug>/chouettes/season/", report_views.season, name="season"),
    path("chouettes/<int:pk>/", views.table, name="table"),
    path("chouettes/<int:pk>/game-form/", views.game_form, name="game_form"),
    path("chouettes/<int:pk>/games/", views.record_game, name="record_game"),
    path("chouettes/<int:pk>/games/<int:number>/edit/", views.correct_game, name="correct_game"),
    path("chouettes/<int:pk>/preview/", views.preview, name="preview"),
    path("chouettes/<int:pk>/undo/", views.undo, name="undo"),
    path("chouettes/<int:pk>/join/", views.join, name="join"),
    path("chouettes/<int:pk>/leave/", views.leave, name="leave"),
    path("chouettes/<int:pk>/merge/", views.merge, name="merge"),
    path("chouettes/<int:pk>/finish/", views.finish, name="finish"),
    path("chouettes/<int:pk>/ledger/", report_views.ledger, name="ledger"),
    path("chouettes/<int:pk>/settlement/", report_views.settlement, name="settlement"),
    path("chouettes/players/<int:pk>/", report_views.player_record, name="player_record"),
]
