from django.urls import path, re_path

from numsite import tokens  # noqa: F401  (registers the « token » converter)

from . import views

app_name = "parties"
urlpatterns = [
    path("nouvelle/", views.new_game, name="new"),
    re_path(
        r"^(?P<pk>[0-9]+)/(?P<token>[A-Za-z0-9_-]{20,64})/(?P<rest>.*)$",
        views.legacy,
        name="legacy",
    ),
    path("<token:token>/", views.game_page, name="game"),
    path("<token:token>/tableau/", views.board_fragment, name="board"),
    path("<token:token>/export.csv", views.export, name="export"),
    path("<token:token>/<slug:name>/", views.action, name="action"),
]
