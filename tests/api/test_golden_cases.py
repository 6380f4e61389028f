"""Every golden case of ../shared/cases (copied into tests/cases) through the JSON API."""

import pytest

from tests.conftest import load_cases

ENDPOINTS = {
    "num_check.json": lambda c: f"num-check/{c.get('endpoint', 'score')}",
    "num_draft.json": lambda c: f"num-draft/{c.get('endpoint', 'score')}",
    "num5.json": lambda c: f"num5/{c['endpoint']}",
    "num_connect.json": lambda c: "num-connect/check",
}

CASES = [pytest.param(name, case, id=case["id"]) for name in ENDPOINTS for case in load_cases(name)]


@pytest.mark.parametrize(("name", "case"), CASES)
def test_golden_case(api, name, case):
    status, body = api(ENDPOINTS[name](case), case["request"])
    expect = case["expect"]
    if expect.get("error"):
        assert status == 400, body
        want = expect["field"]
        field = body["error"]["field"]
        assert field == want or (isinstance(want, list) and field in want)
        assert body["error"]["message"]
        return
    assert status == 200, body
    for key, want in expect.items():
        if key == "segments":
            got = len(body.get("segments") or [])
        elif key == "totals":
            got = [p["total"] for p in body["players"]]
        else:
            got = body[key]
        assert got == want, key
