from django.urls import path

from disputes import views

app_name = "disputes"

urlpatterns = [
    path("disputes/", views.dispute_list, name="list"),
    path("disputes/new/", views.new_dispute, name="new"),
    path("disputes/editor-board/", views.editor_board, name="editor_board"),
    path("matches/<int:match_pk>/disputes/new/", views.new_dispute, name="new_for_match"),
    path("disputes/<int:pk>/", views.dispute_detail, name="detail"),
    path("disputes/<int:pk>/status/", views.dispute_status, name="status"),
    path("disputes/<int:pk>/rule/", views.rule, name="rule"),
    path("disputes/<int:pk>/withdraw/", views.withdraw, name="withdraw"),
]
