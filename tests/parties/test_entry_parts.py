"""The parts of a party's sheet around the board (the entry forms, « Ce téléphone », the
status, the players, the tablée) are drawn from parts kept from earlier answers wherever they
still fit: a NUM DRAFT player's nine places (``{% cache … using="board" %}``, keyed on what
they show), the card pickers (memoised per arguments and language). A sheet served that way is
always the sheet drawn with nothing kept: after each kind of change, on every game, in both
languages."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from urllib.parse import urlencode

import pytest
from django.core.cache import caches
from django.test import Client

from calculators.games.num5.party import writes as num5_writes
from calculators.games.num_check.party import writes as check_writes
from calculators.games.num_connect.party import writes as connect_writes
from calculators.games.num_draft.party import writes as draft_writes
from calculators.parties import services
from calculators.parties.board import forget_lines
from calculators.parties.models import Game
from calculators.templatetags import numsite
from tests.conftest import LANGUAGES
from tests.factories import by_seat, fresh, party, seat
from tests.matching import search

if TYPE_CHECKING:  # what django-stubs calls the test client's answer
    from django.test.client import _MonkeyPatchedWSGIResponse

pytestmark = pytest.mark.django_db

SHEET = {"HX-Request": "true", "HX-Target": "sheet"}
CSRF = re.compile(r'(csrfmiddlewaretoken" value=)"[^"]+"')


def forget_everything() -> None:
    for alias in ("default", "fragments", "board"):
        caches[alias].clear()
    forget_lines()
    numsite._kept_picker.cache_clear()


def sheet(game: Game, language: str = "fr", query: str = "") -> str:
    """The edit link's sheet as htmx asks for it, the CSRF token left out."""
    prefix = "/en" if language == "en" else ""
    response = Client().get(f"{prefix}/parties/{fresh(game).edit_token}/{query}", headers=SHEET)
    assert response.status_code == 200
    return CSRF.sub("", response.content.decode())


def served_is_drawn(game: Game, language: str = "fr", query: str = "") -> str:
    """The sheet served with whatever earlier answers kept, checked against the sheet drawn
    with nothing kept; returns it."""
    served = sheet(game, language, query)
    forget_everything()
    assert sheet(game, language, query) == served
    return served


def page_write(game: Game, action: str, fields: dict) -> _MonkeyPatchedWSGIResponse:
    """``action`` from the party's page with ``fields`` (htmx: the sheet answers)."""
    return Client().post(
        f"/parties/{game.edit_token}/{action}/",
        urlencode(fields),
        content_type="application/x-www-form-urlencoded",
        headers=SHEET,
    )


def places(html: str, player_pk: int) -> list[str]:
    """The values of a NUM DRAFT player's nine places in a sheet."""
    found = re.findall(rf'id="g{player_pk}-(\d)" data-place="[^"]+" value="([^"]*)"', html)
    assert [int(i) for i, _ in found] == list(range(9)), found
    return [value for _, value in found]


GRID = ["1R", "2B", "3J", "4V", "5S", "6R", "7B", "8J", "9V"]
OTHER = ["10R", "11B", "12J", "10V", "11S", "12R", "10B", "11J", "12V"]


def test_a_grid_changed_shows_its_new_cards_and_the_others_theirs():
    game = party("num_draft", 3, grids={0: GRID, 1: OTHER})
    first, second = seat(game, 0).pk, seat(game, 1).pk
    before = served_is_drawn(game)
    assert places(before, first) == GRID
    changed = ["0R", *GRID[1:]]
    draft_writes.set_grid(game, first, changed)
    after = served_is_drawn(game)
    assert places(after, first) == changed
    assert places(after, second) == OTHER


def test_a_grid_in_english_after_one_in_french_is_in_english():
    game = party("num_draft", 2, grids={0: GRID})
    first = seat(game, 0).pk
    french = sheet(game, "fr")
    english = sheet(game, "en")
    label = rf'id="g{first}-4"[^>]*aria-label="([^"]+)"'
    assert search(label, french).group(1).endswith(", ligne 2, colonne 2")
    assert search(label, english).group(1).endswith(", row 2, column 2")
    assert sheet(game, "fr") == french
    served_is_drawn(game, "en")


def test_a_renamed_player_is_named_in_their_places():
    game = party("num_draft", 2, grids={0: GRID})
    first = seat(game, 0).pk
    sheet(game)
    services.rename(game, first, "Zélie")
    after = served_is_drawn(game)
    assert 'aria-label="Zélie, ligne 1, colonne 1"' in after


def test_a_refused_grid_keeps_what_was_typed_though_its_places_were_kept():
    game = party("num_draft", 2, grids={0: GRID})
    first = fresh(game)
    pk = seat(first, 0).pk
    sheet(game)  # the stored grid's places kept
    typed = {f"c{i}": value for i, value in enumerate(["zz", *GRID[1:]])}
    response = Client().post(
        f"/parties/{first.edit_token}/grid_set/",
        urlencode({"player": pk, "seen": first.version, **typed}),
        content_type="application/x-www-form-urlencoded",
        headers=SHEET,
    )
    assert response.status_code == 200
    assert places(response.content.decode(), pk) == ["zz", *GRID[1:]]
    assert places(sheet(game), pk) == GRID  # and the stored one afterwards


@pytest.mark.parametrize(("values", "highest"), [("0-12", 12), ("0-16", 16)])
def test_each_deck_gets_a_keypad_of_its_values(values, highest):
    other = "0-16" if values == "0-12" else "0-12"
    sheet(party("num_draft", 2, values=other))  # a picker kept for the other deck
    html = served_is_drawn(party("num_draft", 2, values=values))
    assert f'data-value="{highest}"' in html
    assert f'data-value="{highest + 1}"' not in html


def test_a_refused_rename_keeps_its_player_chosen():
    game = fresh(party("num_check", 3))
    pk = seat(game, 2).pk
    response = page_write(game, "rename", {"player": pk, "name": "", "seen": game.version})
    html = response.content.decode()
    rename = search(r'<select[^>]*id="rename-player">(.*?)</select>', html).group(1)
    assert re.findall(r'value="(\d+)" selected', rename) == [str(pk)]
    phone = search(r'<select[^>]*id="phone-player"[^>]*>(.*?)</select>', html, re.S).group(1)
    assert " selected" not in phone and phone.count("<option") == 4  # and the table's phone


def test_the_hand_to_watch_is_in_the_language_of_the_sheet():
    game = party("num_check", 3)
    french = served_is_drawn(game, "fr")
    english = served_is_drawn(game, "en")
    hand = re.compile(r'<label[^>]*for="id_outs-hand"[^>]*>([^<]+)<')
    assert search(hand, french).group(1) != search(hand, english).group(1)
    assert sheet(game, "fr") == french


def test_the_player_asked_for_is_chosen_for_the_outs_and_their_hand_kept():
    game = party("num_check", 3)
    pk = seat(game, 1).pk
    sheet(game)  # the hand nobody typed kept
    asked = served_is_drawn(game, query=f"?guetter={pk}&outs-hand=7R+7B")
    outs = search(r'<select[^>]*id="outs-player"[^>]*>(.*?)</select>', asked).group(1)
    assert re.findall(r'value="(\d+)" selected', outs) == [str(pk)]
    assert 'value="7R 7B"' in asked


def test_the_combinations_and_the_queue_are_in_the_language_of_the_sheet():
    game = party("num_check", 3)
    combos = re.compile(r'<select[^>]*id="claim-combo"[^>]*>(.*?)</select>')
    queue = re.compile(r'<div class="alert alert-warning[^>]*id="party-queue".*?</div>', re.S)
    french, english = sheet(game, "fr"), sheet(game, "en")
    assert search(combos, french).group(1) != search(combos, english).group(1)
    assert search(queue, french).group() != search(queue, english).group()
    assert "Paire" in search(combos, french).group(1) and "Pair" in search(combos, english).group(1)
    assert served_is_drawn(game, "en") == english
    assert served_is_drawn(game, "fr") == french


def test_a_refused_claim_keeps_its_combination_chosen():
    game = fresh(party("num_check", 3))
    response = page_write(
        game,
        "claim_add",
        {"player": seat(game, 1).pk, "combo": "brelan", "cards": "1R", "seen": game.version},
    )
    html = response.content.decode()
    chosen = search(r'<select[^>]*id="claim-combo"[^>]*>(.*?)</select>', html).group(1)
    assert re.findall(r'value="(\w+)" selected', chosen) == ["brelan"]
    player = search(r'<select[^>]*id="claim-player"[^>]*>(.*?)</select>', html).group(1)
    assert re.findall(r'value="(\d+)" selected', player) == [str(seat(game, 1).pk)]
    assert " selected" not in sheet(game).split('id="claim-combo"')[1].split("</select>")[0]


def check_writes_in_turn(game: Game) -> list:
    first = lambda: game.players.get(seat=0).claims.get()  # noqa: E731
    return [
        lambda: services.add_player(game, "Noé"),
        lambda: check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B"),
        lambda: check_writes.edit_claim(game, first().pk, "brelan", "7R 7B 7J"),
        lambda: check_writes.add_claim(game, seat(game, 1).pk, "full", "2R 2B 2J 3V 3A"),
        lambda: check_writes.delete_claim(game, first().pk),
        lambda: services.undo(game),
        lambda: services.redo(game),
        lambda: check_writes.add_deck_turn(game),
        lambda: check_writes.add_invalid_check(game, seat(game, 1).pk, "paire", "5R 6B"),
        lambda: services.rename(game, seat(game, 1).pk, "Tomas <b>"),
        lambda: services.finish(game),
        lambda: services.reopen(game),
        lambda: services.rotate(game),
    ]


def draft_writes_in_turn(game: Game) -> list:
    return [
        lambda: draft_writes.set_grid(game, seat(game, 0).pk, ["1R", "2R", "3R", *[""] * 6]),
        lambda: draft_writes.set_grid(game, seat(game, 0).pk, ["1R", "2R", "4R", *[""] * 6]),
        lambda: services.rename(game, seat(game, 0).pk, "Léa <i>"),
        lambda: services.undo(game),
        lambda: services.redo(game),
    ]


def num5_writes_in_turn(game: Game) -> list:
    return [
        lambda: num5_writes.add_round(game, by_seat(game, ["10R", "27", "0"])),
        lambda: num5_writes.edit_round(game, 1, {seat(game, 0).pk: "12R", seat(game, 1).pk: "20"}),
        lambda: num5_writes.play_turn(game, by_seat(game, ["9R", "9B", "2S"])),
        lambda: num5_writes.choose_row(game, seat(game, 2).pk, 4),
        lambda: num5_writes.tally_turns(game),
        lambda: services.undo(game),
        lambda: services.rename(game, seat(game, 2).pk, "Zoé & co"),
    ]


def connect_writes_in_turn(game: Game) -> list:
    return [
        lambda: connect_writes.add_hand(game, seat(game, 0).pk, {"Tom": 3, "Zoé": 7}),
        lambda: connect_writes.add_hand(game, "Zoé"),
        lambda: connect_writes.delete_hand(game, 1),
        lambda: services.undo(game),
        lambda: services.rename(game, seat(game, 2).pk, "Zoé & co"),
        lambda: services.finish(game),
    ]


@pytest.mark.parametrize(
    ("kind", "players", "writes"),
    [
        ("num_check", 3, check_writes_in_turn),
        ("num_draft", ("Léa", "Tom"), draft_writes_in_turn),
        ("num5", 3, num5_writes_in_turn),
        ("num_connect", 3, connect_writes_in_turn),
    ],
)
def test_after_each_write_the_sheet_served_is_the_sheet_drawn_afresh(kind, players, writes):
    game = party(kind, players)
    sheets = {language: served_is_drawn(game, language) for language in LANGUAGES}
    for step, write in enumerate(writes(game)):
        write()
        language = LANGUAGES[step % len(LANGUAGES)]  # each language in turn
        served = served_is_drawn(game, language)
        assert served != sheets[language]
        sheets[language] = served


def test_a_refused_rename_leaves_the_players_grid_as_stored():
    """Only a refused grid is drawn from what was posted: a refused rename names the same
    player, and their grid form still holds their stored cards (saving it keeps them)."""
    game = fresh(party("num_draft", 2, grids={0: GRID}))
    pk = seat(game, 0).pk
    response = page_write(game, "rename", {"player": pk, "name": "", "seen": game.version})
    assert 'data-testid="refusal"' in response.content.decode()
    assert places(response.content.decode(), pk) == GRID


def test_a_grids_answer_leaves_the_other_grids_as_the_phone_shows_them():
    """The writer's answer to a grid saved on the version it saw draws that grid's form and
    leaves every other grid's as the phone shows it (hx-preserve); saved after another phone's
    write, every grid's form is drawn (the phone's may be of an earlier grid)."""
    game = fresh(party("num_draft", 3, grids={0: GRID, 1: OTHER}))
    first, second, third = (seat(game, s).pk for s in range(3))
    changed = ["0R", *GRID[1:]]
    fields = {"player": first, "seen": game.version, **{f"c{i}": v for i, v in enumerate(changed)}}
    answer = page_write(game, "grid_set", fields).content.decode()
    assert places(answer, first) == changed
    for kept in (second, third):
        assert (
            f'<details class="mb-2" id="grid-{kept}" data-grid-player="{kept}" hx-preserve>'
            in answer
        )
        assert f'id="g{kept}-0"' not in answer
    moved = ["9R", *OTHER[1:]]
    draft_writes.set_grid(fresh(game), second, moved)  # another phone's save
    seen = fresh(game).version - 1  # this phone drew its forms before it
    fields = {"player": first, "seen": seen, **{f"c{i}": v for i, v in enumerate(GRID)}}
    answer = page_write(game, "grid_set", fields).content.decode()
    assert "data-attention" not in answer  # saved
    assert "hx-preserve>" not in answer.split('id="board-more"')[0].split('id="entry"')[1]
    assert places(answer, second) == moved and places(answer, third) == [""] * 9
