"""The pages' readers (calculators/games/<game>/readers.py) and the pages' offline answers
(``answers.pages()``): a page's text fields read once, for its Django form and for the phone."""

import json
import re

import pytest

from calculators.core import answers
from calculators.engines import num5turn
from calculators.engines.cards import InputError
from calculators.games.num5 import readers as num5_readers
from calculators.games.num_check import readers as check_readers
from calculators.games.num_draft import readers as draft_readers


def page(name, fields, language="fr"):
    return json.loads(answers.answer(name, json.dumps(fields), language))


def api(endpoint, body, language="fr"):
    return json.loads(answers.answer(endpoint, json.dumps(body), language))


# --------------------------------------------------------------------------- NUM CHECK sheet


def test_check_sheet_groups_claims_by_player_in_the_order_announced():
    text = "Léa : Full 7R 7B 7J 3V 3A\n\nMax : Double paire 5R 5B 6R 6B\nLéa : Paire 2R 2B"
    assert check_readers.read_check_sheet(text) == [
        ("Léa", [("full", "7R 7B 7J 3V 3A"), ("paire", "2R 2B")]),
        ("Max", [("double_paire", "5R 5B 6R 6B")]),
    ]


@pytest.mark.parametrize(
    ("text", "words"),
    [("Léa Full 7R", "Ligne 1 : écrivez"), ("\nLéa : Bof 7R 7B", "Ligne 2 : combinaison inconnue")],
)
def test_check_sheet_bad_line_is_an_error_on_players(text, words):
    with pytest.raises(InputError) as err:
        check_readers.read_check_sheet(text)
    assert err.value.field == "players"
    assert err.value.message.startswith(words)


# --------------------------------------------------------------------------- NUM DRAFT table


def test_draft_table_reads_each_players_grid():
    assert draft_readers.read_draft_table(" Léa : 3R 3B 3J / 5R - 5J / 8V 8A 8S\n") == [
        {"name": "Léa", "grid": [["3R", "3B", "3J"], ["5R", "-", "5J"], ["8V", "8A", "8S"]]}
    ]


@pytest.mark.parametrize(
    ("text", "words"),
    [("Léa 3R", "Ligne 1 : écrivez « Nom : grille »"), ("Léa : 3R 3B / 5R", "Ligne 1 : la grille")],
)
def test_draft_table_bad_line_is_an_error_on_players(text, words):
    with pytest.raises(InputError) as err:
        draft_readers.read_draft_table(text)
    assert err.value.field == "players"
    assert err.value.message.startswith(words)


# --------------------------------------------------------------------------- Num 5 sheet


def test_sheet_columns_follow_names_and_an_edit_in_place():
    assert num5_readers.sheet_columns(["Léa", "Max"], ["max", "Léa", "Zoé"]) == [1, 0, None]
    assert num5_readers.sheet_columns(["Léa", "Tom"], ["Léa", "Thomas"]) == [0, 1]


def test_num5_sheet_scores_complete_rounds_and_names_the_pending_one():
    """Ruling « a round counts only once it is entered » (/num-5/regles/#arbitrage-manche-saisie)."""
    sheet = num5_readers.read_num5_sheet(
        "Léa, Max, Zoé", [["12R 3S", "31 - 4", "0"], ["5R", None, None]]
    )
    assert [r.totals for r in sheet.game.rounds] == [(9, 27, 0)]
    assert sheet.pending.startswith("Manche 2")


def test_num5_sheet_bad_names_and_bad_cell_name_their_field():
    with pytest.raises(InputError) as err:
        num5_readers.read_num5_sheet("Léa", [])
    assert err.value.field == "players"
    with pytest.raises(InputError) as err:
        num5_readers.read_num5_sheet("Léa, Max, Zoé", [["12Z", "0", "0"]])
    assert err.value.field == "rounds"


# --------------------------------------------------------------------------- Num 5 turn


def test_turn_line_reads_choices_and_writes_them_back():
    assert num5_readers.read_turn_line("5R 3A@2 0S", 1) == (["5R", "3A", "0S"], [None, 1, None])
    with pytest.raises(InputError) as err:
        num5_readers.read_turn_line("5R@9", 3)
    assert err.value.field == "history"
    assert err.value.message.startswith("Tour 3 : « 5R@9 »")


def test_history_stops_at_the_first_missing_turn():
    assert num5_readers.history_of({"t1": " 5R  3B ", "t2": "6R 4B", "t4": "x"}) == [
        "5R 3B",
        "6R 4B",
    ]


def test_replay_plays_the_history_then_the_turn():
    """T1: a card goes on the row of its colour (/num-5/regles/#arbitrage-tour-t1)."""
    replay = num5_readers.Replay()
    state = replay.run("Léa, Max, Zoé", False, ["", "", "", ""], ["5R 3B 7J"], ["6R", "4B", "8J"])
    assert state.turn == 2 and replay.played_now
    assert replay.history_lines() == ["5R 3B 7J", "6R 4B 8J"]
    assert [str(c) for c in state.rows[1]] == ["0R", "5R", "6R"]


def test_replay_refused_history_turn_is_an_error_on_history_and_keeps_the_table():
    replay = num5_readers.Replay()
    with pytest.raises(InputError) as err:
        replay.run("Léa, Max, Zoé", False, ["", "", "", ""], ["5R 3B 7J", "5R 4B 8J"])
    assert err.value.field == "history"
    assert err.value.message.startswith("Tour 2 : ")
    assert replay.state is None and replay.start == num5turn.SETUP


# --------------------------------------------------------------------------- pages offline


def test_outs_page_groups_outs_best_first_as_the_endpoint_answers():
    """/num-check/regles/#arbitrage-cartes-a-guetter: the same outs as ``num-check/outs``."""
    got = page("num_check_outs", {"hand": "7R 7B 3V 3J", "rank": "2", "exclude": ["paire"]})
    want = api(
        "num-check/outs", {"hand": ["7R", "7B", "3V", "3J"], "rank": 2, "exclude": ["paire"]}
    )
    assert got["outs"] == want["outs"]
    groups = got["view"]["groups"]
    bests = [int(g["title"].split()[-2]) for g in groups]
    assert bests == sorted(bests, reverse=True)
    assert "paire" not in {g["key"] for g in groups}
    assert got["view"]["head"].startswith(f"{len(want['outs'])} cartes à guetter")


@pytest.mark.parametrize(
    ("name", "fields", "field"),
    [
        ("num_check_outs", {"hand": ""}, "hand"),
        ("num_check_outs", {"hand": "7R 99Z"}, "hand"),
        ("num_check_outs", {"hand": "7R", "rank": "9"}, "rank"),
        ("num_check_sheet", {"players": "Léa Full"}, "players"),
        ("num_draft_table", {"players": "Léa : 3R"}, "players"),
        ("num_5", {"players": "Léa"}, "players"),
        (
            "num_5_turn",
            {"players": "Léa, Max, Zoé", "c0": "5R", "c1": "5R", "c2": "7J", "play": "1"},
            "c1",
        ),
        ("num_5_turn", {"players": "Léa, Max, Zoé", "r2": "5Z"}, "r2"),
        ("num_5_turn", {"players": "Léa, Max, Zoé", "t1": "5R@7 3B 7J"}, "history"),
    ],
)
def test_page_errors_name_the_pages_field(name, fields, field):
    got = page(name, fields)
    assert got["error"]["field"] == field, got
    assert got["error"]["message"]


def test_sheet_page_equals_the_endpoint():
    got = page("num_check_sheet", {"players": "Léa : Full 7R 7B 7J 3V 3A\nMax : Paire 5R 5B"})
    want = api(
        "num-check/sheet",
        {
            "players": [
                {
                    "name": "Léa",
                    "claims": [{"combo": "full", "cards": ["7R", "7B", "7J", "3V", "3A"]}],
                },
                {"name": "Max", "claims": [{"combo": "paire", "cards": ["5R", "5B"]}]},
            ]
        },
    )
    assert got["players"] == want["players"]
    assert [g["score"] for g in got["view"]["groups"]] == [p["total"] for p in want["players"]]


def test_table_page_equals_the_endpoint_in_english():
    text = "Léa : 3R 3B 3J / 5R 5B 5J / 8V 8A 8S\nMax : 1R 2R 4R / 4B 6B 7B / - - -"
    got = page("num_draft_table", {"players": text, "mode": "classic", "values": ""}, "en")
    want = api(
        "num-draft/table",
        {"players": draft_readers.read_draft_table(text), "mode": "classic"},
        "en",
    )
    assert got["players"] == want["players"]
    assert got["view"]["head"].startswith("Standings")


def test_num5_sheet_page_follows_names_and_equals_the_endpoint():
    fields = {
        "players": "Max, Léa, Zoé",
        "was": "Léa, Max, Zoé",
        "n": "1",
        "r0_0": "12R 3S",
        "r0_1": "31 - 4",
        "r0_2": "0",
    }
    got = page("num_5", fields)
    want = api(
        "num5/game",
        {
            "players": ["Max", "Léa", "Zoé"],
            "rounds": [
                [
                    {"name": "Max", "plus": 31, "minus": 4},
                    {"name": "Léa", "plus": 12, "minus": 3},
                    {"name": "Zoé", "plus": 0, "minus": 0},
                ]
            ],
        },
    )
    assert got["points"] == want["points"] == {"Max": 27, "Léa": 9, "Zoé": 0}
    assert got["view"]["head"].startswith("Après 1 manche")


def test_turn_page_hands_back_the_turn_played():
    fields = {"players": "Léa, Max, Zoé", "t1": "5R 3B 7J", "c0": "6R", "c1": "4B", "c2": "8J"}
    got = page("num_5_turn", {**fields, "play": "1"})
    assert got["view"]["fields"] == {"c0": "", "c1": "", "c2": "", "t2": "6R 4B 8J"}
    assert got["round"]["turn"] == 2
    want = api(
        "num5/turn",
        {
            "rows": [["0B", "3B"], ["0R", "5R"], ["0J", "7J"], ["0V"]],
            "plays": [
                {"player": "Léa", "card": "6R"},
                {"player": "Max", "card": "4B"},
                {"player": "Zoé", "card": "8J"},
            ],
        },
    )
    assert got["players"] == want["players"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "name"),
    [
        ("/num-check/", "num-check/score"),
        ("/num-check/", "num-check/detect"),
        ("/num-check/guetter/", "num_check_outs"),
        ("/num-check/feuille/", "num_check_sheet"),
        ("/num-draft/", "num-draft/score"),
        ("/num-draft/table/", "num_draft_table"),
        ("/num-5/", "num_5"),
        ("/num-5/tour/", "num_5_turn"),
        ("/num-connect/", "num-connect/check"),
    ],
)
def test_every_calculator_page_is_answered_on_the_phone(client, path, name):
    """Each calculator form names what answers it offline, an endpoint or a page's answer."""
    html = client.get(path).content.decode()
    wired = set(re.findall(r'data-offline="([^"]+)"', html))
    assert name in wired
    assert wired <= set(answers.endpoints()) | set(answers.pages())


def test_num5_sheet_page_without_rounds_says_what_to_enter():
    got = page("num_5", {"players": "Léa, Max, Zoé"}, "en")
    assert got["view"]["head"].startswith("Enter the players then the rounds")
    assert got["view"]["lines"] == []


@pytest.mark.parametrize("row", ["²", "٣", "0", "5", "x", ""])
def test_turn_line_a_row_that_is_not_1_to_4_in_ascii_digits_is_an_error_on_history(row):
    """« ² » or « ٣ » are digits to str.isdigit but not rows: bad input, never a crash."""
    with pytest.raises(InputError) as refused:
        num5_readers.read_turn_line(f"5R@{row} 3A 0S", 1)
    assert refused.value.field == "history"
