"""/api/v1/parties…: the Parties JSON API (API.md § Parties)."""

from django.urls import path

from . import api

urlpatterns = [
    path("parties", api.create, name="parties_create"),
    path("parties/<str:token>", api.party, name="party"),
    path("parties/<str:token>/claims", api.claims, name="party_claims"),
    path("parties/<str:token>/claims/<int:claim>", api.claim, name="party_claim"),
    path("parties/<str:token>/grids/<int:seat>", api.grid, name="party_grid"),
    path("parties/<str:token>/rounds", api.rounds, name="party_rounds"),
    path("parties/<str:token>/rounds/<int:number>", api.round_, name="party_round"),
    path("parties/<str:token>/players", api.players, name="party_players"),
    path("parties/<str:token>/players/<int:seat>", api.player, name="party_player"),
    path("parties/<str:token>/turns", api.turns, name="party_turns"),
    path("parties/<str:token>/turns/tally", api.turns_tally, name="party_turns_tally"),
    path("parties/<str:token>/undo", api.undo, name="party_undo"),
    path("parties/<str:token>/redo", api.redo, name="party_redo"),
    path("parties/<str:token>/finish", api.finish, name="party_finish"),
    path("parties/<str:token>/reopen", api.reopen, name="party_reopen"),
]
