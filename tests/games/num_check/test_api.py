"""`POST /api/v1/num-check/detect` with `hand` + `centre` (API.md, RULES.md §1.5)."""


def test_detect_answers_each_check_with_its_claim_and_cards(api):
    body = {"hand": ["7R", "7B", "3V", "3J"], "centre": ["7J", "3A", "12S"], "rank": 4}
    status, answer = api("num-check/detect", body)
    assert status == 200
    first = answer["checks"][0]
    assert first == {
        "claim": "7J",
        "combo": "brelan",
        "cards": ["7R", "7B", "7J"],
        "references": [7],
        "rank_bonus": 14,
        "total": 31,
    }
    assert "combos" not in answer


def test_detect_hand_alone_is_never_a_check(api):
    status, answer = api("num-check/detect", {"hand": ["9R", "9B", "2J", "3V"], "centre": ["7V"]})
    assert status == 200 and answer["checks"] == []


def test_detect_card_in_hand_and_centre_is_400_on_centre(api):
    status, answer = api("num-check/detect", {"hand": ["9R", "9B"], "centre": ["9R"]})
    assert status == 400
    assert answer["error"]["field"] == "centre" and "9R" in answer["error"]["message"]


def test_detect_needs_the_centre_with_the_hand(api):
    status, answer = api("num-check/detect", {"hand": ["9R", "9B"]})
    assert status == 400 and answer["error"]["field"] == "centre"
    status, answer = api("num-check/detect", {"hand": "9R", "centre": ["9B"]})
    assert status == 400 and answer["error"]["field"] == "hand"


def test_detect_excludes_by_site_name(api):
    body = {"hand": ["12R", "12V", "12B", "12J"], "centre": ["12S"], "rank": 6}
    status, answer = api("num-check/detect", {**body, "exclude": ["Brelan", "Num's"]})
    assert status == 200
    assert {c["combo"] for c in answer["checks"]} == {"paire", "carre"}


def test_sheet_and_table_answers_give_shared_positions(api):
    claims = [
        {"name": "Léa", "claims": [{"combo": "Paire", "cards": ["5R", "5B"]}]},
        {"name": "Tom", "claims": [{"combo": "paire", "cards": ["5V", "5J"]}]},
        {"name": "Zoé", "claims": [{"combo": "BRELAN", "cards": ["7R", "7B", "7J"]}]},
    ]
    status, body = api("num-check/sheet", {"players": claims})
    assert status == 200
    assert [p["position"] for p in body["players"]] == [2, 2, 1]
    assert [c["combo"] for p in body["players"] for c in p["claims"]] == [
        "paire",
        "paire",
        "brelan",
    ]


def test_api_accepts_site_names_and_french_modes_and_answers_canonically(api):
    status, body = api("num-check/score", {"combo": "Paire", "cards": ["5R", "5B"], "rank": 1})
    assert status == 200 and body["combo"] == "paire" and body["total"] == 15
    cards = ["3R", "4R", "5R", "6R", "7R"]
    status, body = api("num-check/score", {"combo": "suite couleur", "cards": cards, "rank": 1})
    assert status == 200 and body["combo"] == "suite_couleur"
    grid = [["1R", "1B", None], [None] * 3, [None] * 3]
    status, body = api("num-draft/score", {"grid": grid, "mode": "Découverte"})
    assert status == 200 and body["mode"] == "discovery"
    status, body = api("num-draft/score", {"grid": grid, "mode": "classique"})
    assert status == 200 and body["mode"] == "classic"
    status, body = api("num-draft/score", {"grid": grid, "mode": "Famille"})
    assert status == 400 and body["error"]["field"] == "mode"


def test_table_answer_gives_shared_positions_in_seat_order(api):
    empty = [None, None, None]
    players = [
        {"name": "Léa", "grid": [["1R", "2R", "3R"], ["5R", None, None], empty]},
        {"name": "Tom", "grid": [["9V", "9B", None], empty, empty]},
        {"name": "Zoé", "grid": [[None, "7V", "7B"], empty, empty]},
    ]
    status, body = api("num-draft/table", {"players": players, "mode": "Classique"})
    assert status == 200 and body["mode"] == "classic"
    assert [(p["name"], p["total"], p["position"]) for p in body["players"]] == [
        ("Léa", 8, 1),
        ("Tom", 6, 2),
        ("Zoé", 6, 2),
    ]
