"""History summaries in the reader's language: stored as a message id with raw
parameters, rendered in French by default (exactly the former texts) and in English on /en/
pages and for ``Accept-Language: en`` in the API; entries written before keep their French."""

import html

import pytest
from django.urls import reverse
from django.utils import translation

from calculators.games.num_check.party import writes as check_writes
from calculators.parties import actions, services, summaries
from calculators.parties.models import HistoryEntry
from tests.factories import fresh, party, seat
from tests.i18n.test_english_pages import assert_english, french_words
from tests.parties.conftest import (
    EVERY_WRITE_ENGLISH,
    EVERY_WRITE_FRENCH,
    every_write,
    history_in_order,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _default_language_after():
    yield
    translation.deactivate()


@pytest.fixture
def written():
    games, _ = every_write()
    return games


def test_the_scenario_writes_every_kind_of_summary(written):
    """The scenario the tests below use covers every action of the table (so every summary)."""
    written_actions = {entry.action for entry in history_in_order(written)}
    assert written_actions == set(actions.ACTIONS)


def test_stored_french_summaries_are_exactly_the_former_texts(written):
    entries = history_in_order(written)
    assert [(e.action, e.summary) for e in entries] == EVERY_WRITE_FRENCH


def test_french_rendering_is_exactly_the_former_texts(written):
    with translation.override("fr"):
        shown = [e.summary_text for e in history_in_order(written)]
    assert shown == [text for _, text in EVERY_WRITE_FRENCH]


def test_english_rendering(written):
    with translation.override("en"):
        shown = [e.summary_text for e in history_in_order(written)]
    assert shown == EVERY_WRITE_ENGLISH
    for text in shown:
        assert not french_words(text), text


def test_summaries_store_raw_parameters_never_french(written):
    """Names, numbers and combination codes: the combination is named when shown."""
    by_action: dict[str, HistoryEntry] = {}
    for entry in history_in_order(written):
        by_action.setdefault(entry.action, entry)
    data = {action: entry.data["summary"] for action, entry in by_action.items()}
    assert data["claim_add"] == {
        "msg": "claim_add",
        "params": {"player": "Léa", "combo": "paire", "rank": 1},
    }
    assert data["create"] == {"msg": "create", "params": {"players": ["Léa", "Tom", "Zoé"]}}
    assert data["grid_set"] == {"msg": "grid_set", "params": {"player": "Léa", "count": 3}}
    assert data["round_tally"] == {"msg": "round_tally", "params": {"number": 2, "turns": 2}}
    # undo and redo hold no text: they render their target's summary
    assert data["undo"] == {"msg": "undo", "params": {}}
    target = by_action["undo"].target
    assert target is not None and target.action == "claim_delete"


def test_an_undo_follows_its_target_not_a_frozen_text(written):
    """Undo/redo render their target's structured summary again, in the reader's language."""
    undo = HistoryEntry.objects.get(game=written["num_check"], action="undo")
    with translation.override("en"):
        assert undo.summary_text == "Undone: Léa: Three of a Kind deleted (rank 1)"
    assert undo.target is not None
    undo.target.data["summary"]["params"]["player"] = "Léna"
    with translation.override("fr"):
        assert undo.summary_text == "Annulé : Léna : annonce Brelan supprimée (rang 1)"


def test_message_refuses_missing_or_unknown_parameters():
    with pytest.raises(ValueError):
        summaries.message("round_add")
    with pytest.raises(ValueError):
        summaries.message("round_add", number=1, text="Manche 1 ajoutée")
    with pytest.raises(ValueError):
        summaries.message("unknown")


def test_html_escapes_names_and_marks_nothing_french(written):
    rename = HistoryEntry.objects.get(game=written["num_check"], action="rename")
    with translation.override("en"):
        assert rename.summary_html == "Tom renamed Tomas &lt;b&gt;"
    with translation.override("fr"):
        assert rename.summary_html == "Tom s’appelle désormais Tomas &lt;b&gt;"


def forget_structure(entry):
    """An entry as written before structured summaries: its French text only."""
    entry.data.pop("summary")
    entry.save(update_fields=["data"])


def test_an_entry_written_before_keeps_its_french_marked_french():
    game = party()
    entry = check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    forget_structure(entry)
    entry = HistoryEntry.objects.get(pk=entry.pk)
    with translation.override("en"):
        assert entry.summary_text == "Léa : Paire (rang 1)"
        assert entry.summary_html == '<span lang="fr">Léa : Paire (rang 1)</span>'
        undo = services.undo(game)
        # the undo is new, its target old: English around, the target's French marked French
        assert undo.summary_text == "Undone: Léa : Paire (rang 1)"
        assert undo.summary_html == 'Undone: <span lang="fr">Léa : Paire (rang 1)</span>'
    with translation.override("fr"):
        assert undo.summary == undo.summary_text == "Annulé : Léa : Paire (rang 1)"


def test_an_unknown_message_id_falls_back_to_the_stored_french():
    game = party()
    entry = services.finish(game)
    entry.data["summary"] = {"msg": "from_the_future", "params": {}}
    with translation.override("en"):
        assert entry.summary_text == "Partie terminée"
        assert entry.summary_html == '<span lang="fr">Partie terminée</span>'


# --------------------------------------------------------------------------- the pages


def history_items(page):
    """The text of the page's history list, one item per entry (newest first)."""
    part = page.split('data-testid="history"', 1)[1].split("</details>", 1)[0]
    return [item.split("</li>", 1)[0] for item in part.split("<li")[1:]]


@pytest.mark.parametrize("kind", ["num_check", "num_draft", "num5", "num_connect"])
def test_english_party_page_shows_english_summaries(client, written, kind):
    game = written[kind]
    response = client.get(f"/en/parties/{game.edit_token}/")
    assert_english(response, kind)
    page = response.content.decode()
    items = history_items(page)
    expected = [
        EVERY_WRITE_ENGLISH[i]
        for i, entry in enumerate(history_in_order(written))
        if entry.game_id == game.pk
    ]
    assert len(items) == len(expected)
    for item, text in zip(items, reversed(expected), strict=True):
        assert html.escape(text, quote=False) in item
        assert 'lang="fr"' not in item


@pytest.mark.parametrize("kind", ["num_check", "num_draft", "num5", "num_connect"])
def test_french_party_page_shows_the_former_french_summaries(client, written, kind):
    game = written[kind]
    page = client.get(f"/parties/{game.edit_token}/").content.decode()
    items = history_items(page)
    expected = [
        text
        for (_, text), entry in zip(EVERY_WRITE_FRENCH, history_in_order(written), strict=True)
        if entry.game_id == game.pk
    ]
    for item, text in zip(items, reversed(expected), strict=True):
        assert html.escape(text, quote=False) in item  # the same text, plain spaces


def test_english_undo_and_redo_buttons(client, written):
    page = client.get(f"/en/parties/{written['num5'].edit_token}/").content.decode()
    # the latest write is the undo of the tally: the tally can be redone, the turn removed
    # (these writes came from no phone: no « Annuler » of this phone, the history's « Retirer »)
    assert "Redo: Round 2 carried over to the sheet after 2 turns</button>" in page
    assert "Remove: Turn 2 of round 2</button>" in page
    page = client.get(f"/parties/{written['num5'].edit_token}/").content.decode()
    assert "Manche 2 reportée après 2 tours</button>" in page
    assert "Tour 2 de la manche 2</button>" in page
    # a name is escaped once, in the button as in the list
    page = client.get(f"/en/parties/{written['num_check'].edit_token}/").content.decode()
    assert "Remove: Tom renamed Tomas &lt;b&gt;</button>" in page


def test_old_entry_on_an_english_page_stays_french_marked_french(client):
    game = party()
    entry = check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    forget_structure(entry)
    page = client.get(f"/en/parties/{game.edit_token}/").content.decode()
    assert '<span lang="fr">Léa : Paire (rang 1)</span>' in page  # list and Undo button
    assert "Party created: Léa, Tom, Zoé" in page
    page = client.get(f"/parties/{game.edit_token}/").content.decode()
    assert '<span lang="fr">Léa : Paire (rang 1)</span>' in page


@pytest.mark.parametrize(
    ("language", "saved", "undone"),
    [
        ("en", "Saved: Game over", "Undone: Game over"),
        ("fr", "Enregistré\u202f: Partie terminée", "Annulé : Partie terminée"),
    ],
)
def test_status_line_after_a_write_in_the_page_language(client, language, saved, undone):
    game = party()
    with translation.override(language):
        finish = reverse("parties:action", args=[game.edit_token, "finish"])
        undo = reverse("parties:action", args=[game.edit_token, "undo"])
    hx = {"HX-Request": "true", "HX-Target": "sheet"}
    page = client.post(finish, {"if_version": 1, "confirm": 1}, headers=hx).content.decode()
    status = page.split('data-testid="sheet-done"', 1)[1].split("</span>", 1)[0]
    assert saved in status
    page = client.post(undo, {"if_version": 2}, headers=hx).content.decode()
    status = page.split('data-testid="sheet-done"', 1)[1].split("</span>", 1)[0]
    assert undone in status and 'lang="fr"' not in status
    assert fresh(game).version == 3


# --------------------------------------------------------------------------- the API


def api_history(client, game, **headers):
    response = client.get(f"/api/v1/parties/{game.read_token}", headers=headers)
    assert response.status_code == 200
    return [h["summary"] for h in reversed(response.json()["history"])]


def test_api_summaries_french_by_default_english_on_request(client, written):
    entries = history_in_order(written)
    for game in written.values():
        mine = [i for i, e in enumerate(entries) if e.game_id == game.pk]
        assert api_history(client, game) == [EVERY_WRITE_FRENCH[i][1] for i in mine]
        assert api_history(client, game, **{"Accept-Language": "en-GB,en;q=0.8"}) == [
            EVERY_WRITE_ENGLISH[i] for i in mine
        ]
        assert api_history(client, game, **{"Accept-Language": "fr"}) == [
            EVERY_WRITE_FRENCH[i][1] for i in mine
        ]


def test_api_old_entry_keeps_its_french(client):
    game = party()
    entry = services.finish(game)
    forget_structure(entry)
    assert api_history(client, game, **{"Accept-Language": "en"}) == [
        "Party created: Léa, Tom, Zoé",
        "Partie terminée",
    ]
