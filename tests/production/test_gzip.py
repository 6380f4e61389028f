"""HTML is compressed where it is safe (issue #12 item 4): public pages yes, capability pages
(a Parties token in the body) never — no BREACH-style guessing of a token from sizes."""

import pytest

from calculators.parties import services

pytestmark = pytest.mark.django_db

GZIP = {"Accept-Encoding": "gzip"}


def test_public_pages_are_compressed(client):
    for path in ("/num-check/", "/num-check/regles/", "/"):
        response = client.get(path, headers=GZIP)
        assert response.status_code == 200
        assert response["Content-Encoding"] == "gzip", path


def test_capability_pages_are_never_compressed(client):
    game = services.create_game("num_check", "classic", ["Léa", "Tom"])
    for path in (
        f"/parties/{game.edit_token}/",
        f"/parties/{game.read_token}/tableau/",
        f"/parties/{game.edit_token}/export.csv",
        f"/api/v1/parties/{game.edit_token}",
    ):
        response = client.get(path, headers=GZIP)
        assert response.status_code == 200, path
        assert "Content-Encoding" not in response, path
        assert "private" in response["Cache-Control"]
