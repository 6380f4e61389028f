"""/api/: the JSON API's documentation page, built from the same tables the API reads.

The endpoints, the combination names and the mode aliases shown here come from the engines
(:data:`numcheck.COMBOS`, :func:`registry.documented_aliases`), so the page cannot drift from what
the API accepts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from .engines import numcheck
from .games import modules, registry
from .parties import kinds
from .tablees.api_urls import api_docs as tablees_docs

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise as StrOrPromise

#: (method, path, what it does) of the Parties routes every game has, around each game's own
PARTIES_FIRST = [
    ("POST", "/api/v1/parties", _("Créer une partie partagée (réponse : les deux jetons)")),
    ("GET", "/api/v1/parties/<jeton>", _("Lire une partie (jeton d'édition ou de lecture)")),
]
PARTIES_LAST = [
    ("POST", "/api/v1/parties/<jeton>/players", _("Ajouter un joueur (avant la 1re saisie)")),
    ("PATCH", "/api/v1/parties/<jeton>/players/<place>", _("Renommer un joueur")),
    ("POST", "/api/v1/parties/<jeton>/undo", _("Annuler la dernière écriture")),
    ("POST", "/api/v1/parties/<jeton>/redo", _("Rétablir l'écriture annulée")),
    ("POST", "/api/v1/parties/<jeton>/finish", _("Terminer la partie")),
    ("POST", "/api/v1/parties/<jeton>/reopen", _("Rouvrir la partie")),
]


def endpoints() -> list[tuple[str, str, StrOrPromise]]:
    """Every line of the page, from the modules that declare the routes: each game's
    ``urls.api_docs``, then the Parties core's and each game's Parties routes."""
    return [
        *(line for urls in modules("urls") for line in urls.api_docs),
        *PARTIES_FIRST,
        *(line for kind in kinds.load() for line in kind.api_docs),
        *PARTIES_LAST,
        *tablees_docs,
    ]


@require_safe
def api_docs(request: HttpRequest) -> HttpResponse:
    context = {
        "endpoints": endpoints(),
        "combos": numcheck.COMBOS,
        "mode_aliases": registry.documented_aliases(),
    }
    return render(request, "api.html", context)
