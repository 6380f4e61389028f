"""Every golden case of tests/cases (the contract's cases, kept as data) through the JSON API.

The comparison follows ``tests/cases/README.md``: ``segments`` is a count,
``totals`` the players' totals, ``checks`` the set of (claim, combo, total) of a detect answer,
and for a Num 5 ``turn`` ``rows``/``points``/``collected`` compare the rows and each play.
"""

import re

import pytest

from tests.conftest import load_cases

ENDPOINTS = {
    "num_check.json": lambda c: f"num-check/{c.get('endpoint', 'score')}",
    "num_draft.json": lambda c: f"num-draft/{c.get('endpoint', 'score')}",
    "num5.json": lambda c: f"num5/{c['endpoint']}",
    "num_connect.json": lambda c: "num-connect/check",
}

CASES = [pytest.param(name, case, id=case["id"]) for name in ENDPOINTS for case in load_cases(name)]


def observed(key, body, want):
    """The part of the answer that ``expect[key]`` is compared with, and the expectation."""
    if key == "segments":
        return len(body.get("segments") or []), want
    if key == "totals":
        return [p["total"] for p in body["players"]], want
    if key == "checks":
        got = sorted([c["claim"], c["combo"], c["total"]] for c in body["checks"])
        return got, sorted(want)
    if key == "outs":  # every (out card, combination, total) of the answer, in any order
        got = sorted([o["card"], c["combo"], c["total"]] for o in body["outs"] for c in o["checks"])
        return got, sorted(want)
    if key == "points":
        return [p["points"] for p in body["players"]], want
    if key == "collected":
        return [p["collected"] for p in body["players"]], want
    if key == "rows":
        return [{"cards": r["cards"], "colour": r["colour"]} for r in body["rows"]], want
    return body[key], want


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
        got, want = observed(key, body, want)
        assert got == want, key


CITED = sorted(
    {
        (page, anchor)
        for name in ENDPOINTS
        for case in load_cases(name)
        for page, anchor in re.findall(r"(/[a-z0-9-]+/regles/)#([a-z0-9-]+)", case.get("note", ""))
    }
)


@pytest.mark.django_db
@pytest.mark.parametrize(("page", "anchor"), CITED)
def test_a_golden_case_cites_a_ruling_the_site_shows(client, page, anchor):
    assert f'id="{anchor}"' in client.get(page).content.decode()


def test_every_golden_case_note_cites_the_sites_own_rulings():
    notes = [case.get("note", "") for name in ENDPOINTS for case in load_cases(name)]
    assert not [note for note in notes if ".md" in note or "../" in note]
    assert CITED
