from django.urls import path

from federations import views

app_name = "federations"

urlpatterns = [
    path("federations/", views.federation_list, name="list"),
    path("federations/new/", views.federation_create, name="create"),
    path("federations/<slug:slug>/", views.federation_detail, name="detail"),
    path("federations/<slug:slug>/calendar/", views.calendar, name="calendar"),
    path("federations/<slug:slug>/ranking/", views.ranking, name="ranking"),
    path("federations/<slug:slug>/manage/", views.manage, name="manage"),
    path("federations/<slug:slug>/club/", views.club_action, name="club_action"),
]
