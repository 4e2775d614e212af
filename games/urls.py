from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("chouettes/", views.chouette_list, name="chouette_list"),
    path("disputes/", views.dispute_list, name="dispute_list"),
]
