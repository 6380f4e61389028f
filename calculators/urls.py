from django.urls import path

from . import views, views_num5turn

app_name = "calculators"
urlpatterns = [
    path("num-check/", views.num_check, name="num_check"),
    path("num-check/detecteur/", views.num_check_detect, name="num_check_detect"),
    path("num-check/feuille/", views.num_check_sheet, name="num_check_sheet"),
    path("num-draft/", views.num_draft, name="num_draft"),
    path("num-draft/table/", views.num_draft_table, name="num_draft_table"),
    path("num-5/", views.num_5, name="num_5"),
    path("num-5/tour/", views_num5turn.num_5_turn, name="num_5_turn"),
    path("num-connect/", views.num_connect, name="num_connect"),
]
