"""/api/ documents the API from the engines' own tables (issue #13 item 6)."""

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
