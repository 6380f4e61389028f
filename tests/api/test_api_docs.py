"""/api/ documents the API from the engines' own tables ."""

import re

import pytest
from django.utils.html import escape

from calculators.engines import numcheck
from calculators.games import registry as modes

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
    assert "/api/v1/num5/turn" in html and "/api/v1/parties/&lt;jeton&gt;/undo" in html


def test_unknown_api_paths_stay_json_404s(client):
    response = client.get("/api/v2/nothing")
    assert response.status_code == 404 and response.json()["error"]["field"] == "path"


def _routes():
    """Every route under /api/v1/ as (methods the view answers, path), read from the URLconf."""
    from django.urls import URLPattern, URLResolver, get_resolver

    found = []

    def walk(patterns, prefix):
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, prefix + str(p.pattern))
            elif isinstance(p, URLPattern):
                found.append(prefix + str(p.pattern))

    walk(get_resolver().url_patterns, "")
    return {
        re.sub(r"<(?:str|int):(\w+)>", "<>", path) for path in found if path.startswith("api/v1/")
    }


def test_the_api_page_lists_every_route_the_urlconf_serves():
    """The hand-kept list of the /api/ page names exactly the routes under /api/v1/."""
    from calculators.api_docs import endpoints

    listed = [re.sub(r"<[^>]+>", "<>", path.lstrip("/")) for _, path, _ in endpoints()]
    assert len(listed) == len(set(listed))
    assert set(listed) == _routes()
