from django.urls import include, path

from . import api

app_name = "api"
urlpatterns = [
    path("num-check/score", api.num_check_score, name="num_check_score"),
    path("num-check/detect", api.num_check_detect, name="num_check_detect"),
    path("num-check/sheet", api.num_check_sheet, name="num_check_sheet"),
    path("num-draft/score", api.num_draft_score, name="num_draft_score"),
    path("num-draft/table", api.num_draft_table, name="num_draft_table"),
    path("num5/round", api.num5_round, name="num5_round"),
    path("num5/game", api.num5_game, name="num5_game"),
    path("num5/turn", api.num5_turn, name="num5_turn"),
    path("num-connect/check", api.num_connect_check, name="num_connect_check"),
    path("", include("calculators.parties.api_urls")),
]
