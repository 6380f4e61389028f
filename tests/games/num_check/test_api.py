"""NUM CHECK's JSON endpoints: ``score`` (a claim's total, explained), ``detect`` (the CHECKs a
hand can claim from the centre's cards, never all in hand: /num-check/regles/#arbitrage-check-centre)
and ``sheet`` (a table's claims and shared positions)."""


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


def test_sheet_answer_gives_shared_positions_and_canonical_combos(api):
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


def test_api_accepts_site_names_and_answers_canonically(api):
    status, body = api("num-check/score", {"combo": "Paire", "cards": ["5R", "5B"], "rank": 1})
    assert status == 200 and body["combo"] == "paire" and body["total"] == 15
    cards = ["3R", "4R", "5R", "6R", "7R"]
    status, body = api("num-check/score", {"combo": "suite couleur", "cards": cards, "rank": 1})
    assert status == 200 and body["combo"] == "suite_couleur"


def test_score_answer_explains_each_step_and_gives_the_cards(api):
    status, body = api(
        "num-check/score", {"combo": "full", "cards": ["7R", "7B", "7J", "3V", "3A"], "rank": 4}
    )
    assert status == 200
    assert body["explanation"] == [
        "Base Full : 8",
        "Cartes de référence : 7 + 3",
        "Rang 4 : écart (7 − 3) × 2 = 8",
        "Total : 26",
    ]
    assert body["cards"] == ["7R", "7B", "7J", "3V", "3A"]


def test_answers_use_canonical_cards(api):
    status, body = api("num-check/score", {"combo": "paire", "cards": ["r5", "Bleu5"], "rank": 1})
    assert status == 200
    assert body["cards"] == ["5R", "5B"]


def test_invalid_sheet_claim_has_null_rank_and_reason(api):
    status, body = api(
        "num-check/sheet",
        {"players": [{"name": "Léa", "claims": [{"combo": "paire", "cards": ["5R", "9B"]}]}]},
    )
    assert status == 200
    claim = body["players"][0]["claims"][0]
    assert claim["rank"] is None and claim["valid"] is False and claim["reason"]


def test_detect_older_cards_form_lists_best_first_with_the_last_card_claimed(api):
    # The older form: hand = all but the last card, centre = the last; only CHECKs using it.
    status, body = api("num-check/detect", {"cards": ["7R", "7B", "7J", "3V", "3A"], "rank": 1})
    assert status == 200
    totals = [c["total"] for c in body["checks"]]
    assert totals == sorted(totals, reverse=True)
    assert {c["claim"] for c in body["checks"]} == {"3A"}
    assert {c["combo"] for c in body["checks"]} >= {"full", "brelan", "paire", "carre"}
    assert body["combos"] == body["checks"]  # the older answer key is kept for older clients
