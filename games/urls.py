from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("matches/", views.match_list, name="match_list"),
    path("matches/new/", views.match_create, name="match_create"),
    path("matches/<int:pk>/", views.match_detail, name="match_detail"),
    path("matches/<int:pk>/games/", views.enter_game, name="enter_game"),
    path("matches/<int:pk>/games/undo/", views.remove_last_game, name="remove_last_game"),
    path("matches/<int:pk>/score/", views.enter_score, name="enter_score"),
    path("matches/<int:pk>/override/", views.override_result, name="override_result"),
    path(
        "matches/<int:pk>/results/<int:result_id>/confirm/",
        views.confirm_result,
        name="confirm_result",
    ),
    path(
        "matches/<int:pk>/results/<int:result_id>/dispute/",
        views.dispute_result,
        name="dispute_result",
    ),
    path("matches/<int:pk>/transcripts/", views.transcripts, name="transcripts"),
    path("matches/<int:pk>/match.mat", views.export_mat, name="export_mat"),
    path(
        "matches/<int:pk>/transcripts/upload/",
        views.upload_transcript,
        name="upload_transcript",
    ),
    path(
        "matches/<int:pk>/transcripts/<int:transcript_id>/replay/",
        views.transcript_replay,
        name="transcript_replay",
    ),
]
