"""/api/ and /api/v1/openapi.json document the API from the code that serves it."""

import re

import pytest
from django.utils.html import escape

from calculators.core import registry as modes
from calculators.engines import numcheck

pytestmark = pytest.mark.django_db


def test_the_api_page_lists_endpoints_combination_names_and_mode_aliases(client):
    response = client.get("/api/")
    assert response.status_code == 200
    html = response.content.decode()
    for combo in numcheck.COMBOS:
        assert f"<code>{combo.key}</code>" in html and escape(combo.name) in html
    for _game, key, names in modes.documented_aliases():
        assert f"<code>{key}</code>" in html
        assert all(name in html for name in names)
    assert "Découverte · Familiale" in html
    assert "/api/v1/num5/turn" in html and "/api/v1/parties/{token}/undo" in html
    assert 'href="/api/v1/openapi.json"' in html


@pytest.mark.parametrize(
    "path", ["/api/v2/nothing", "/api/v1/", "/api/v1/x%0Ay", "/api/v1/parties/t/grids/%0A"]
)
def test_unknown_api_paths_stay_json_404s(client, path):
    """A line break in the path too (found by the fuzzing: « . » stops at a newline)."""
    response = client.put(path, data="{}", content_type="application/json")
    assert response.status_code == 404 and response.json()["error"]["field"] == "path"


def _routes():
    """Every route under /api/v1/ as (method, path), read from the URLconf: each pattern's
    view asked which methods it serves (an unknown method answers 405 with ``Allow``)."""
    from django.test import Client
    from django.urls import URLPattern, URLResolver, get_resolver

    found = set()

    def walk(patterns, prefix):
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, prefix + str(p.pattern))
            elif isinstance(p, URLPattern):
                found.add(prefix + str(p.pattern))

    walk(get_resolver().url_patterns, "")
    routes = set()
    client = Client()
    for path in found:
        if not path.startswith("api/v1/") or path in ("api/v1/", "api/v1/openapi.json"):
            continue
        url = "/" + re.sub(r"<int:\w+>", "1", re.sub(r"<(?:str:)?\w+>", "x" * 22, path))
        allow = client.generic("TRACE", url)["Allow"]
        template = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", "/" + path)
        routes |= {(m.strip(), template) for m in allow.split(",") if m.strip() != "HEAD"}
    return routes


def test_the_schema_lists_every_route_the_urlconf_serves(client):
    """/api/v1/openapi.json names exactly the (method, path) pairs served under /api/v1/."""
    doc = client.get("/api/v1/openapi.json").json()
    listed = {
        (method.upper(), path)
        for path, item in doc["paths"].items()
        for method in item
        if method in {"get", "post", "put", "patch", "delete"}
    }
    assert listed == _routes()


def test_the_schema_is_valid_openapi_3_1(client):
    from openapi_spec_validator import validate
    from openapi_spec_validator.validation import OpenAPIV31SpecValidator

    doc = client.get("/api/v1/openapi.json").json()
    assert doc["openapi"].startswith("3.1")
    validate(doc, cls=OpenAPIV31SpecValidator)


def test_the_api_page_is_drawn_from_the_schema(client):
    from calculators.api_docs import operations

    html = client.get("/api/").content.decode()
    ops = operations()
    assert len(ops) >= 27
    for op in ops:
        assert f"<code>{op.method} {op.path}</code>" in html


def test_every_schema_name_is_declared_once():
    """Two body or answer classes of one name would share one schema entry: each is unique."""
    from ninja import Schema

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    from calculators import api_urls  # noqa: F401  (every router imported)

    names = [c.__name__ for c in subclasses(Schema) if c.__module__.startswith("calculators.")]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)
