from django.urls import path, re_path

from . import views

app_name = "parties"
urlpatterns = [
    path("nouvelle/", views.new_game, name="new"),
    re_path(
        r"^(?P<pk>[0-9]+)/(?P<token>[A-Za-z0-9_-]{20,64})/(?P<rest>.*)$",
        views.legacy,
        name="legacy",
    ),
    path("<str:token>/", views.game_page, name="game"),
    path("<str:token>/tableau/", views.board_fragment, name="board"),
    path("<str:token>/export.csv", views.export, name="export"),
    path("<str:token>/<slug:name>/", views.action, name="action"),
]
