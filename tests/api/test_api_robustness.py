"""Never a 500: any JSON body, on any endpoint, is answered 200 or 400 with a named field."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FIELDS = {
    "num-check/score": ["combo", "cards", "rank"],
    "num-check/detect": ["hand", "centre", "cards", "rank", "exclude"],
    "num-check/outs": ["hand", "rank", "exclude"],
    "num-check/sheet": ["players"],
    "num-draft/score": ["grid", "left", "right", "mode", "values"],
    "num-draft/table": ["players", "mode", "values"],
    "num5/round": ["players"],
    "num5/game": ["players", "rounds"],
    "num-connect/check": ["cards", "first_play", "free"],
}
WORDS = st.sampled_from(
    [
        "7R",
        "7B",
        "JK",
        "17R",
        "x",
        "",
        "full",
        "paire",
        "classic",
        "discovery",
        "0-16",
        "Tornade",
        "A",
    ]
)
KEYS = st.sampled_from(["name", "cards", "plus", "minus", "grid", "claims", "combo"])
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 700), st.floats(allow_nan=False), WORDS
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(KEYS, inner, max_size=3)),
    max_leaves=12,
)


@pytest.mark.django_db
@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.sampled_from(sorted(FIELDS)), st.data())
def test_any_json_body_is_answered_200_or_400(client, endpoint, data):
    body = {f: data.draw(JSON, label=f) for f in FIELDS[endpoint] if data.draw(st.booleans())}
    response = client.post(
        f"/api/v1/{endpoint}", data=json.dumps(body), content_type="application/json"
    )
    assert response.status_code in (200, 400)
    if response.status_code == 400:
        error = response.json()["error"]
        assert error["field"] and error["message"]
