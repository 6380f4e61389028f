"""The live board is drawn from cached fragments (each player's claims, each Num 5 round, each
line of the history), reused from one version to the next while what they show is the same:
never stale. After each kind of write, on both links and in both languages, the board the
phones get changes, and is exactly the board drawn with every cache emptied; the read link
never shows an edit control or a token."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import caches
from django.test import Client

from calculators.games.num5.party import writes as num5_writes
from calculators.games.num_check.party import writes as check_writes
from calculators.parties import services
from calculators.parties.board import forget_lines
from calculators.parties.models import Claim, Game
from numsite import release
from tests.conftest import LANGUAGES
from tests.factories import by_seat, fresh, party, seat

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
VARIANTS = [(link, language) for link in ("edit", "read") for language in LANGUAGES]
EDIT_CONTROLS = ("claim_delete/", "round_delete/", "?corriger=", "?manche=", "✕", 'name="seen"')


def empty_caches() -> None:
    for alias in ("default", "fragments", "board"):
        caches[alias].clear()
    forget_lines()


def drawn(game: Game) -> dict[tuple[str, str], str]:
    """The board every phone polls after a change (``?v=0``: any older version), per link and
    language, each language from a phone of its own."""
    game = fresh(game)
    phones = {"fr": Client(), "en": Client()}
    boards = {}
    for link, language in VARIANTS:
        token = game.edit_token if link == "edit" else game.read_token
        prefix = "/en" if language == "en" else ""
        response = phones[language].get(
            f"{prefix}/parties/{token}/tableau/", {"v": 0}, headers=HTMX
        )
        assert response.status_code == 200
        boards[link, language] = response.content.decode()
    return boards


def check_write(game: Game, write: Callable[[], object]) -> dict[tuple[str, str], str]:
    """Apply ``write`` and check the board drawn after it on the four variants."""
    before = drawn(game)
    write()
    game = fresh(game)
    after = drawn(game)  # from the fragments drawn for the earlier versions, where they fit
    empty_caches()
    assert drawn(game) == after  # the same as drawn from nothing
    for variant in VARIANTS:
        assert after[variant] != before[variant], variant
    for (link, _), html in after.items():
        assert game.edit_token not in html and game.read_token not in html
        if link == "read" or game.finished:
            assert not any(control in html for control in EDIT_CONTROLS), link
        assert f"""hx-vals='{{"seen": {game.version}}}'""" in html  # the ✕' version: this one
    return after


def claims_of(html: str, name: str) -> list[str]:
    """The combinations shown under ``name``'s heading in the details."""
    section = html.split(f"{name} — ", 1)[1].split('<h3 class="h6', 1)[0]
    return re.findall(r'<td data-label="(?:Combinaison|Combination)">([^<]+)<', section)


def test_every_write_changes_the_num_check_board_on_both_links_in_both_languages():
    game = party("num_check", ["Léa", "Tom", "Zoé"], claims={0: [("paire", "1R 1B")]})
    tom, zoe = seat(game, 1).pk, seat(game, 2).pk
    check_write(game, lambda: check_writes.add_claim(game, tom, "brelan", "2R 2B 2J"))
    claim = Claim.objects.get(player_id=tom)
    after = check_write(game, lambda: check_writes.edit_claim(game, claim.pk, "paire", "3R 3B"))
    assert [c.strip() for c in claims_of(after["edit", "fr"], "Tom")] == ["Paire"]
    assert f'value="{claim.pk}"' in after["edit", "en"] and "Pair" in after["edit", "en"]
    # the claim moves to Zoé: both players' claims are drawn again
    after = check_write(
        game, lambda: check_writes.edit_claim(game, claim.pk, "paire", "3R 3B", player=zoe)
    )
    assert (
        claims_of(after["read", "fr"], "Tom") == []
        and len(claims_of(after["read", "fr"], "Zoé")) == 1
    )
    check_write(game, lambda: check_writes.delete_claim(game, claim.pk))
    after = check_write(game, lambda: services.undo(game))
    assert len(claims_of(after["edit", "fr"], "Zoé")) == 1
    after = check_write(game, lambda: services.redo(game))
    assert claims_of(after["edit", "fr"], "Zoé") == []
    after = check_write(game, lambda: services.rename(game, seat(game, 0).pk, "Léonie"))
    assert all("Léonie — 1/8" in after[v] for v in VARIANTS if v[1] == "fr")
    after = check_write(game, lambda: services.finish(game))
    assert all('data-testid="game-finished"' in html for html in after.values())
    after = check_write(game, lambda: services.undo(game))  # reopened: the ✕ come back
    assert "claim_delete/" in after["edit", "fr"] and "claim_delete/" not in after["read", "fr"]


def test_every_write_changes_the_num5_board_on_both_links_in_both_languages():
    game = party("num5", ["Léa", "Tom", "Zoé"], rounds=[["10R", "27", "0"], ["3", "5", "7"]])
    check_write(game, lambda: num5_writes.add_round(game, by_seat(game, ["1", "2", "30"])))
    after = check_write(
        game, lambda: num5_writes.edit_round(game, 1, by_seat(game, ["4", "27", "0"]))
    )
    assert 'data-testid="round-1-0">4<' in after["read", "en"]
    check_write(game, lambda: num5_writes.delete_round(game, 2))
    check_write(game, lambda: services.undo(game))
    check_write(game, lambda: services.redo(game))
    after = check_write(game, lambda: services.rename(game, seat(game, 2).pk, "Zoë"))
    assert all('<th scope="col">Zoë</th>' in html for html in after.values())
    check_write(game, lambda: services.finish(game))


def test_the_history_shows_each_entry_in_its_current_state():
    game = party("num_check", ["Léa", "Tom"])
    services.rename(game, seat(game, 0).pk, "Ada")
    first = drawn(game)["edit", "fr"]
    assert "text-decoration-line-through" not in first
    services.undo(game)
    undone = drawn(game)["edit", "fr"]
    assert undone.count("text-decoration-line-through") == 1 and "(annulée)" in undone
    services.redo(game)
    assert "text-decoration-line-through" not in drawn(game)["edit", "fr"]
    boards = drawn(game)
    assert "(undone)" not in boards["read", "en"] and "Ada" in boards["read", "en"]
    assert re.search(r"<li>\d{1,2} h \d{2} — ", boards["read", "fr"])  # « 21 h 05 »
    assert re.search(r"<li>\d{2}:\d{2} — ", boards["read", "en"])  # « 21:05 »


def test_an_undo_drawn_without_its_target_reads_the_target_once():
    from calculators.parties.board import _with_targets
    from calculators.parties.models import HistoryEntry

    game = party("num_check", ["Léa", "Tom"])
    renamed = services.rename(game, seat(game, 0).pk, "Ada")
    services.undo(game)
    undo = HistoryEntry.objects.get(game=game, action="undo")
    alone = _with_targets([HistoryEntry.objects.get(pk=undo.pk)])[0]
    together = _with_targets(
        list(HistoryEntry.objects.filter(pk__in=[undo.pk, renamed.pk]).order_by("-version"))
    )
    assert alone.target == renamed and together[0].target is together[1]
    assert "Ada" in str(alone.summary_html) and str(alone.summary_html) == str(undo.summary_html)


def other_process(script: str, **env: str) -> list[str]:
    """What another interpreter, started with the settings alone (and ``env``), prints."""
    done = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()\n" + script],
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "numsite.settings", **env},
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout.split()


#: Run with this process's ``board`` location (its tests keep every cache apart from var/).
PART_SET_AND_READ = (
    "import os; from django.conf import settings\n"
    "if 'LOCATION' in settings.CACHES['board']:\n"
    "    settings.CACHES['board']['LOCATION'] = os.environ['BOARD_LOCATION']\n"
    "from django.core.cache import caches\n"
    "board = caches['board']\n"
    "print(board.get('part', 'absent'))\n"
    "board.set('part', 'there', 60)\n"
    "print(board.get('part', 'absent'), board.make_key('part'))\n"
)


def test_the_parts_cache_is_each_processs_memory_keyed_by_the_release_and_off_under_debug():
    """A part this process keeps is not seen by another process, which keeps its own (under
    a key carrying the release) and never sees it here; under DEBUG nothing is kept."""
    board = caches["board"]
    board.set("part", "here", 60)
    location = str(settings.CACHES["board"].get("LOCATION", ""))
    seen, kept, key = other_process(PART_SET_AND_READ, BOARD_LOCATION=location)
    assert seen == "absent" and kept == "there"
    assert board.get("part") == "here"
    assert key == board.make_key("part")
    assert key.startswith(f"{release.digest(Path(__file__).resolve().parents[2])}:")
    debug = other_process(PART_SET_AND_READ, DEBUG="1", BOARD_LOCATION=location)
    assert debug[:2] == ["absent", "absent"]
