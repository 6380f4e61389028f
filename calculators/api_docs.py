"""/api/: the JSON API's documentation page, built from the same tables the API reads.

The endpoints, the combination names and the mode aliases shown here come from the engines
(:data:`numcheck.COMBOS`, :func:`registry.documented_aliases`), so the page cannot drift from what
the API accepts.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from .engines import numcheck
from .games import registry

#: (method, path, what it does), in the order of docs/api.md.
ENDPOINTS = [
    ("POST", "/api/v1/num-check/score", _("Score d'une annonce NUM CHECK à un rang")),
    ("POST", "/api/v1/num-check/detect", _("Les CHECK possibles avec la main et le centre")),
    ("POST", "/api/v1/num-check/sheet", _("Feuille de plusieurs joueurs")),
    ("POST", "/api/v1/num-draft/score", _("Score d'un pool NUM DRAFT (15 places)")),
    ("POST", "/api/v1/num-draft/table", _("Toute une table NUM DRAFT, voisins réels")),
    ("POST", "/api/v1/num5/round", _("Décompte d'une manche de Num 5")),
    ("POST", "/api/v1/num5/game", _("Une partie de Num 5 jusqu'à 3 manches gagnées")),
    ("POST", "/api/v1/num5/turn", _("Un tour de Num 5 : où va chaque carte, qui ramasse quoi")),
    ("POST", "/api/v1/num-connect/check", _("Une ligne de Num Connect est-elle valide ?")),
    ("POST", "/api/v1/parties", _("Créer une partie partagée (réponse : les deux jetons)")),
    ("GET", "/api/v1/parties/<jeton>", _("Lire une partie (jeton d'édition ou de lecture)")),
    ("POST", "/api/v1/parties/<jeton>/claims", _("NUM CHECK : enregistrer une annonce")),
    ("PUT, DELETE", "/api/v1/parties/<jeton>/claims/<id>", _("Corriger, supprimer une annonce")),
    ("PUT", "/api/v1/parties/<jeton>/grids/<place>", _("NUM DRAFT : la grille d'un joueur")),
    ("POST", "/api/v1/parties/<jeton>/rounds", _("Num 5 : ajouter une manche")),
    ("PATCH, DELETE", "/api/v1/parties/<jeton>/rounds/<numéro>", _("Corriger, supprimer")),
    ("POST", "/api/v1/parties/<jeton>/turns", _("Num 5 : jouer un tour de la manche en cours")),
    ("POST", "/api/v1/parties/<jeton>/turns/tally", _("Num 5 : reporter la manche jouée")),
    ("POST", "/api/v1/parties/<jeton>/players", _("Ajouter un joueur (avant la 1re saisie)")),
    ("PATCH", "/api/v1/parties/<jeton>/players/<place>", _("Renommer un joueur")),
    ("POST", "/api/v1/parties/<jeton>/undo", _("Annuler la dernière écriture")),
    ("POST", "/api/v1/parties/<jeton>/redo", _("Rétablir l'écriture annulée")),
    ("POST", "/api/v1/parties/<jeton>/finish", _("Terminer la partie")),
    ("POST", "/api/v1/parties/<jeton>/reopen", _("Rouvrir la partie")),
]


@require_safe
def api_docs(request: HttpRequest) -> HttpResponse:
    context = {
        "endpoints": ENDPOINTS,
        "combos": numcheck.COMBOS,
        "mode_aliases": registry.documented_aliases(),
    }
    return render(request, "api.html", context)
