"""One card renderer: the page's JavaScript draws chips from the server's family tables
(``json_script``), never from a copy of them."""

import json
import re
from pathlib import Path

import pytest

from calculators.engines.cards import FAMILIES
from tests.production.pages import PAGES

STATIC_JS = Path(__file__).resolve().parents[2] / "static" / "js"


@pytest.mark.django_db
@pytest.mark.parametrize("path", [*PAGES, "/en/num-5/"])
def test_every_page_carries_the_family_tables_as_json(client, path):
    html = client.get(path).content.decode()
    raw = re.search(r'<script id="card-tables" type="application/json">(.*?)</script>', html, re.S)
    assert raw, path
    tables = json.loads(raw.group(1))
    assert tables["glyph"] == {f.code: f.glyph for f in FAMILIES}
    assert set(tables["name"]) == {f.code for f in FAMILIES}


def test_no_script_copies_the_family_tables():
    for path in STATIC_JS.glob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert not any(f.glyph in text for f in FAMILIES), path.name
