from django.urls import path

from notifications import views

app_name = "notifications"

urlpatterns = [
    path("notifications/", views.notification_list, name="list"),
    path("notifications/badge/", views.badge, name="badge"),
    path("notifications/read/", views.read, name="read_all"),
    path("notifications/<int:pk>/read/", views.read, name="read"),
    path("notifications/preferences/", views.preferences, name="preferences"),
]
