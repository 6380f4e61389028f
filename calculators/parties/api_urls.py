"""/api/v1/parties…: the Parties JSON API, the core's routes and every game's own."""

from django.urls import include, path

from . import api, kinds

urlpatterns = [
    path("parties", api.create, name="parties_create"),
    path("parties/<str:token>", api.party, name="party"),
    path("parties/<str:token>/players", api.players, name="party_players"),
    path("parties/<str:token>/players/<int:seat>", api.player, name="party_player"),
    path("parties/<str:token>/undo", api.undo, name="party_undo"),
    path("parties/<str:token>/redo", api.redo, name="party_redo"),
    path("parties/<str:token>/finish", api.finish, name="party_finish"),
    path("parties/<str:token>/reopen", api.reopen, name="party_reopen"),
    *(path("parties/<str:token>/", include(kind.api_urlpatterns)) for kind in kinds.load()),
]
