"""Num 5 « Jouer un tour »: a tie between rows shown as a choice (/num-5/regles/#arbitrage-tour-t8,
« Si le joueur choisit »): one link per tied row, table order by default, the choice kept in the
round's URL (``3A@2``), refused with a clear message when it is not a tied row."""

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

from calculators.engines import num5turn

URL = "/num-5/tour/"
#: E5: Tom's 2A fits no row; rows 1 and 3 both end with the smallest last card (9)
E5 = {
    "players": "Léa, Tom, Zoé",
    "r1": "0B 9B",
    "r2": "3R 10R",
    "r3": "5J 9J",
    "r4": "0V 12V",
    "t1": "1S 2A 11R",
}


def text(response):
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


def tie_links(html):
    return {
        int(row): unescape(href)
        for href, row in re.findall(r'href="([^"]+)"[^>]*data-testid="tie-row-(\d)"', html)
    }


def test_t8_tie_is_a_choice_defaulting_to_table_order(client):
    html = client.get(URL, E5).content.decode()
    links = tie_links(html)
    assert sorted(links) == [1, 3]
    assert re.search(r'data-testid="tie-row-1" aria-current="true"', html)  # the default
    assert parse_qs(urlsplit(links[1]).query)["t1"] == ["1S 2A 11R"]  # no choice written
    assert parse_qs(urlsplit(links[3]).query)["t1"] == ["1S 2A@3 11R"]


def test_t8_choice_of_another_tied_row_replays_the_turn_there(client):
    response = client.get(URL, {**E5, "t1": "1S 2A@3 11R"})
    page, html = text(response), response.content.decode()
    assert "Égalité entre les rangées 1 et 3 : Tom a choisi la rangée 3." in page
    assert "Tom prend la première carte 🟡 5 Jaune 5 (+5)" in page  # row 3's first card
    assert re.search(r'data-testid="tie-row-3" aria-current="true"', html)
    # the next turn keeps the choice in the round's URL
    assert 'name="t1" value="1S 2A@3 11R"' in html
    played = client.get(
        URL, {**E5, "t1": "1S 2A@3 11R", "c0": "13R", "c1": "14R", "c2": "15R", "play": "1"}
    )
    assert parse_qs(urlsplit(played["Location"]).query)["t1"] == ["1S 2A@3 11R"]


def test_t8_choice_matches_the_engine():
    rows = [E5[f"r{i}"].split() for i in range(1, 5)]
    plays = [
        {"player": "Léa", "card": "1S"},
        {"player": "Tom", "card": "2A", "row": 2},
        {"player": "Zoé", "card": "11R"},
    ]
    alone = num5turn.resolve_turn(rows, plays)
    state = num5turn.start_round(["Léa", "Tom", "Zoé"], rows=rows)
    _, in_round = num5turn.play_round_turn(state, ["1S", "2A", "11R"], [None, 2])
    assert in_round.rows == alone.rows and in_round.steps == alone.steps


def test_t8_choice_outside_the_tie_or_out_of_range_is_a_clear_error_never_a_500(client):
    for line, words in (
        ("1S 2A@2 11R", "hésite entre les rangées 1 et 3"),
        ("1S@2 2A 11R", "pas de rangée à choisir"),
        ("1S 2A@9 11R", "de 1 à 4"),
    ):
        response = client.get(URL, {**E5, "t1": line})
        assert response.status_code == 200
        assert words in text(response) and "alert-danger" in response.content.decode()
