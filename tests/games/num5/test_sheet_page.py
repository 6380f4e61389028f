"""The Num 5 sheet of rounds (/num-5/): blank rounds, Enter, columns that follow names, junk.

Nothing typed is lost: Enter recalculates and removes nothing, a removed round or player can be
restored, cells follow their player's name. A round counts only once it is entered
(/num-5/regles/#arbitrage-manche-saisie): the ruling itself is the engine's
(calculators/engines/num5.py), these tests check that the page asks it and shows its answer.
"""

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators.engines import num5
from calculators.engines.cards import InputError
from tests.matching import search

URL = "/num-5/"
HX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "num5-result"}
HX_WHOLE = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "num5-calculator"}


def get(client, query, **headers):
    response = client.get(URL, query, **headers)
    assert response.status_code == 200, query
    return response, unescape(response.content.decode())


def cells(html):
    """{"r0_1": "20", ...} as drawn in the sheet."""
    return dict(re.findall(r'name="(r\d+_\d+)" id="[^"]*" value="([^"]*)"', html))


def columns(html):
    table = re.search(r'<div id="num5-rounds">.*?<thead>(.*?)</thead>', html, re.S)
    return re.findall(r'<th scope="col">([^<]+)</th>', table.group(1))[1:] if table else []


def pending(html):
    box = search(r'<div id="num5-pending"[^>]*>(.*?)</div>', html, re.S)
    return re.sub(r"<[^>]+>", "", box.group(1)).strip()


def engine_message(names, row, number):
    with pytest.raises(InputError) as err:
        num5.check_entered(names, [num5.parse_cell(c) for c in row], "rounds", f"Manche {number}")
    return err.value.message


def test_num5_sheet_add_and_remove_rounds(client):
    base = {"players": "A, B, C", "n": "1", "r0_0": "10R", "r0_1": "5", "r0_2": "3 - 1"}
    html = client.get("/num-5/", base).content.decode()
    assert "winner-cell" in html
    html = client.get("/num-5/", {**base, "add": "1"}).content.decode()
    assert 'name="r1_0"' in html
    html = client.get("/num-5/", {**base, "n": "2", "r1_0": "1R", "remove": "0"}).content.decode()
    assert 'name="r1_0"' not in html and 'value="1R"' in html


# --------------------------------------------------------------------------- blank rounds


def test_blank_rounds_never_count_three_adds_do_not_end_the_game(client):
    query = {"players": "Léa, Tom, Zoé", "n": "0"}
    for expected in (1, 2, 3):
        response, html = get(client, {**query, "add": "1"})
        query = {"players": "Léa, Tom, Zoé", "n": str(expected)}
        assert f'name="n" value="{expected}"' in html
    assert "num5-finished" not in html and "winner-cell" not in html
    assert "Partie terminée" not in html
    assert pending(html) == engine_message(["Léa", "Tom", "Zoé"], ["", "", ""], 1)
    assert "Ajouter une manche" in html


def test_one_cell_of_three_rounds_does_not_declare_lea_the_winner(client):
    _, html = get(client, {"players": "Léa,Tom,Zoé", "n": "3", "r0_0": "40"})
    assert "num5-finished" not in html and "winner-cell" not in html
    assert 'data-testid="wins-0"' not in html  # no round scored at all
    message = pending(html)
    assert message == engine_message(["Léa", "Tom", "Zoé"], ["40", "", ""], 1)
    assert "Manche 1" in message and "Tom (" in message and "Zoé (" in message
    assert "Léa (" not in message


def test_the_pending_round_is_shown_in_a_stable_status_container(client):
    _, html = get(client, {"players": "Léa,Tom,Zoé", "n": "1", "r0_0": "40"})
    assert re.search(r'<div id="num5-pending" role="status"', html)
    # With htmx only the container's content changes (innerHTML), the container stays.
    _, fragment = get(client, {"players": "Léa,Tom,Zoé", "n": "1", "r0_0": "40"}, **HX)
    assert '<div id="num5-pending" hx-swap-oob="innerHTML">' in fragment
    assert "Tom (ses cartes ou ses deux sommes)" in pending(fragment)
    _, fragment = get(
        client, {"players": "Léa,Tom,Zoé", "n": "1", "r0_0": "40", "r0_1": "3", "r0_2": "0"}, **HX
    )
    assert pending(fragment) == ""
    assert "winner-cell" in fragment


def test_complete_rounds_before_the_first_incomplete_one_are_scored(client):
    query = {
        "players": "Léa,Tom,Zoé",
        "n": "3",
        **{"r0_0": "12R", "r0_1": "31 - 4", "r0_2": "0"},
        **{"r1_0": "5", "r1_1": "31 -"},  # Tom's Shadow sum and Zoé not entered yet
        **{"r2_0": "1", "r2_1": "2", "r2_2": "3"},  # after the incomplete round: not scored yet
    }
    _, html = get(client, query)
    assert html.count("winner-cell") == 1  # round 1 only: Tom's 27 wins it
    assert 'data-testid="wins-1">1<' in html
    message = pending(html)
    assert message == engine_message(["Léa", "Tom", "Zoé"], ["5", "31 -", ""], 2)
    assert (
        "Tom (la somme des Shadow)" in message and "Zoé (ses cartes ou ses deux sommes)" in message
    )


def test_zero_is_collected_nothing_and_a_lone_number_has_no_shadow(client):
    query = {"players": "Léa,Tom,Zoé", "n": "1", "r0_0": "31", "r0_1": "0", "r0_2": "31 - 4"}
    _, html = get(client, query)
    assert pending(html) == ""
    assert 'data-testid="wins-0">1<' in html and 'data-testid="wins-2">0<' in html


def test_help_text_explains_cells(client):
    _, html = get(client, {})
    help_text = search(r'<p class="small" id="num5-cell-help">(.*?)</p>', html, re.S).group(1)
    text = re.sub(r"<[^>]+>", "", help_text)
    for part in (
        "12R 3S",
        "31 - 4",
        "31 seul = aucune Shadow",
        "0 = rien récupéré",
        "vide = pas encore saisie",
    ):
        assert part in text
    _, html = get(client, {"players": "Léa,Tom,Zoé", "n": "1"})
    assert 'aria-describedby="num5-cell-help err-id_r0_0"' in html  # help, then its error


# --------------------------------------------------------------------------- Enter recalculates


def form_html(html):
    return search(r'<form[^>]*id="num5-form".*?</form>', html, re.S).group(0)


def test_enter_activates_a_harmless_default_button_first_in_tree_order(client):
    _, html = get(client, {"players": "Léa,Tom,Zoé", "n": "2", "r0_0": "10R"})
    form = form_html(html)
    submitters = re.findall(r"<button[^>]*>", form)
    submitters = [b for b in submitters if 'type="submit"' in b]
    default = submitters[0]
    assert 'data-testid="num5-default"' in default
    assert "name=" not in default and "hx-get" not in default  # it only submits the form
    assert any('name="remove"' in b for b in submitters[1:])
    # ... and with htmx the form's own submit recalculates (no page load).
    opening = search(r"<form[^>]*>", form).group(0)
    assert re.search(r'hx-trigger="[^"]*\bsubmit\b', opening)


def test_submitting_without_a_button_removes_nothing(client):
    query = {
        "players": "Léa,Tom,Zoé",
        "n": "2",
        "r0_0": "10R",
        "r0_1": "3",
        "r0_2": "0",
        "r1_0": "4",
    }
    _, html = get(client, query)  # what Enter sends: every field, no « remove »
    assert cells(html)["r0_0"] == "10R" and cells(html)["r1_0"] == "4"
    assert 'name="n" value="2"' in html


# --------------------------------------------------------------------------- ✕ and « Rétablir »


def test_removing_a_round_offers_to_restore_it(client):
    query = {
        "players": "Léa,Tom,Zoé",
        "n": "2",
        "r0_0": "10R",
        "r0_1": "3",
        "r0_2": "0",
        "r1_0": "4",
    }
    _, html = get(client, {**query, "remove": "0"})
    assert cells(html) == {"r0_0": "4", "r0_1": "", "r0_2": ""}
    banner = search(r'data-testid="num5-discarded">(.*?)</div>', html, re.S).group(1)
    assert "Manche 1 supprimée." in banner
    restore = search(r'href="([^"]+)"[^>]*>Rétablir</a>', banner).group(1)
    back = client.get(restore)
    assert back.status_code == 200
    assert cells(unescape(back.content.decode())) == {
        "r0_0": "10R",
        "r0_1": "3",
        "r0_2": "0",
        "r1_0": "4",
        "r1_1": "",
        "r1_2": "",
    }


def test_removal_with_htmx_redraws_the_calculator_and_pushes_the_new_state(client):
    query = {"players": "Léa,Tom,Zoé", "n": "2", "r0_0": "10R", "r1_0": "4", "remove": "0"}
    response, html = get(client, query, **HX_WHOLE)
    assert html.lstrip().startswith('<div id="num5-calculator">')
    pushed = parse_qs(urlsplit(response["HX-Push-Url"]).query)
    assert pushed == {"players": ["Léa,Tom,Zoé"], "n": ["1"], "r0_0": ["4"]}
    assert "Rétablir" in html


# --------------------------------------------------------------------------- columns follow names

#: one round of four players, each cell its player's score: 10, 20, 30, 40
ROUND = {"n": "1", "r0_0": "10", "r0_1": "20", "r0_2": "30", "r0_3": "40"}


def test_removing_tom_keeps_everyone_elses_score(client):
    _, html = get(client, {"players": "Léa,Tom,Zoé,Max", **ROUND})
    assert 'name="was" value="Léa, Tom, Zoé, Max"' in html
    _, html = get(client, {"players": "Léa,Zoé,Max", "was": "Léa, Tom, Zoé, Max", **ROUND})
    assert columns(html) == ["Léa", "Zoé", "Max"]
    assert cells(html) == {"r0_0": "10", "r0_1": "30", "r0_2": "40"}
    assert "Colonne de Tom retirée." in html and "Rétablir" in html


def test_adding_a_player_gives_blank_cells_and_keeps_the_others(client):
    query = {"players": "Léa,Tom,Zoé,Max,Noé", "was": "Léa,Tom,Zoé,Max", **ROUND}
    _, html = get(client, query)
    assert cells(html) == {"r0_0": "10", "r0_1": "20", "r0_2": "30", "r0_3": "40", "r0_4": ""}
    query = {"players": "Noé,Léa,Tom,Zoé,Max", "was": "Léa,Tom,Zoé,Max", **ROUND}
    _, html = get(client, query)
    assert cells(html) == {"r0_0": "", "r0_1": "10", "r0_2": "20", "r0_3": "30", "r0_4": "40"}


def test_reordering_players_moves_their_cells(client):
    _, html = get(client, {"players": "Max,Zoé,Tom,Léa", "was": "Léa,Tom,Zoé,Max", **ROUND})
    assert cells(html) == {"r0_0": "40", "r0_1": "30", "r0_2": "20", "r0_3": "10"}


def test_names_are_compared_by_the_names_rule(client):
    _, html = get(client, {"players": "LÉA,Tom,Zoé,Max", "was": "Léa,Tom,Zoé,Max", **ROUND})
    assert cells(html)["r0_0"] == "10" and columns(html)[0] == "LÉA"


def test_a_name_edited_in_place_keeps_its_cells(client):
    _, html = get(client, {"players": "Léa,Thomas,Zoé,Max", "was": "Léa,Tom,Zoé,Max", **ROUND})
    assert cells(html) == {"r0_0": "10", "r0_1": "20", "r0_2": "30", "r0_3": "40"}
    # Removing Tom and adding Noé at the end is not a rename: Noé starts blank.
    _, html = get(client, {"players": "Léa,Zoé,Max,Noé", "was": "Léa,Tom,Zoé,Max", **ROUND})
    assert cells(html) == {"r0_0": "10", "r0_1": "30", "r0_2": "40", "r0_3": ""}


def test_restoring_a_removed_player_brings_back_the_cells(client):
    _, html = get(client, {"players": "Léa,Zoé,Max", "was": "Léa,Tom,Zoé,Max", **ROUND})
    restore = search(r'href="([^"]+)"[^>]*>Rétablir</a>', html).group(1)
    html = unescape(client.get(restore).content.decode())
    assert columns(html) == ["Léa", "Tom", "Zoé", "Max"]
    assert cells(html) == {"r0_0": "10", "r0_1": "20", "r0_2": "30", "r0_3": "40"}


def test_old_permalinks_without_was_keep_their_positions(client):
    _, html = get(client, {"players": "Léa,Tom,Zoé,Max", **ROUND})
    assert cells(html) == {"r0_0": "10", "r0_1": "20", "r0_2": "30", "r0_3": "40"}
    assert "winner-cell" in html and 'data-testid="wins-3">1<' in html


def test_changing_names_with_htmx_redraws_the_whole_calculator(client):
    query = {"players": "Léa,Zoé,Max", "was": "Léa, Tom, Zoé, Max", **ROUND}
    response, html = get(client, query, **HX)
    assert response["HX-Retarget"] == "#num5-calculator"
    assert response["HX-Reswap"] == "outerHTML"
    assert html.lstrip().startswith('<div id="num5-calculator">')
    assert columns(html) == ["Léa", "Zoé", "Max"]
    assert parse_qs(urlsplit(response["HX-Push-Url"]).query)["r0_2"] == ["40"]
    # Same names: only the result, no retarget.
    query = {"players": "Léa,Zoé,Max", "was": "Léa, Zoé, Max", "n": "1", "r0_0": "5"}
    response, html = get(client, query, **HX)
    assert "HX-Retarget" not in response
    assert 'id="num5-form"' not in html and "num5-pending" in html


def test_a_case_only_duplicate_is_refused_naming_both(client):
    _, html = get(client, {"players": "Léa, Tom, léa", "n": "0"})
    error = search(r'id="err-id_players"[^>]*>(.*?)</div>', html, re.S).group(1)
    assert "« Léa »" in error and "« léa »" in error


# --------------------------------------------------------------------------- junk parameters

JUNK = [
    "players=a,b,c&n=x&add=1",  # once a 500: a round count that is no number
    "players=a,b,c&n=-4&add=1",
    "players=a,b,c&n=1.5",
    "players=a,b,c&n=99999999999999999999999&add=1",
    "players=a,b,c&n=&add=",
    "players=a,b,c&n=1&n=x",
    "players=a,b,c&n=2&remove=x",
    "players=a,b,c&n=2&remove=-1",
    "players=a,b,c&n=2&remove=7",
    "players=a,b,c&n=2&remove=",
    "players=a,b,c&n=2&remove=1&remove=0&add=1&add=2",
    "players=a,b,c&n=1&explosion=peut-%C3%AAtre",
    "players=a,b,c&n=1&was=%00,,%E2%80%AE,x",
    "players=a,b,c&n=1&was=",
    "players=a,%00b,c&n=1&r0_0=1",
    "players=" + "x," * 200 + "&n=30&add=1",
    "players=,,,&n=3",
    "players=&n=3&add=1",
    "players=a,b,c&n=1&r0_0=%00&r0_1=" + "9" * 300 + "&r0_2=--",
    "players=a,b,c&n=1&r0_0=999999999999999999999999&r0_1=-&r0_2=1R 1R",
    "players=a,b,c&n=1&r99_99=1&r0_x=2&rx_0=3",
    "players=a,b,c&n=2&r0_0=1&r0_1=2&r0_2=3&r1_0=%F0%9F%92%A5",
    "n=3&add=1&remove=0",
]


@pytest.mark.parametrize("query", JUNK)
@pytest.mark.parametrize("headers", [{}, HX, HX_WHOLE], ids=["page", "htmx", "htmx-whole"])
def test_junk_in_any_parameter_is_never_a_500(client, query, headers):
    response = client.get(f"{URL}?{query}", **headers)
    assert response.status_code == 200


def test_junk_round_count_with_add_gives_one_blank_round(client):
    _, html = get(client, {"players": "a,b,c", "n": "x", "add": "1"})
    assert 'name="n" value="1"' in html
    assert cells(html) == {"r0_0": "", "r0_1": "", "r0_2": ""}


def test_a_bad_cell_is_reported_with_its_round_and_player(client):
    _, html = get(client, {"players": "Léa,Tom,Zoé", "n": "1", "r0_1": "x" * 201})
    assert "Manche 1, Tom :" in html


def test_rounds_are_capped(client):
    _, html = get(client, {"players": "a,b,c", "n": "30", "add": "1"})
    assert 'name="n" value="30"' in html


def test_the_page_answers_head_and_refuses_post(client):
    assert client.head(URL, {"players": "a,b,c", "n": "1"}).status_code == 200
    assert client.post(URL, {"players": "a,b,c"}).status_code == 405


# --------------------------------------------------------------------------- the form itself

POOL = ["Léa", "Tom", "Zoé", "Max", "Noé", "Inès", "Luc", "Ana"]


def sheet_form(query):
    from django.http import QueryDict

    from calculators.games.num5.forms import Num5Form

    return Num5Form(QueryDict(query, mutable=True) if isinstance(query, str) else query)


def test_the_form_applies_add_and_remove(client):
    form = sheet_form("players=a,b,c&n=x&add=1")
    assert form.round_count == 1 and not form.discarded
    form = sheet_form("players=a,b,c&n=3&r2_0=7&remove=1")
    assert form.round_count == 2 and form.removed_round == 2
    assert form.data["r1_0"] == "7" and "remove" not in form.data


def test_round_numbers_are_read_in_ascii_digits_only():
    # int() reads « ٣ » (Arabic-Indic 3) and « -0 »: neither is a round count or a round to
    # remove; « ² » is no number either.
    assert sheet_form("players=a,b,c&n=3").round_count == 3
    for count in ("٣", "²", "-0", "%2B3", "3.0", "1e1"):
        assert sheet_form(f"players=a,b,c&n={count}").round_count == 0, count
    for index in ("٠", "-0", "⁰"):
        form = sheet_form(f"players=a,b,c&n=2&r0_0=7&remove={index}")
        assert form.round_count == 2 and form.removed_round is None, index
    assert sheet_form("players=a,b,c&n=2&r0_0=7&remove=0").removed_round == 1


def explosion_box(html):
    return search(r'<input[^>]*id="id_explosion"[^>]*>', html).group(0)


def test_the_variant_survives_every_action(client):
    """Adding or removing a round, changing the names, recalculating (htmx or not): the variant
    stays ticked, in the pushed address, the redrawn form and the « Rétablir » link."""
    base = {"players": "Léa,Tom,Zoé,Max", "was": "Léa,Tom,Zoé,Max", "explosion": "on", **ROUND}
    actions = {
        "add": ({**base, "add": "1"}, HX_WHOLE),
        "remove": ({**base, "remove": "0"}, HX_WHOLE),
        "names": ({**base, "players": "Léa,Zoé,Max", "add": "1"}, HX),
        "recalculate": ({**base, "r0_0": "12"}, HX),
    }
    for action, (query, headers) in actions.items():
        response, html = get(client, query, **headers)
        assert "explosion=on" in response["HX-Push-Url"], action
        if action != "recalculate":  # a recalculation sends the result alone, not the form
            assert " checked" in explosion_box(html), action
        if action == "remove":
            restore = search(r'href="([^"]+)"[^>]*>Rétablir</a>', html).group(1)
            assert "explosion=on" in restore
        _, page = get(client, query)  # without JavaScript: the whole page
        assert " checked" in explosion_box(page), action


@given(
    old=st.lists(st.sampled_from(POOL), min_size=1, max_size=6, unique=True),
    keep=st.lists(st.integers(0, 5), max_size=6, unique=True),
    fresh=st.lists(st.sampled_from(["Ève", "Jo", "Kim"]), max_size=2, unique=True),
    rounds=st.integers(1, 3),
    data=st.data(),
)
def test_cells_follow_their_player_by_name(old, keep, fresh, rounds, data):
    """Property: whatever names stay, move or arrive, a name keeps its own cells."""
    kept = [old[k] for k in keep if k < len(old)]
    new = data.draw(st.permutations(kept + fresh))
    new = new or ["Zed"]
    if len(new) == len(old) and any(name not in old for name in new):
        new = [*new, "Yan"]  # same length with new names is an edit in place: tested elsewhere
    query = {"players": ", ".join(new), "was": ", ".join(old), "n": str(rounds)}
    typed = {f"r{i}_{j}": f"{i}{name}" for i in range(rounds) for j, name in enumerate(old)}
    from django.http import QueryDict

    q = QueryDict(mutable=True)
    q.update({**query, **typed})
    form = sheet_form(q)
    for i in range(rounds):
        for j, name in enumerate(form.names):
            expected = f"{i}{name}" if name in old else ""
            assert form.data.get(f"r{i}_{j}", "") == expected
