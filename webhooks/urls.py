from django.urls import path

from webhooks import views

app_name = "webhooks"

urlpatterns = [
    path("clubs/<slug:slug>/webhooks/", views.endpoints, name="endpoints"),
    path("clubs/<slug:slug>/webhooks/<int:pk>/<slug:what>/", views.endpoint_action, name="action"),
]
