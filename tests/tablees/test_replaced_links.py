"""A party's link replaced by « Nouveaux liens », met by the tablées' pages and by the parties'
own: a 410, never a 500, never stored nor indexed."""

import pytest
from django.test import Client

from calculators.parties import services as party_services
from calculators.tablees import services
from tests.conftest import FormClient
from tests.factories import party

pytestmark = pytest.mark.django_db


@pytest.fixture
def replaced():
    """Both old tokens of a party whose links were replaced, and the party."""
    game = party("num_check", ["Léa", "Tom"])
    old = (game.edit_token, game.read_token)
    party_services.rotate(game)
    return old, game


@pytest.mark.parametrize("which", [0, 1], ids=["edit", "read"])
def test_adding_a_party_by_a_replaced_link_to_a_tablee_is_a_410(replaced, which):
    (old, game) = replaced
    tablee = services.create("Le club", ["Léa", "Tom"])
    client = FormClient(raise_request_exception=False)
    for data in ({"tablee": tablee.edit_token}, {"tablee": tablee.edit_token, "confirm": "1"}, {}):
        response = client.post(f"/tablees/rattacher/{old[which]}/", data)
        assert response.status_code == 410
        assert "remplacés" in response.content.decode()
    assert not tablee.links.exists()  # nothing was linked


def test_adding_a_party_by_an_unknown_link_is_still_a_404():
    response = FormClient().post("/tablees/rattacher/" + "A" * 32 + "/", {"tablee": "x"})
    assert response.status_code == 404


def assert_never_stored_nor_indexed(response):
    cache_control = {p.strip() for p in response["Cache-Control"].split(",")}
    assert {"no-store", "private"} <= cache_control, response["Cache-Control"]
    assert "noindex" in response["X-Robots-Tag"]


@pytest.mark.parametrize(
    "method, template",
    [
        ("get", "/parties/{t}/"),
        ("get", "/en/parties/{t}/"),
        ("get", "/parties/{t}/tableau/"),
        ("get", "/parties/{t}/export.csv"),
        ("post", "/parties/{t}/player_add/"),
        ("post", "/tablees/rattacher/{t}/"),
        ("get", "/api/v1/parties/{t}"),
        ("post", "/api/v1/parties/{t}/undo"),
    ],
)
def test_every_410_of_a_replaced_link_is_never_stored_nor_indexed(replaced, method, template):
    (old, _) = replaced
    for t in old:
        path = template.format(t=t)
        if path.startswith("/api/") and method == "post":
            response = Client().post(path, "{}", content_type="application/json")
        else:
            response = getattr(FormClient(), method)(path)
        assert response.status_code == 410, path
        assert_never_stored_nor_indexed(response)
