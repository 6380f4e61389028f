"""/api/v1/tablees…: the tablées' JSON API, and its lines of the /api/ page."""

from django.urls import path
from django.utils.translation import gettext_lazy as _

from . import api

app_name = "tablees_api"
urlpatterns = [
    path("tablees", api.create, name="create"),
    path("tablees/<str:token>", api.tablee, name="tablee"),
    path("tablees/<str:token>/parties", api.parties, name="parties"),
    path("tablees/<str:token>/players", api.players, name="players"),
    path("tablees/<str:token>/players/<int:index>", api.player, name="player"),
]

#: (method, path, what it does), on the /api/ page
api_docs = [
    ("POST", "/api/v1/tablees", _("Créer une tablée (réponse : les deux jetons)")),
    ("GET", "/api/v1/tablees/<jeton>", _("Lire une tablée : joueurs, parties, statistiques")),
    ("POST", "/api/v1/tablees/<jeton>/parties", _("Lancer une partie de la tablée")),
    ("POST", "/api/v1/tablees/<jeton>/players", _("Ajouter un joueur à la tablée")),
    ("PATCH", "/api/v1/tablees/<jeton>/players/<index>", _("Renommer un joueur de la tablée")),
]
