from django.urls import path

from numsite import tokens  # noqa: F401  (registers the « token » converter)

from . import views

app_name = "tablees"
urlpatterns = [
    path("nouvelle/", views.new_tablee, name="new"),
    path("rattacher/<token:token>/", views.link, name="link"),
    path("<token:token>/", views.tablee_page, name="tablee"),
    path("<token:token>/export.csv", views.export_csv, name="export_csv"),
    path("<token:token>/export.json", views.export_json, name="export_json"),
    path("<token:token>/export.bgsplay", views.export_bgsplay, name="export_bgsplay"),
    path("<token:token>/graphiques/<slug:game>/<slug:kind>.svg", views.chart, name="chart"),
    path("<token:token>/<slug:name>/", views.action, name="action"),
]
