"""HTML is compressed where it is safe: public pages yes, capability pages
(a Parties token in the body) never — no BREACH-style guessing of a token from sizes; the live
board the phones poll holds no token (its URLs are relative) and is compressed."""

import gzip
import re
from urllib.parse import urljoin, urlsplit

import pytest
from django.urls import resolve

from calculators.parties import services
from tests.conftest import EIGHT_CLAIMS
from tests.factories import party, seat

pytestmark = pytest.mark.django_db

GZIP = {"Accept-Encoding": "gzip"}


def test_public_pages_are_compressed(client):
    for path in ("/num-check/", "/num-check/regles/", "/"):
        response = client.get(path, headers=GZIP)
        assert response.status_code == 200
        assert response["Content-Encoding"] == "gzip", path


def test_capability_pages_are_never_compressed(client):
    game = party("num_check", 2)
    for path in (
        f"/parties/{game.edit_token}/",
        f"/parties/{game.read_token}/",
        f"/parties/{game.edit_token}/export.csv",
        f"/api/v1/parties/{game.edit_token}",
    ):
        response = client.get(path, headers=GZIP)
        assert response.status_code == 200, path
        assert "Content-Encoding" not in response, path
        assert "private" in response["Cache-Control"]


def played_games():
    return [
        party("num_check", 2, claims={0: EIGHT_CLAIMS[:3]}),
        party("num5", 3, rounds=[["12R 3S", "5V", "0"]]),
        party("num_draft", 2),
    ]


URL_ATTRS = re.compile(r'(?:href|action|hx-get|hx-post)="([^"#]*)')


@pytest.mark.parametrize("edit", [True, False], ids=["edit", "read"])
def test_the_polled_board_holds_no_token_and_is_compressed(client, edit):
    for game in played_games():
        token = game.edit_token if edit else game.read_token
        page = f"/parties/{token}/"
        response = client.get(f"{page}tableau/", headers=GZIP)
        assert response.status_code == 200
        assert response["Content-Encoding"] == "gzip", game.kind
        assert "private" in response["Cache-Control"]
        body = gzip.decompress(response.content).decode()
        assert game.edit_token not in body and game.read_token not in body
        # every link of the board, resolved against the party's page, reaches this party
        links = [u for u in URL_ATTRS.findall(body) if u]
        assert links, game.kind
        for link in links:
            target = urlsplit(urljoin(f"http://testserver{page}", link)).path
            assert resolve(target).kwargs["token"] == token, link
        # the party's page draws the same board, at the URL they are relative to
        drawn = client.get(page).content.decode()
        for link in links:
            assert f'"{link}"' in drawn.replace("&amp;", "&"), link


def test_a_board_that_shows_a_token_is_not_compressed(client):
    """A player named after the read link (pasted by mistake): that board holds a secret."""
    game = party("num_check", 2)
    services.rename(game, seat(game, 0).pk, game.read_token)
    response = client.get(f"/parties/{game.edit_token}/tableau/", headers=GZIP)
    assert response.status_code == 200
    assert "Content-Encoding" not in response
    assert game.read_token in response.content.decode()


def test_a_page_drawn_at_a_write_url_links_the_board_absolutely(client):
    """Without JavaScript, a refused write draws the page at /parties/<token>/<action>/: there
    relative links would miss the party, so that page draws its board whole, links absolute."""
    game = party("num_check", 2, claims={0: EIGHT_CLAIMS[:1]})
    page = f"/parties/{game.edit_token}/"
    response = client.post(
        f"{page}claim_add/",
        {"player": seat(game, 0).pk, "combo": "full", "cards": "1R", "if_version": game.version},
    )
    assert response.status_code == 400  # refused at its field, not a conflict of versions
    body = response.content.decode()
    assert f'action="{page}claim_delete/"' in body
    assert 'action="claim_delete/"' not in body
