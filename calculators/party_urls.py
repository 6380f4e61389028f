from django.urls import path

from . import party_views as views

app_name = "parties"
urlpatterns = [
    path("nouvelle/", views.new_game, name="new"),
    path("<int:pk>/<str:token>/", views.game_page, name="game"),
    path("<int:pk>/<str:token>/tableau/", views.board_fragment, name="board"),
    path("<int:pk>/<str:token>/export.csv", views.export, name="export"),
    path("<int:pk>/<str:token>/<slug:name>/", views.action, name="action"),
]
