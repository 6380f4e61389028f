"""Helpers of the Parties tests: games made through the services, URLs, the JSON API."""

import json

import pytest
from django.urls import reverse

from calculators.parties import services
from calculators.parties.models import Game

MODES = {"num_check": "classic", "num_draft": "classic", "num5": "normal"}


def make(kind="num_check", mode=None, names=("Léa", "Tom", "Zoé"), values=""):
    return services.create_game(kind, mode or MODES[kind], list(names), values)


def url(game, name="game", token=None, action=None):
    token = token or game.edit_token
    if name == "action":
        return reverse("parties:action", args=[token, action])
    return reverse(f"parties:{name}", args=[token])


def seat(game, index):
    return game.players.get(seat=index)


def fresh(game):
    game.refresh_from_db()
    return game


@pytest.fixture
def papi(client):
    """Call the Parties API: ``papi(method, path, body)`` → (status, JSON body)."""

    def call(method, path, body=None):
        data = "" if body is None else json.dumps(body)
        response = getattr(client, method.lower())(
            f"/api/v1/{path}", data=data, content_type="application/json"
        )
        return response.status_code, response.json()

    return call


@pytest.fixture
def kinds():
    return list(Game.Kind.values)
