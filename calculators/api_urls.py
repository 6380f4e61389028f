"""/api/v1/: the one NinjaAPI, assembled from every game's ``api.router`` (in the registry's
order) and the Parties, tablées', events' and deals' routers; nothing here names a game.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern
from django.utils.translation import gettext
from ninja import NinjaAPI
from ninja.errors import ValidationError
from ninja.utils import normalize_path, replace_path_param_notation

from .core.registry import modules
from .deals import api as deals_api
from .engines.cards import InputError
from .events import api as events_api
from .parties import api as parties_api
from .parties import kinds
from .tablees import api as tablees_api
from .web.json import (
    JsonParser,
    Refused,
    error,
    input_error,
    method_not_allowed,
    refused,
    validation_error,
)

app_name = "api"


class NumsiteAPI(NinjaAPI):
    """The API, whose schema also says how the Parties operations chain (OpenAPI links)."""

    def get_openapi_schema(self, *args: Any, **kwargs: Any) -> Any:
        doc = super().get_openapi_schema(*args, **kwargs)
        link_parties(doc)
        idempotency_headers(doc)
        return doc


def idempotency_headers(doc: dict[str, Any]) -> None:
    """Every write reached by a token (a party's, a tablée's) takes an ``Idempotency-Key``; a
    replayed answer says so."""
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if "{token}" not in path or method == "get":
                continue
            op.setdefault("parameters", []).append(
                {
                    "in": "header",
                    "name": "Idempotency-Key",
                    "required": False,
                    "description": "Carry out this write once: a request with the same key and "
                    "body gets the write's remembered receipt — its status, `version`, `entry` "
                    "(its history line) and a creation's tokens and links, not the whole "
                    "party (7 days, per party or tablée; a 409, 429 or 503 is never "
                    "remembered).",
                    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
                }
            )
            for status, answer in op["responses"].items():
                if str(status) in ("200", "201"):
                    answer["headers"] = {
                        "Idempotent-Replayed": {
                            "description": "`true` when this is a remembered answer.",
                            "schema": {"type": "string", "enum": ["true"]},
                        }
                    }


def link_parties(doc: dict[str, Any]) -> None:
    """OpenAPI links from a create's ``edit_token`` to every operation that token opens, and from
    every write to its undo, redo and read, so that a client (or the fuzzing tests) can walk
    create → write → undo."""
    by_token: dict[str, dict[str, str]] = {"parties": {}, "tablees": {}, "events": {}}
    for path, item in doc["paths"].items():
        for op in item.values():
            if "{token}" in path:
                by_token[_owner(path)][op["operationId"]] = path
    follow = {
        owner: [
            i
            for i in ops
            if i.rsplit("_", 1)[0] in ("party_undo", "party_redo", "party", "tablee", "event")
        ]
        for owner, ops in by_token.items()
    }
    for path, item in doc["paths"].items():
        for op in item.values():
            creates = path.endswith("/parties") and (
                "{token}" not in path or path.startswith("/api/v1/tablees/")
            )
            new_owner = next((o for o in ("tablees", "events") if path == f"/api/v1/{o}"), None)
            if not creates and "{token}" not in path and new_owner is None:
                continue
            # ninja keys the answers by int; JSON writes them as text
            status = next((s for s in op["responses"] if str(s) in ("200", "201")), None)
            if status is None:
                continue
            if creates or "{token}" not in path:  # a new party, tablée or event
                owner = "parties" if creates else str(new_owner)
                token = "$response.body#/edit_token"
                targets = [
                    i
                    for i, target in by_token[owner].items()
                    if "{" not in target.replace("{token}", "")
                ]
            else:
                token = "$request.path.token"
                targets = follow[_owner(path)]
            op["responses"][status]["links"] = {
                target: {"operationId": target, "parameters": {"path.token": token}}
                for target in targets
            }


def _owner(path: str) -> str:
    """Whose token a path takes: ``tablees``, ``events`` or ``parties``."""
    for owner in ("tablees", "events"):
        if path.startswith(f"/api/v1/{owner}/"):
            return owner
    return "parties"


api = NumsiteAPI(
    title="Numsite API",
    version="1",
    description=(
        "The calculators of the NUM card games and their shared score sheets (Parties). "
        'Every refusal is `{"error": {"field", "message"}}`, in French or, with '
        "`Accept-Language: en`, in English."
    ),
    parser=JsonParser(),
    docs_url=None,
    openapi_url="/openapi.json",
    urls_namespace=app_name,
)
api.add_exception_handler(ValidationError, validation_error)  # type: ignore[arg-type]
api.add_exception_handler(InputError, input_error)  # type: ignore[arg-type]
# a token, an Idempotency-Key or a body refused before an operation runs (TokenAuth, read_json)
api.add_exception_handler(Refused, refused)  # type: ignore[arg-type]
for game_api in modules("api"):
    api.add_router("", game_api.router)
api.add_router("", parties_api.router)
for kind in kinds.load():
    if kind.api_router is not None:
        api.add_router("", kind.api_router)
api.add_router("", tablees_api.router)
api.add_router("", events_api.router)
api.add_router("", deals_api.router)


def _not_an_endpoint(request: HttpRequest) -> HttpResponse:
    """``/api/v1/`` itself: the API's JSON 404, as for any path that is not an endpoint."""
    return error(
        "path", gettext("Adresse inconnue de l’API : {path}").format(path=request.path), 404
    )


def _patterns() -> list[URLPattern]:
    """Ninja's URL patterns (its home page left out: ``/api/v1/`` is the API's JSON 404), each
    answering a method it does not serve with the site's 405 (:func:`method_not_allowed`)."""
    methods: dict[str, list[str]] = {}
    for bound in api._get_bound_routers():
        for route, path_view in bound.path_operations.items():
            declared = methods.setdefault(
                normalize_path(replace_path_param_notation(route)).lstrip("/"), []
            )
            declared += [m for op in path_view.operations for m in op.methods if m not in declared]
    patterns: list[URLPattern] = []
    for pattern in api.urls[0]:
        assert isinstance(pattern, URLPattern)
        route = str(pattern.pattern)
        if pattern.name == "api-root":  # kept for ninja's reverse, answering the JSON 404
            pattern.callback = _not_an_endpoint
        if route in methods:
            pattern.callback = method_not_allowed(pattern.callback, methods[route])
        patterns.append(pattern)
    return patterns


urlpatterns = _patterns()
