"""``POST /api/v1/deals`` (docs/api.md « Deals », docs/deals.md): a prepared deal from a seed."""

from __future__ import annotations

import json

import pytest

from calculators.engines import dealbest, deals
from tests.engines.test_deals import DRAFT_VECTORS, NUM5_VECTORS, SEEDS

pytestmark = pytest.mark.django_db


@pytest.fixture
def api_en(client):
    def call(body: object) -> tuple[int, dict]:
        response = client.post(
            "/api/v1/deals",
            data=json.dumps(body),
            content_type="application/json",
            headers={"Accept-Language": "en"},
        )
        return response.status_code, response.json()

    return call


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("mode", ["classic", "discovery"])
def test_num_draft_fixed_vectors_in_every_mode(api, seed, mode):
    status, body = api("deals", {"game": "num-draft", "mode": mode, "seats": 2, "seed": seed})
    assert status == 200, body
    assert (body["game"], body["mode"], body["seats"], body["seed"], body["deck"]) == (
        "num-draft", mode, 2, seed, "0-12",
    )  # fmt: skip
    got = [
        (" / ".join(" ".join(row) for row in grid), " ".join(hand))
        for grid, hand in zip(body["grids"], body["hands"], strict=True)
    ]
    assert got == DRAFT_VECTORS[seed]
    assert "rows" not in body


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("mode", ["normal", "explosion"])
def test_num5_fixed_vectors_in_every_mode(api, seed, mode):
    status, body = api("deals", {"game": "num5", "mode": mode, "seats": 3, "seed": seed})
    assert status == 200, body
    assert body["mode"] == mode and body["deck"] == "0-16"
    assert [" ".join(h) for h in body["hands"]] == NUM5_VECTORS[seed]
    assert body["rows"] == ["0B", "0R", "0J", "0V"]
    assert "grids" not in body


def test_mode_by_any_of_its_names_and_the_game_by_its_slug(api):
    status, body = api("deals", {"game": "num-5", "mode": "Explosion de rangée", "seats": 4})
    assert status == 200, body
    assert (body["game"], body["mode"]) == ("num5", "explosion")


def test_no_seed_draws_one_and_returns_it(api):
    status, body = api("deals", {"game": "num-draft", "seats": 6})
    assert status == 200, body
    assert body["seed"] and body["mode"] == "classic" and body["deck"] == "0-16"
    again = api("deals", {"game": "num-draft", "seats": 6, "seed": body["seed"]})[1]
    assert again == body


def test_num_draft_deck_may_be_chosen(api):
    status, body = api("deals", {"game": "num-draft", "seats": 3, "seed": "x", "deck": "0-16"})
    assert status == 200 and body["deck"] == "0-16"
    assert all(len(h) == 5 for h in body["hands"]) and len(body["grids"]) == 3


@pytest.mark.parametrize(
    ("body", "field", "french"),
    [
        ({"game": "num-check", "seats": 4}, "game", "une donne se prépare pour NUM DRAFT"),
        ({"game": "num5", "seats": 9}, "seats", "une donne de Num 5 compte de 3 à 8 sièges"),
        ({"game": "num-draft", "seats": 1}, "seats", "de 2 à 7 sièges"),
        ({"game": "num5", "mode": "turbo", "seats": 4}, "mode", "le mode de Num 5"),
        ({"game": "num-draft", "seats": 6, "deck": "0-12"}, "deck", "ne suffit pas"),
        ({"game": "num5", "seats": 4, "deck": "0-12"}, "deck", "un seul paquet"),
        ({"game": "num5", "seats": 4, "seed": "x" * 201}, "seed", "au plus 200 caractères"),
    ],
)
def test_bad_input_is_a_400_at_its_field_in_french(api, body, field, french):
    status, answer = api("deals", body)
    assert status == 400
    assert answer["error"]["field"] == field
    assert french in answer["error"]["message"]


@pytest.mark.parametrize(
    ("body", "field", "english"),
    [
        ({"game": "num-check", "seats": 4}, "game", "a deal is prepared for NUM DRAFT"),
        ({"game": "num5", "seats": 9}, "seats", "a deal of Num 5 has 3 to 8 seats"),
        ({"game": "num-draft", "seats": 6, "deck": "0-12"}, "deck", "is not enough"),
    ],
)
def test_bad_input_in_english(api_en, body, field, english):
    status, answer = api_en(body)
    assert status == 400
    assert answer["error"]["field"] == field
    assert english in answer["error"]["message"]


@pytest.mark.parametrize(
    "body",
    [{"seats": 4}, {"game": "num5"}, {"game": "num5", "seats": "4"}, {"game": 5, "seats": 4}],
)
def test_missing_or_mistyped_fields_are_400(api, body):
    status, answer = api("deals", body)
    assert status == 400 and "field" in answer["error"]


def test_best_true_gives_each_num_draft_seat_its_best_possible_score(api):
    # docs/deals.md#donnes-meilleur: the grid alone, 9 of the 14 cards, numdraft's own total
    status, body = api(
        "deals",
        {"game": "num-draft", "mode": "discovery", "seats": 3, "seed": "club-1", "best": True},
    )
    assert status == 200
    dealt = deals.deal(deals.NUM_DRAFT, 3, "club-1")
    assert len(body["best"]) == 3
    for seat, best in zip(dealt.seats, body["best"], strict=True):
        expected = dealbest.best_grid(seat.cards, "discovery")
        assert best["total"] == expected.total and best["exact"] is True
        shown = [c for row in best["grid"] for c in row] + best["left_out"]
        assert sorted(shown) == sorted(str(c) for c in seat.cards)


def test_best_is_left_out_unless_asked(api):
    status, body = api("deals", {"game": "num-draft", "seats": 2, "seed": "club-1"})
    assert status == 200 and "best" not in body


@pytest.mark.parametrize(
    ("body", "english"),
    [
        ({"game": "num5", "seats": 4, "best": True}, "Num 5 has no best possible score"),
    ],
)
def test_best_for_num5_is_refused_at_its_field(api_en, body, english):
    status, answer = api_en(body)
    assert status == 400
    assert answer["error"]["field"] == "best"
    assert english in answer["error"]["message"]
