"""Every calculator endpoint's answer, dispatched to its game: the request's JSON object → the
game folder's pure answer (``calculators/games/<package>/answers.py``) → the answer's JSON
object.

The JSON API and the offline bundle (docs/offline.md#the-calculators-without-network) reach the
same functions, so an answer computed on a phone can never drift from the server's. Like the
registry, this module imports only the engines and the registry (an import contract checks it)
and finds the game folders' ``ENDPOINTS`` and ``PAGES`` when first asked, never at import time.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache

from ..engines.cards import InputError
from ..engines.i18n import gettext, use_language
from .fields import Answer, Answerer
from .registry import modules


def _gathered(table: str) -> dict[str, Answerer]:
    """``table`` (``ENDPOINTS`` or ``PAGES``) of every game's answers, in the registry's order;
    two games claiming one name is a programming error, raised at once."""
    found: dict[str, Answerer] = {}
    for module in modules("answers"):
        own: Mapping[str, Answerer] = getattr(module, table)
        for name, function in own.items():
            if name in found:
                raise RuntimeError(f"{module.__name__}.{table}: {name!r} is answered twice")
            found[name] = function
    return found


@cache
def endpoints() -> dict[str, Answerer]:
    """Each calculator endpoint's path under ``/api/v1/`` → its answer."""
    return _gathered("ENDPOINTS")


@cache
def pages() -> dict[str, Answerer]:
    """Each page answered offline from its own fields (its URL name) → its answer."""
    return _gathered("PAGES")


def answer(endpoint: str, body: str, language: str = "fr") -> str:
    """The offline bundle's entry point: ``body`` (a JSON object) answered by ``endpoint`` (an
    endpoint's path, or a page's name in :func:`pages`) in ``language``, as JSON: the answer,
    or ``{"error": {"field", "message"}}`` as the API's 400. JSON in and out, so the page's
    script hands over text and nothing else."""
    with use_language(language):
        try:
            data = json.loads(body)
            if not isinstance(data, dict):
                raise InputError("body", gettext("Le corps de la requête doit être un objet JSON."))
            result: Answer = (endpoints().get(endpoint) or pages()[endpoint])(data)
        except InputError as err:
            result = {"error": {"field": err.field, "message": err.message}}
    return json.dumps(result, ensure_ascii=False)
