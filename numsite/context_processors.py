"""Template context shared by every page."""

from typing import Any, TypedDict

from django.conf import settings
from django.http import HttpRequest
from django.urls import translate_url
from django.utils import translation
from django.utils.translation import gettext

from calculators.engines.cards import FAMILIES
from rules.games import GAMES


class LanguageAlternate(TypedDict):
    """The current page in one language (:func:`languages`)."""

    code: str
    name: str
    path: str  # path and query string: the language switch's ``next``
    url: str  # absolute: the hreflang links
    current: bool


def games(request: HttpRequest) -> dict[str, Any]:
    return {"nav_games": GAMES}


def card_tables(request: HttpRequest) -> dict[str, Any]:
    """The families' glyphs and names for the page's JavaScript (``json_script``), so the chips
    it draws come from the same tables as the server's chips — nothing copied into JS."""
    return {
        "card_tables": {
            "glyph": {f.code: f.glyph for f in FAMILIES},
            "name": {f.code: str(f.french) for f in FAMILIES},
            # A chip's label (« Retirer 7 Rouge »): the page's JavaScript fills in {card}.
            "text": {"remove": gettext("Retirer {card}")},
        }
    }


def languages(request: HttpRequest) -> dict[str, list[LanguageAlternate]]:
    """The current page in every language (``language_alternates``), already translated:
    ``set_language`` cannot translate an ``/en/…`` URL back to French itself (docs/i18n.md
    « URLs and the language of a page »).
    """
    current = translation.get_language() or settings.LANGUAGE_CODE
    full_path = request.get_full_path()
    alternates: list[LanguageAlternate] = []
    for code, name in settings.LANGUAGES:
        path = translate_url(full_path, code)
        alternates.append(
            {
                "code": code,
                "name": name,
                "path": path,
                "url": request.build_absolute_uri(path),
                "current": code == current,
            }
        )
    return {"language_alternates": alternates}
