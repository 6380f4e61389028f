"""POST /api/v1/num5/turn: one turn of Num 5 played on a table (where each card goes, step by step),
the answer's fields, bad input as a 400 naming its field, never a 500."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

E5 = {
    "variant": "normal",
    "rows": [
        {"cards": ["0B", "9B"]},
        {"cards": ["3R", "10R"]},
        {"cards": ["5J", "9J"]},
        {"cards": ["0V", "12V"]},
    ],
    "plays": [
        {"player": "Léa", "card": "1S"},
        {"player": "Tom", "card": "a2"},
        {"player": "Zoé", "card": "11r"},
    ],
}


def test_turn_answer_gives_the_rows_players_discarded_cards_and_steps(api):
    status, body = api("num5/turn", E5)
    assert status == 200
    assert set(body) == {"rows", "players", "discarded", "steps"}
    assert body["rows"][0] == {"cards": ["9B", "2A"], "colour": "B"}
    assert [set(row) for row in body["rows"]] == [{"cards", "colour"}] * 4
    assert body["discarded"] == []
    assert body["players"][1] == {
        "name": "Tom",
        "card": "2A",
        "collected": ["0B"],
        "plus": 0,
        "minus": 0,
        "points": 0,
    }
    kept, lowest, own = body["steps"]
    assert set(kept) == {
        "n", "player", "card", "row", "how", "tied_rows", "result", "cards", "row_after",
        "colour_before", "colour_after",
    }  # fmt: skip
    assert (kept["row"], kept["how"], kept["result"], kept["cards"]) == (
        None,
        "fits_nowhere",
        "kept",
        ["1S"],
    )
    assert lowest == {
        "n": 2,
        "player": "Tom",
        "card": "2A",
        "row": 1,
        "how": "lowest",
        "tied_rows": [1, 3],
        "result": "take",
        "cards": ["0B"],
        "row_after": ["9B", "2A"],
        "colour_before": "B",
        "colour_after": "B",
    }
    assert own["tied_rows"] == [] and own["how"] == "own_row"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"plays": E5["plays"]}, "rows"),
        ({"rows": E5["rows"]}, "plays"),
        ({**E5, "variant": "boum"}, "variant"),
        ({**E5, "rows": [{"cards": ["0B"], "colour": "V"}, *E5["rows"][1:]]}, "rows"),
        ({**E5, "plays": [{"player": "Léa", "card": "9B"}, *E5["plays"][1:]]}, "plays"),
        # T8 « Choice »: a Shadow kept by its player (T14) goes on no row, so has none to choose
        ({**E5, "plays": [{"player": "Léa", "card": "1S", "row": 1}, *E5["plays"][1:]]}, "plays"),
    ],
)
def test_turn_bad_input_is_400_with_its_field(api, body, field):
    status, answer = api("num5/turn", body)
    assert status == 400
    assert answer["error"]["field"] == field and answer["error"]["message"]


WORDS = st.sampled_from(
    ["0B", "7R", "7A", "3S", "17R", "x", "", "JK", "normal", "explosion", "Léa"]
)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 20), WORDS)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.sampled_from(["cards", "colour", "player", "card"]), inner, max_size=3),
    ),
    max_leaves=14,
)


@pytest.mark.django_db
@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.dictionaries(st.sampled_from(["rows", "plays", "variant"]), JSON, max_size=3))
def test_any_json_body_on_turn_is_answered_200_or_400(client, body):
    response = client.post(
        "/api/v1/num5/turn", data=json.dumps(body), content_type="application/json"
    )
    assert response.status_code in (200, 400)
    if response.status_code == 400:
        error = response.json()["error"]
        assert error["field"] and error["message"]
