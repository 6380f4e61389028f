from django.urls import path

from . import views

app_name = "tablees"
urlpatterns = [
    path("nouvelle/", views.new_tablee, name="new"),
    path("rattacher/<str:token>/", views.link, name="link"),
    path("<str:token>/", views.tablee_page, name="tablee"),
    path("<str:token>/export.csv", views.export_csv, name="export_csv"),
    path("<str:token>/export.json", views.export_json, name="export_json"),
    path("<str:token>/export.bgsplay", views.export_bgsplay, name="export_bgsplay"),
    path("<str:token>/graphiques/<slug:game>/<slug:kind>.svg", views.chart, name="chart"),
    path("<str:token>/<slug:name>/", views.action, name="action"),
]
