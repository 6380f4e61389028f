"""Every input is bounded by its game: each calculator endpoint answers the largest input the
game allows, and refuses one beyond it (more players, announcements, cards or rounds) with a
400 at the field, never a long computation. The bounds are the engines' (the NUM CHECK sheet:
10 players, 16 announcements each — 8 combinations and as many invalid CHECKs, which take no
rank and do not count in the 8, /num-check/regles/#arbitrage-check-invalide)."""

from __future__ import annotations

import pytest

from calculators.engines import numcheck
from calculators.engines.cards import FAMILIES, InputError
from tests.conftest import EIGHT_CLAIMS

#: Eight invalid CHECKs (each a Pair of two values): no rank, not in the 8.
INVALID = [("paire", f"{v}R {v + 1}B") for v in range(8)]
NAMES = [f"Joueur {i}" for i in range(12)]


def announcements(count: int) -> list[tuple[str, str]]:
    """``count`` announcements, valid and invalid in turn (8 of each at most)."""
    mixed = [claim for pair in zip(EIGHT_CLAIMS, INVALID, strict=True) for claim in pair]
    return mixed[:count] if count <= 16 else [*mixed, *INVALID[: count - 16]]


def sheet_body(players: int, each: int) -> dict:
    return {
        "players": [
            {
                "name": NAMES[i],
                "claims": [
                    {"combo": c, "cards": cards.split()} for c, cards in announcements(each)
                ],
            }
            for i in range(players)
        ]
    }


def sheet_text(players: int, each: int) -> str:
    names = {c.key: c.name for c in numcheck.COMBOS}
    return "\n".join(
        f"{NAMES[i]} : {names[c]} {cards}"
        for i in range(players)
        for c, cards in announcements(each)
    )


def test_the_largest_sheet_a_game_allows_is_scored(api, client):
    status, body = api("num-check/sheet", sheet_body(10, 16))
    assert status == 200
    assert len(body["players"]) == 10
    assert all(sum(c["rank"] is not None for c in p["claims"]) == 8 for p in body["players"])
    page = client.post("/num-check/feuille/", {"players": sheet_text(10, 16)})
    assert page.status_code == 200
    assert 'data-player="Joueur 9"' in page.content.decode()


@pytest.mark.parametrize(
    ("players", "each", "words"),
    [(11, 1, "10 joueurs au plus"), (2, 17, "17 annonces")],
    ids=["an 11th player", "a 17th announcement"],
)
def test_a_sheet_beyond_the_game_is_refused_at_its_field(api, client, players, each, words):
    status, body = api("num-check/sheet", sheet_body(players, each))
    assert status == 400
    assert body["error"]["field"] == "players" and words in body["error"]["message"]
    page = client.post("/num-check/feuille/", {"players": sheet_text(players, each)})
    html = page.content.decode()
    assert page.status_code == 200 and words in html  # the page shows it at its field
    assert 'data-player="' not in html  # and nothing was scored


def test_the_refusal_comes_before_any_scoring():
    """The 64 KiB sheet a review measured at 0.97 s (228 players × 8 claims): refused at once."""
    players = [(f"J{i}", EIGHT_CLAIMS) for i in range(228)]
    with pytest.raises(InputError, match="10 joueurs au plus"):
        numcheck.sheet(players)


ROW = [{"plus": 3, "minus": 0}]
ALL_CARDS = [f"{v}{f.value}" for v in range(17) for f in FAMILIES]

#: endpoint, the largest input its game allows, one beyond it, the refused field
BOUNDS = [
    (
        "num-check/score",
        {"combo": "nums", "cards": ["4R", "4B", "4J", "4V", "4S"], "rank": 8},
        {"combo": "nums", "cards": ["4R", "4B", "4J", "4V", "4S", "4A"], "rank": 8},
        "cards",
    ),
    (
        "num-check/detect",
        {"hand": ["7R", "7B", "3V", "3J"], "centre": ["7J", "3A", "9R", "1B"], "rank": 4},
        {"hand": ["7R", "7B", "3V", "3J", "5R"], "centre": ["7J"], "rank": 4},
        "hand",
    ),
    (
        "num-check/detect",
        {"hand": ["7R", "7B", "3V", "3J"], "centre": ["7J", "3A", "9R", "1B"], "rank": 4},
        {"hand": ["7R"], "centre": ["7J", "3A", "9R", "1B", "2B"], "rank": 4},
        "centre",
    ),
    (
        "num-check/outs",
        {"hand": ["1A", "2A", "3A", "4A"], "rank": 4},
        {"hand": ["1A", "2A", "3A", "4A", "5A"], "rank": 4},
        "hand",
    ),
    (
        "num5/game",
        {"players": NAMES[:8], "rounds": [ROW * 8]},
        {"players": NAMES[:9], "rounds": [ROW * 9]},
        "players",
    ),
    (
        "num-connect/check",
        {"cards": ALL_CARDS},  # every card of the deck in one line
        {"cards": [*ALL_CARDS, "0R"]},  # one more is a card twice
        "cards",
    ),
]


@pytest.mark.parametrize(("endpoint", "largest", "beyond", "field"), BOUNDS)
def test_each_calculator_takes_the_largest_input_and_refuses_more(
    api, endpoint, largest, beyond, field
):
    status, _ = api(endpoint, largest)
    assert status == 200
    status, body = api(endpoint, beyond)
    assert status == 400
    assert body["error"]["field"] == field
