from django.urls import path

from numsite import tokens  # noqa: F401  (registers the « token » converter)

from . import views

app_name = "events"
urlpatterns = [
    path("nouveau/", views.new_event, name="new"),
    # a table's Party page writes here, with the Party's edit token
    path("table/<token:token>/", views.table_panel, name="table_panel"),
    path("table/<token:token>/<slug:name>/", views.table_action, name="table_action"),
    path("<token:token>/", views.event_page, name="event"),
    path("<token:token>/salle/", views.projector, name="projector"),
    path("<token:token>/fiches/", views.slips, name="slips"),
    path("<token:token>/ronde/<int:number>/donne/", views.deal_results, name="deal_results"),
    path("<token:token>/classement.csv", views.export_csv, name="export_csv"),
    path("<token:token>/classement.json", views.export_json, name="export_json"),
    path("<token:token>/<slug:name>/", views.action, name="action"),
]
