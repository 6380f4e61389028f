"""The rulebooks, alone and printable."""

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from .games import GAMES_BY_SLUG


def rulebook_context(slug: str) -> dict[str, Any]:
    """What a template needs to show a game's rulebook and its rulings."""
    game = GAMES_BY_SLUG[slug]
    return {"game": game, "rulebook_html": game.rulebook_html, "rulings_html": game.rulings_html}


@require_safe
def rulebook(request: HttpRequest, game: str) -> HttpResponse:
    if game not in GAMES_BY_SLUG:
        raise Http404("Jeu inconnu")
    return render(request, "rules/rulebook_page.html", rulebook_context(game))
