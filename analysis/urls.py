from django.urls import path

from analysis import views

app_name = "analysis"

urlpatterns = [
    path("matches/<int:pk>/analysis/", views.match_analysis, name="match_analysis"),
]
