from django.urls import path

from money import views

app_name = "money"

urlpatterns = [
    path("tournaments/<int:pk>/money/", views.money_page, name="event"),
    path("tournaments/<int:pk>/money.csv", views.export_csv, name="csv"),
    path("tournaments/<int:pk>/money/settings/", views.save_purse, name="save_purse"),
    path("tournaments/<int:pk>/money/side-pools/", views.add_side_pool, name="add_side_pool"),
    path("tournaments/<int:pk>/money/side-pools/<int:pool_pk>/entrants/",
         views.side_pool_entrant, name="side_pool_entrant"),
    path("tournaments/<int:pk>/money/sales/", views.add_sale, name="add_sale"),
    path("tournaments/<int:pk>/money/sales/<int:sale_pk>/delete/", views.delete_sale,
         name="delete_sale"),
]
