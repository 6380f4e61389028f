"""idiomorph's htmx extension (the live board's « morph », docs/architecture.md « The
JavaScript »): served by the site from the npm package ``npm ci`` installed, never a CDN, linked
by the Parties page alone and kept by the service worker for the page's offline copy."""

import json

import pytest
from django.contrib.staticfiles import finders
from django.templatetags.static import static

from numsite.pwa import kept_static

EXT = "idiomorph/idiomorph-ext.min.js"


def test_idiomorph_extension_is_found_in_node_modules_and_registers_morph():
    found = finders.find(EXT)
    assert found and "node_modules/idiomorph/dist/" in str(found)
    with open(str(found), encoding="utf-8") as f:
        source = f.read()
    assert 'defineExtension("morph"' in source


@pytest.mark.django_db
def test_idiomorph_extension_linked_by_the_party_page_only_and_the_board_morphs(client):
    from tests.factories import party

    game = party("num_check", 3)
    page = client.get(f"/parties/{game.edit_token}/").content.decode()
    assert f'src="{static(EXT)}"' in page
    assert page.index(static(EXT)) < page.index(static("js/party.js")), "before party.js"
    assert 'id="board" hx-ext="morph"' in page and 'hx-swap="morph"' in page
    # on the board alone: under it, idiomorph's extension takes every out-of-band swap as
    # inline (a field error's hx-swap-oob="innerHTML" on the sheet would be inserted whole)
    assert 'id="sheet" hx-ext' not in page and page.count('hx-ext="morph"') == 2
    assert "idiomorph" not in client.get("/").content.decode()
    poll = client.get(f"/parties/{game.edit_token}/tableau/", headers={"HX-Request": "true"})
    assert poll.status_code == 200
    assert 'id="board-more" hx-swap-oob="morph" hx-ext="morph"' in poll.content.decode()


@pytest.mark.django_db
def test_idiomorph_extension_kept_by_the_service_worker_for_the_offline_party_page(client):
    assert static(EXT) in kept_static()
    body = client.get("/sw.js").content.decode()
    config = json.loads(body.split("self.NUMSITE_SW = ", 1)[1].split(";\n", 1)[0])
    assert static(EXT) in config["static"]
