"""Num 5's pages (in the ``calculators`` namespace) and JSON endpoints (``api``)."""

from django.urls import path
from django.utils.translation import gettext_lazy as _

from ..registry import NUM5
from . import api, views

urlpatterns = [
    path(f"{NUM5.slug}/", views.num_5, name="num_5"),
    path(f"{NUM5.slug}/tour/", views.num_5_turn, name="num_5_turn"),
]
api_urlpatterns = [
    path(f"{NUM5.api_name}/round", api.num5_round, name="num5_round"),
    path(f"{NUM5.api_name}/game", api.num5_game, name="num5_game"),
    path(f"{NUM5.api_name}/turn", api.num5_turn, name="num5_turn"),
]
#: (method, path, what it does): the lines of the /api/ page for these endpoints
api_docs = [
    ("POST", f"/api/v1/{NUM5.api_name}/round", _("Décompte d'une manche de Num 5")),
    ("POST", f"/api/v1/{NUM5.api_name}/game", _("Une partie de Num 5 jusqu'à 3 manches gagnées")),
    (
        "POST",
        f"/api/v1/{NUM5.api_name}/turn",
        _("Un tour de Num 5 : où va chaque carte, qui ramasse quoi"),
    ),
]
