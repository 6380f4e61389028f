"""Helpers of the Parties tests: URLs, the JSON API, a history of every kind of write (the
parties themselves come from tests/factories.py)."""

import json

import pytest
from django.urls import reverse

from calculators.core import registry
from calculators.games.num5.party import writes as num5_writes
from calculators.games.num_check.party import writes as check_writes
from calculators.games.num_connect.party import writes as connect_writes
from calculators.games.num_draft.party import writes as draft_writes
from calculators.parties import services
from tests.factories import by_seat, fresh, party, seat


def url(game, name="game", token=None, action=None):
    token = token or game.edit_token
    if name == "action":
        return reverse("parties:action", args=[token, action])
    return reverse(f"parties:{name}", args=[token])


@pytest.fixture
def papi(client):
    """Call the Parties API: ``papi(method, path, body)`` → (status, JSON body)."""

    def call(method, path, body=None):
        data = "" if body is None else json.dumps(body)
        response = getattr(client, method.lower())(
            f"/api/v1/{path}", data=data, content_type="application/json"
        )
        return response.status_code, response.json()

    return call


@pytest.fixture
def kinds():
    return [g.kind for g in registry.PARTY_GAMES]


def every_write():
    """Three games whose histories together hold one entry of every kind of write (and an undo
    and a redo), made through the services: ``{kind: game}``, and the list of
    ``(action, former French summary)`` in order — the exact texts the f-strings of the
    services wrote before summaries were rendered in the reader's language."""
    check = party("num_check")
    services.add_player(check, "Noé")
    check_writes.add_claim(check, seat(check, 0).pk, "paire", "5R 5B")
    claim = check.players.get(seat=0).claims.get()
    check_writes.edit_claim(check, claim.pk, "brelan", "7R 7B 7J")
    check_writes.add_claim(check, seat(check, 1).pk, "full", "2R 2B 2J 3V 3A")
    check_writes.delete_claim(check, claim.pk)
    services.undo(check)
    services.redo(check)
    check_writes.add_deck_turn(check)
    check_writes.add_invalid_check(check, seat(check, 1).pk, "paire", "5R 6B")
    services.finish(check)
    services.reopen(check)
    services.rename(check, seat(check, 1).pk, "Tomas <b>")
    services.rotate(check)
    draft = party("num_draft", ("Léa", "Tom"))
    draft_writes.set_grid(draft, seat(draft, 0).pk, ["1R", "2R", "3R", *[""] * 6])
    draft_writes.set_grid(draft, seat(draft, 0).pk, ["1R", "2R", "4R", *[""] * 6])
    num5 = party("num5")
    num5_writes.add_round(num5, by_seat(num5, ["10R", "27", "0"]))
    num5_writes.edit_round(num5, 1, {seat(num5, 0).pk: "12R", seat(num5, 1).pk: "20"})
    num5_writes.add_round(num5, by_seat(num5, ["10R", "27", "0"]))
    num5_writes.delete_round(num5, 2)
    num5_writes.play_turn(num5, by_seat(num5, ["9R", "9B", "2S"]))
    num5_writes.choose_row(num5, seat(num5, 2).pk, 4)  # Zoé's 2S tied between the four rows
    num5_writes.play_turn(num5, by_seat(num5, ["1R", "3B", "4V"]))
    num5_writes.tally_turns(num5)
    services.undo(num5)
    connect = party("num_connect", ("Léa", "Tom", "Zoé"))
    connect_writes.add_hand(connect, "Tom", {"Léa": 3, "Zoé": 5})
    connect_writes.add_hand(connect, "Zoé")
    connect_writes.delete_hand(connect, 2)
    games = {
        "num_check": fresh(check),
        "num_draft": fresh(draft),
        "num5": fresh(num5),
        "num_connect": fresh(connect),
    }
    return games, EVERY_WRITE_FRENCH


EVERY_WRITE_FRENCH = [
    ("create", "Partie créée : Léa, Tom, Zoé"),
    ("player_add", "Noé rejoint la partie"),
    ("claim_add", "Léa : Paire (rang 1)"),
    ("claim_edit", "Léa : annonce Brelan corrigée (rang 1)"),
    ("claim_add", "Tom : Full (rang 1)"),
    ("claim_delete", "Léa : annonce Brelan supprimée (rang 1)"),
    ("undo", "Annulé : Léa : annonce Brelan supprimée (rang 1)"),
    ("redo", "Rétabli : Léa : annonce Brelan supprimée (rang 1)"),
    ("deck_turn", "Tour de paquet 1/2 terminé"),
    (
        "invalid_check",
        "Tom : CHECK invalide (Paire) — ne peut plus toucher aux cartes du centre jusqu’à son prochain tour",
    ),
    ("finish", "Partie terminée"),
    ("reopen", "Partie rouverte"),
    ("rename", "Tom s’appelle désormais Tomas <b>"),
    ("rotate", "Nouveaux liens de partage"),
    ("create", "Partie créée : Léa, Tom"),
    ("grid_set", "Grille de Léa (3 cases)"),
    ("grid_set", "Grille de Léa (1 case)"),
    ("create", "Partie créée : Léa, Tom, Zoé"),
    ("round_add", "Manche 1 ajoutée"),
    ("round_edit", "Manche 1 corrigée (Léa, Tom)"),
    ("round_add", "Manche 2 ajoutée"),
    ("round_delete", "Manche 2 supprimée"),
    ("turn", "Tour 1 de la manche 2"),
    ("turn_row", "Tour 1 : Zoé pose sa carte sur la rangée 4"),
    ("turn", "Tour 2 de la manche 2"),
    ("round_tally", "Manche 2 reportée après 2 tours"),
    ("undo", "Annulé : Manche 2 reportée après 2 tours"),
    ("create", "Partie créée : Léa, Tom, Zoé"),
    ("hand_add", "Manche 1 : Tom pose sa dernière carte"),
    ("hand_add", "Manche 2 : Zoé pose sa dernière carte"),
    ("hand_delete", "Manche 2 supprimée (Zoé)"),
]

EVERY_WRITE_ENGLISH = [
    "Party created: Léa, Tom, Zoé",
    "Noé joined the party",
    "Léa: Pair (rank 1)",
    "Léa: Three of a Kind corrected (rank 1)",
    "Tom: Full House (rank 1)",
    "Léa: Three of a Kind deleted (rank 1)",
    "Undone: Léa: Three of a Kind deleted (rank 1)",
    "Redone: Léa: Three of a Kind deleted (rank 1)",
    "Deck turn 1/2 over",
    "Tom: invalid CHECK (Pair) — may not touch the centre cards until their next turn",
    "Game over",
    "Game reopened",
    "Tom renamed Tomas <b>",
    "New share links",
    "Party created: Léa, Tom",
    "Léa\u2019s grid (3 places)",
    "Léa\u2019s grid (1 place)",
    "Party created: Léa, Tom, Zoé",
    "Round 1 added",
    "Round 1 corrected (Léa, Tom)",
    "Round 2 added",
    "Round 2 deleted",
    "Turn 1 of round 2",
    "Turn 1: Zoé puts their card on row 4",
    "Turn 2 of round 2",
    "Round 2 carried over to the sheet after 2 turns",
    "Undone: Round 2 carried over to the sheet after 2 turns",
    "Party created: Léa, Tom, Zoé",
    "Round 1: Tom lays their last card",
    "Round 2: Zoé lays their last card",
    "Round 2 deleted (Zoé)",
]


def history_in_order(games):
    """Every history entry of ``games`` (as :func:`every_write` gives them), oldest first."""
    return [
        entry
        for game in games.values()
        for entry in game.history.select_related("target").order_by("version")
    ]
