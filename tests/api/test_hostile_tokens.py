"""A Parties token is URL-safe base64: anything else in its place is « no such party » (404),
on every page and API address, on SQLite and on PostgreSQL (which refuses a NUL in a text
outright: that must not become a 500). `make test-postgres` runs this file there too."""

from urllib.parse import quote

import pytest

from tests.factories import party

pytestmark = pytest.mark.django_db

#: Characters that are not in a token, stuck inside or at either end of one.
FOREIGN = ["\x00", "%", " ", ".", "+", "=", "~", "é", "\u200b", "\ud800", "\n"]


def addresses(token: str) -> list[tuple[str, str]]:
    t = quote(token, safe="", errors="surrogatepass")
    return [
        ("get", f"/parties/{t}/"),
        ("get", f"/parties/{t}/tableau/"),
        ("get", f"/parties/{t}/export.csv"),
        ("post", f"/parties/{t}/undo/"),
        ("get", f"/parties/1/{t}/"),
        ("get", f"/api/v1/parties/{t}"),
        ("post", f"/api/v1/parties/{t}/undo"),
        ("post", f"/api/v1/parties/{t}/claims"),
    ]


def shapes(token: str, char: str) -> list[str]:
    return [token[:10] + char + token[11:], char + token[1:], token[:-1] + char, token + char]


@pytest.mark.parametrize("char", FOREIGN, ids=repr)
def test_a_token_with_a_foreign_character_is_no_party(client, char):
    client.raise_request_exception = True
    game = party("num_check")
    for token in (game.edit_token, game.read_token, "A" * 20, "A" * 64):
        for shaped in shapes(token, char):
            for method, path in addresses(shaped):
                response = getattr(client, method)(path, content_type="application/json")
                assert response.status_code == 404, (shaped, path, response.status_code)
    assert client.get(f"/parties/{game.edit_token}/").status_code == 200  # the real one works


@pytest.mark.parametrize("length", [19, 20, 32, 64, 65])
def test_a_token_of_any_length_with_a_nul_is_no_party(client, length):
    client.raise_request_exception = True
    token = ("x" * (length - 1)) + "\x00"
    for method, path in addresses(token):
        response = getattr(client, method)(path, content_type="application/json")
        assert response.status_code == 404, (length, path)
        if path.startswith("/api/"):
            assert response.json()["error"]["field"] == "token"


def test_a_foreign_token_is_refused_before_the_database(django_assert_num_queries):
    from calculators.parties import services
    from calculators.parties.models import Game

    game = party("num_check")
    for char in FOREIGN:
        for shaped in shapes(game.edit_token, char):
            with django_assert_num_queries(0), pytest.raises(Game.DoesNotExist):
                services.find(shaped)
    assert services.find(game.read_token) == (game, False)


def test_a_replaced_link_is_a_json_410_on_every_api_route_never_a_500(client):
    """« Nouveaux liens »: the old tokens answer 410 at the field ``token``, reads and writes,
    with any ``Idempotency-Key``; the write is not carried out."""
    from calculators.parties import services
    from calculators.parties.models import Claim

    game = party("num_check", ["Léa", "Tom"])
    old_edit, old_read = game.edit_token, game.read_token
    services.rotate(game)
    claim = '{"player": "Léa", "combo": "paire", "cards": ["5R", "5B"]}'
    for token in (old_edit, old_read):
        read = client.get(f"/api/v1/parties/{token}")
        write = client.post(
            f"/api/v1/parties/{token}/claims",
            claim,
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY="k",
        )
        for response in (read, write):
            assert response.status_code == 410, response.content
            assert response.json()["error"]["field"] == "token"
    assert not Claim.objects.exists()
    english = client.get(f"/api/v1/parties/{old_read}", HTTP_ACCEPT_LANGUAGE="en")
    assert "replaced" in english.json()["error"]["message"]
