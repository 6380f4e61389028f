"""NUM CHECK's game clock in Parties: the deck turns (/num-check/regles/#arbitrage-fin-de-partie)
and the invalid CHECKs kept for the table's memory (/num-check/regles/#arbitrage-check-invalide)."""

import html
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators.engines.cards import InputError
from calculators.games.num_check.party import writes as check_writes
from calculators.parties import board as boards
from calculators.parties import services
from calculators.parties.models import Claim
from tests.conftest import EIGHT_CLAIMS
from tests.factories import fresh, party, seat
from tests.parties.conftest import url

pytestmark = pytest.mark.django_db


def test_the_last_deck_turn_ends_the_game_and_undo_takes_it_back(client):
    """The game clock (/num-check/regles/#arbitrage-horloge): the deck turn that reaches the
    limit ends the game; the page shows the final standings in place of the entry."""
    game = party("num_check", ["Léa", "Tom"], mode="classic")
    page = client.get(url(game)).content.decode()
    assert "Tour de paquet 1/2" in page and 'data-testid="game-finished"' not in page
    response = client.post(url(game, "action", action="deck_turn"), {"seen": fresh(game).version})
    assert response.status_code == 302
    # the last one ends the game: asked first
    asked = client.post(url(game, "action", action="deck_turn"), {"seen": fresh(game).version})
    assert asked.status_code == 200 and "Dernier tour de paquet" in asked.content.decode()
    assert boards.board(fresh(game)).extra["turns_done"] == 1
    response = client.post(
        url(game, "action", action="deck_turn"), {"seen": fresh(game).version, "confirm": "1"}
    )
    assert response.status_code == 302
    page = client.get(url(game)).content.decode()
    assert 'data-testid="game-finished"' in page
    assert "Les 2 tours de paquet sont joués : la partie s’arrête" in boards.board(fresh(game)).note
    assert 'data-testid="deck-turn"' not in page and 'id="claim-save"' not in page
    assert 'data-testid="reopen"' in page and 'data-testid="finish"' not in page
    assert boards.board(fresh(game)).extra["turns_done"] == 2
    services.undo(fresh(game))
    page = client.get(url(game)).content.decode()
    assert 'data-testid="game-finished"' not in page and "Tour de paquet 2/2" in page
    services.redo(fresh(game))
    assert boards.board(fresh(game)).finished
    # reopened, the table may correct, then « Terminer » ends it again
    assert client.post(url(game, "action", action="reopen"), {"seen": fresh(game).version})
    page = client.get(url(game)).content.decode()
    assert 'data-testid="end-offered"' in page and 'id="claim-save"' in page
    client.post(url(game, "action", action="finish"), {"seen": fresh(game).version, "confirm": "1"})
    board = boards.board(fresh(game))
    assert board.finished and "Les 2 tours de paquet sont joués : la partie s’arrête" in board.note


def test_two_phones_telling_the_same_deck_turn_record_it_once(client):
    """Both phones showed turn 1/2 and both tapped « Tour de paquet terminé »: the second
    has not seen the first, so it is shown the refusal instead of a second deck turn (in
    Famille: in Classique the second would be the last, asked first)."""
    game = party("num_check", ["Léa", "Tom", "Zoé"], mode="family")
    seen = fresh(game).version
    first = client.post(url(game, "action", action="deck_turn"), {"seen": seen})
    assert first.status_code == 302
    second = client.post(url(game, "action", action="deck_turn"), {"seen": seen})
    assert second.status_code == 409
    assert boards.board(fresh(game)).extra["turns_done"] == 1


def test_finishing_before_the_last_deck_turn_names_the_turn_reached():
    game = party("num_check", ["Léa", "Tom"], mode="family")
    check_writes.add_deck_turn(game)
    services.finish(fresh(game))
    assert "tour de paquet 1/3" in boards.board(fresh(game)).note


def test_deck_turns_api_counts_up_to_the_limit_then_409(papi):
    status, body = papi("POST", "parties", {"game": "num-check", "players": ["Léa", "Tom"]})
    token = body["edit_token"]
    assert body["deck_turns"] == {"done": 0, "limit": 2} and body["invalid_checks"] == []
    for done in (1, 2):
        status, body = papi("POST", f"parties/{token}/deck-turns")
        assert status == 201 and body["deck_turns"] == {"done": done, "limit": 2}
    assert body["history"][0]["action"] == "deck_turn"
    status, body = papi("POST", f"parties/{token}/deck-turns")
    assert status == 409 and body["error"]["field"] == "finished"
    assert body["party"]["deck_turns"] == {"done": 2, "limit": 2} and body["party"]["finished"]
    status, body = papi("POST", f"parties/{token}/undo")
    assert status == 200 and body["deck_turns"]["done"] == 1


def test_deck_turn_limit_follows_mode_and_player_count(papi):
    _, body = papi(
        "POST", "parties", {"game": "num-check", "mode": "family", "players": ["A", "B"]}
    )
    assert body["deck_turns"] == {"done": 0, "limit": 3}
    seven = [f"J{i}" for i in range(7)]
    _, body = papi("POST", "parties", {"game": "num-check", "mode": "classic", "players": seven})
    assert body["deck_turns"] == {"done": 0, "limit": 3}


def test_deck_turn_with_the_read_token_is_403(papi):
    _, body = papi("POST", "parties", {"game": "num-check", "players": ["Léa", "Tom"]})
    status, answer = papi("POST", f"parties/{body['read_token']}/deck-turns")
    assert status == 403 and answer["error"]["field"] == "token"


def test_invalid_check_is_kept_without_rank_or_points_and_undone(papi):
    _, body = papi("POST", "parties", {"game": "num-check", "players": ["Léa", "Tom"]})
    token = body["edit_token"]
    claim = {"player": "Léa", "combo": "paire", "cards": ["5R", "6B"]}
    status, body = papi("POST", f"parties/{token}/invalid-checks", claim)
    assert status == 201, body
    [invalid] = body["invalid_checks"]
    assert invalid["player"] == "Léa" and invalid["combo"] == "paire"
    assert invalid["cards"] == ["5R", "6B"] and invalid["reason"]
    assert body["claims"] == [] and body["players"][0]["total"] == 0
    entry = body["history"][0]
    assert entry["action"] == "invalid_check"
    assert "ne peut plus toucher aux cartes du centre jusqu’à son prochain tour" in entry["summary"]
    # the next valid CHECK still takes rank 1
    status, body = papi(
        "POST",
        f"parties/{token}/claims",
        {"player": "Léa", "combo": "paire", "cards": ["5R", "5B"]},
    )
    assert status == 201 and body["claims"][0]["rank"] == 1
    papi("POST", f"parties/{token}/undo")
    status, body = papi("POST", f"parties/{token}/undo")
    assert status == 200 and body["invalid_checks"] == []
    status, body = papi("POST", f"parties/{token}/redo")
    assert len(body["invalid_checks"]) == 1


def test_invalid_check_that_is_in_fact_valid_is_400_on_cards(papi):
    _, body = papi("POST", "parties", {"game": "num-check", "players": ["Léa", "Tom"]})
    token = body["edit_token"]
    claim = {"player": "Tom", "combo": "paire", "cards": ["5R", "5B"]}
    status, answer = papi("POST", f"parties/{token}/invalid-checks", claim)
    assert status == 400 and answer["error"]["field"] == "cards"
    assert "valide" in answer["error"]["message"]
    _, body = papi("GET", f"parties/{token}")
    assert body["version"] == 1 and body["invalid_checks"] == []


@pytest.mark.parametrize(
    ("claim", "field"),
    [
        ({"player": "Noé", "combo": "paire", "cards": ["5R", "6B"]}, "player"),
        ({"player": "Léa", "combo": "poker", "cards": ["5R", "6B"]}, "combo"),
        ({"player": "Léa", "combo": "paire", "cards": ["5R", "5R"]}, "cards"),
        ({"player": "Léa", "combo": "paire"}, "cards"),
    ],
)
def test_invalid_check_bad_input_is_400_with_its_field(papi, claim, field):
    _, body = papi("POST", "parties", {"game": "num-check", "players": ["Léa", "Tom"]})
    status, answer = papi("POST", f"parties/{body['edit_token']}/invalid-checks", claim)
    assert status == 400 and answer["error"]["field"] == field, answer


def test_invalid_check_from_the_page_shows_in_the_clock_and_a_valid_one_is_refused(client):
    game = party("num_check", ["Léa", "Tom"])
    action = url(game, "action", action="invalid_check")
    tom = seat(game, 1).pk
    data = {"player": tom, "combo": "full", "cards": "7R 7B 3V 3J 9R", "if_version": game.version}
    assert client.post(action, data).status_code == 302
    page = client.get(url(game)).content.decode()
    assert 'data-testid="invalid-checks"' in page and "CHECK invalide (Full)" in page
    good = {**data, "combo": "paire", "cards": "7R 7B", "if_version": fresh(game).version}
    response = client.post(action, good)
    assert (
        response.status_code == 400 and "enregistrez-le comme annonce" in response.content.decode()
    )
    assert not Claim.objects.exists()
    with pytest.raises(InputError):
        check_writes.add_invalid_check(fresh(game), tom, "paire", "7R 7B")


# The game clock is the rulebook's (/num-check/regles/#arbitrage-horloge): the board's end is
# the write frame's, whoever ended the game.


def _api_party(papi, players=("Léa", "Tom"), mode="classic"):
    _, body = papi("POST", "parties", {"game": "num-check", "mode": mode, "players": list(players)})
    return body["edit_token"]


def _claim(papi, token, player, combo, cards):
    return papi(
        "POST",
        f"parties/{token}/claims",
        {"player": player, "combo": combo, "cards": cards.split()},
    )


def _refused_as_finished(papi, token):
    """Every write but undo, redo and reopen, each refused 409 ``finished``, nothing written:
    a claim's correction and removal too (the game holds at least one claim)."""
    _, before = papi("GET", f"parties/{token}")
    first = before["claims"][0]["id"]
    writes = [
        ("POST", "deck-turns", None),
        ("POST", "invalid-checks", {"player": "Tom", "combo": "paire", "cards": ["5R", "6B"]}),
        ("POST", "claims", {"player": "Tom", "combo": "paire", "cards": ["9R", "9B"]}),
        ("PUT", f"claims/{first}", {"cards": ["8R", "8B"], "combo": "paire"}),
        ("DELETE", f"claims/{first}", None),
        ("POST", "finish", None),
        ("POST", "players", {"name": "Max"}),
        ("PATCH", "players/1", {"name": "Thomas"}),
    ]
    for method, path, body in writes:
        status, answer = papi(method, f"parties/{token}/{path}", body)
        assert status == 409 and answer["error"]["field"] == "finished", (path, answer)
        assert answer["error"]["message"] and answer["party"]["finished"]
    _, after = papi("GET", f"parties/{token}")
    assert after["version"] == before["version"]


def test_writes_after_the_eighth_combination_are_409_finished(papi):
    token = _api_party(papi)
    for combo, cards in EIGHT_CLAIMS:
        status, body = _claim(papi, token, "Léa", combo, cards)
        assert status == 201
    assert body["finished"] and body["winners"] == ["Léa"]
    _refused_as_finished(papi, token)


def test_writes_after_the_last_deck_turn_are_409_finished(papi):
    token = _api_party(papi, mode="family")
    assert _claim(papi, token, "Tom", "paire", "9R 9B")[0] == 201
    for done in (1, 2, 3):
        status, body = papi("POST", f"parties/{token}/deck-turns")
        assert status == 201 and body["finished"] == (done == 3)
    assert body["deck_turns"] == {"done": 3, "limit": 3}
    _refused_as_finished(papi, token)


def test_reopen_works_on_a_game_the_clock_ended_and_undoing_it_ends_it_again(papi):
    token = _api_party(papi)
    for combo, cards in EIGHT_CLAIMS:
        _claim(papi, token, "Léa", combo, cards)
    status, body = papi("POST", f"parties/{token}/reopen")
    assert status == 200 and not body["finished"] and body["winners"] == []
    # reopened, the table corrects: a CHECK of Tom's forgotten before the end is taken
    status, body = _claim(papi, token, "Tom", "paire", "9R 9B")
    assert status == 201 and not body["finished"]
    status, body = papi("POST", f"parties/{token}/finish")
    assert status == 200 and body["finished"]
    status, body = papi("POST", f"parties/{token}/reopen")
    assert status == 200 and not body["finished"]
    # undoing the reopen puts back the end the clock had reached
    status, body = papi("POST", f"parties/{token}/undo")
    assert status == 200 and body["finished"]
    # undoing the finish too: back to the reopened sheet, open as it was before « Terminer »
    status, body = papi("POST", f"parties/{token}/undo")
    assert status == 200 and not body["finished"]
    status, body = papi("POST", f"parties/{token}/undo")  # Tom's claim
    status, body = papi("POST", f"parties/{token}/undo")  # the first reopen: the clock's end
    assert status == 200 and body["finished"] and body["winners"] == ["Léa"]


def test_reopen_after_the_last_deck_turn_then_finish_ends_it(papi):
    token = _api_party(papi)
    papi("POST", f"parties/{token}/deck-turns")
    papi("POST", f"parties/{token}/deck-turns")
    status, body = papi("POST", f"parties/{token}/reopen")
    assert status == 200 and not body["finished"]
    status, body = _claim(papi, token, "Tom", "paire", "9R 9B")
    assert status == 201 and not body["finished"]
    status, body = papi("POST", f"parties/{token}/deck-turns")  # still no 3rd deck turn
    assert status == 409 and body["error"]["field"] == "party"
    status, body = papi("POST", f"parties/{token}/finish")
    assert status == 200 and body["finished"] and body["winners"] == ["Tom"]


def test_undo_of_the_eighth_claim_reopens_the_game(papi):
    token = _api_party(papi)
    for combo, cards in EIGHT_CLAIMS:
        _claim(papi, token, "Léa", combo, cards)
    status, body = papi("POST", f"parties/{token}/undo")
    assert status == 200 and not body["finished"] and len(body["claims"]) == 7
    status, body = papi("POST", f"parties/{token}/deck-turns")
    assert status == 201
    status, body = papi("POST", f"parties/{token}/reopen")
    assert status == 409 and "pas terminée" in body["error"]["message"]


def test_a_seventh_player_cannot_join_after_a_deck_turn(papi):
    token = _api_party(papi, players=[f"J{i}" for i in range(6)])
    status, body = papi("POST", f"parties/{token}/deck-turns")
    assert status == 201 and body["deck_turns"] == {"done": 1, "limit": 2}
    status, body = papi("POST", f"parties/{token}/players", {"name": "Max"})
    assert status == 409 and body["error"]["field"] == "name"
    assert "avant la première saisie" in body["error"]["message"]
    _, body = papi("GET", f"parties/{token}")
    assert len(body["players"]) == 6 and body["deck_turns"] == {"done": 1, "limit": 2}


def test_no_player_joins_after_an_invalid_check(papi):
    token = _api_party(papi)
    claim = {"player": "Léa", "combo": "paire", "cards": ["5R", "6B"]}
    assert papi("POST", f"parties/{token}/invalid-checks", claim)[0] == 201
    status, body = papi("POST", f"parties/{token}/players", {"name": "Max"})
    assert status == 409 and body["error"]["field"] == "name"
    papi("POST", f"parties/{token}/undo")  # nothing entered any more: Max may join
    assert papi("POST", f"parties/{token}/players", {"name": "Max"})[0] == 201


def test_a_combination_announced_again_is_an_invalid_check_without_rank(papi):
    token = _api_party(papi)
    _claim(papi, token, "Léa", "paire", "5R 5B")
    # as a claim it is refused with the ruling's reason …
    status, body = _claim(papi, token, "Léa", "paire", "9R 9B")
    assert status == 400 and body["error"]["field"] == "cards"
    assert "déjà réalisée" in body["error"]["message"] and "invalide" in body["error"]["message"]
    # … and recorded as what it is: an invalid CHECK, whatever the cards
    again = {"player": "Léa", "combo": "paire", "cards": ["9R", "9B"]}
    status, body = papi("POST", f"parties/{token}/invalid-checks", again)
    assert status == 201, body
    [invalid] = body["invalid_checks"]
    assert invalid["player"] == "Léa" and invalid["combo"] == "paire"
    assert invalid["cards"] == ["9R", "9B"] and "déjà réalisée" in invalid["reason"]
    assert [(c["player"], c["rank"]) for c in body["claims"]] == [("Léa", 1)]
    # the next valid CHECK takes rank 2: the invalid one took none
    status, body = _claim(papi, token, "Léa", "brelan", "7R 7B 7J")
    assert status == 201 and [c["rank"] for c in body["claims"]] == [1, 2]


def test_a_combination_announced_again_from_the_page_is_an_invalid_check(client):
    game = party("num_check", ["Léa", "Tom"])
    lea = seat(game, 0).pk
    check_writes.add_claim(game, lea, "paire", "5R 5B")
    data = {"player": lea, "combo": "paire", "cards": "9R 9B", "seen": fresh(game).version}
    response = client.post(url(game, "action", action="invalid_check"), data)
    assert response.status_code == 302
    [invalid] = boards.board(fresh(game)).extra["invalid_checks"]
    assert "déjà réalisée" in invalid["reason"]
    assert Claim.objects.count() == 1


def test_the_eighth_combination_shows_the_final_standings_in_place_of_the_entry(client):
    game = party("num_check", ["Léa", "Tom"])
    lea = seat(game, 0).pk
    for combo, cards in EIGHT_CLAIMS:
        check_writes.add_claim(game, lea, combo, cards)
    page = client.get(url(game)).content.decode()
    assert 'data-testid="game-finished"' in page and "Classement final" in page
    assert 'id="claim-save"' not in page and 'data-testid="deck-turn"' not in page
    assert 'data-testid="reopen"' in page and 'data-testid="finish"' not in page
    response = client.post(url(game, "action", action="deck_turn"), {"seen": fresh(game).version})
    assert response.status_code == 409 and boards.board(fresh(game)).extra["turns_done"] == 0


WRITES = ["claim"] * 6 + ["deck_turn", "invalid", "finish", "reopen", "undo", "redo", "player"]
WRITES += ["rename"]


def _write(game, write, who, step):
    player = seat(game, who).pk
    if write == "claim":
        made = Claim.objects.filter(player_id=player).count()
        check_writes.add_claim(game, player, *(EIGHT_CLAIMS + [("paire", "9R 9B")])[made])
    elif write == "deck_turn":
        check_writes.add_deck_turn(game)
    elif write == "invalid":
        check_writes.add_invalid_check(game, player, "paire", "5R 6B")
    elif write == "player":
        services.add_player(game, f"Max{step}")
    elif write == "rename":
        services.rename(game, player, f"Nom{step}")
    else:
        getattr(services, write)(game)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["classic", "family"]),
    st.lists(st.tuples(st.sampled_from(WRITES), st.integers(0, 1)), min_size=1, max_size=30),
)
def test_no_write_but_undo_redo_reopen_is_taken_once_the_board_says_finished(mode, writes):
    """Over random sequences of writes, the board's « finished » is the write frame's: then
    every write but undo, redo and reopen is refused as ``finished``, and only then."""
    game = party("num_check", ["Léa", "Tom"], mode=mode)
    for step, (write, who) in enumerate(writes):
        finished = boards.board(fresh(game)).finished
        version = fresh(game).version
        refused: str | None
        try:
            _write(fresh(game), write, who, step)
        except services.Conflict as err:
            refused = err.field
        except InputError:
            refused = "input"
        else:
            refused = None
        if finished and write not in ("undo", "redo", "reopen"):
            assert refused == "finished", (write, step)
        else:
            assert refused != "finished", (write, step)
        if write == "reopen":
            assert (refused is None) == finished
        assert fresh(game).version == version + (refused is None)


def _ruling_text(client, prefix, anchor):
    """The words of one ruling of the NUM CHECK rules page, from its heading to the next, with
    its tags dropped and every kind of space made one plain space."""
    page = client.get(f"{prefix}/num-check/regles/").content.decode()
    start = page.index(f'id="{anchor}"')
    end = re.search(r"<h[1-3][ >]", page[start:])
    section = page[start : start + end.start()] if end else page[start:]
    text = html.unescape(re.sub(r"<[^>]+>", "", section))
    return re.sub(r"\s+", " ", text.replace("’", "'"))


RULINGS_OF_THE_CLOCK = {
    "": [
        "la partie est finie au moment même où la feuille le dit",
        "à la 8ᵉ combinaison valide d'un joueur",
        "au tour de paquet qui atteint la limite du mode",
        "la feuille montre alors le classement final et refuse toute écriture",
        "sauf « annuler », « rétablir » et « rouvrir »",
        "« rouvrir » marche sur toute partie finie",
        "aucun joueur ne rejoint la partie une fois quelque chose saisi "
        "(une annonce, un check invalide, un tour de paquet)",
    ],
    "/en": [
        "the game is over the moment the sheet says so",
        "at a player's 8th valid combination",
        "at the deck turn that reaches the mode's limit",
        "the sheet then shows the final standings and refuses every write",
        'but "undo", "redo" and "reopen"',
        '"reopen" works on any finished game',
        "no player joins once anything is entered (a claim, an invalid check, a deck turn)",
    ],
}
ANNOUNCED_AGAIN = {
    "": "un check qui annonce une combinaison que le joueur a déjà réalisée est un check "
    "invalide, quelles que soient les cartes",
    "/en": "a check announcing a combination the player already made is an invalid check, "
    "whatever the cards",
}


@pytest.mark.parametrize("prefix", ["", "/en"])
def test_the_rulings_page_says_each_rule_of_the_game_clock(client, prefix):
    """/num-check/regles/#arbitrage-horloge and #arbitrage-combinaison-annoncee-a-nouveau say,
    in both languages, each rule the write frame enforces (the tests above, one a rule)."""
    clock = _ruling_text(client, prefix, "arbitrage-horloge").lower()
    clock = re.sub(r"[“”]", '"', clock)
    missing = [rule for rule in RULINGS_OF_THE_CLOCK[prefix] if rule not in clock]
    assert missing == [], clock
    again = _ruling_text(client, prefix, "arbitrage-combinaison-annoncee-a-nouveau").lower()
    assert ANNOUNCED_AGAIN[prefix] in again, again
