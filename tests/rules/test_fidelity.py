"""The site's rulebooks say what the official rulebooks say, word for word.

The official texts are copied into the repository (``rules/official/<game>.fr.txt``, like the
golden cases); every difference that remains after normalising typography is a documented
restoration (``rules/official/restorations.toml``, each with its reason).
"""

import difflib

import pytest

from rules.games import GAMES, GAMES_BY_SLUG
from tests.rules.fidelity import (
    OFFICIAL_DIR,
    rendered_text,
    replace_all,
    restorations,
    words,
)


def restored_official(slug: str) -> list[str]:
    """The official text's words with the game's documented restorations applied."""
    text = words((OFFICIAL_DIR / f"{slug}.fr.txt").read_text(encoding="utf-8"))
    for restoration in restorations():
        if restoration.game == slug:
            text, count = replace_all(text, words(restoration.official), words(restoration.site))
            assert count, f"restoration not found in the official text: {restoration.official}"
    return text


def differences(expected: list[str], actual: list[str]) -> list[str]:
    matcher = difflib.SequenceMatcher(a=expected, b=actual, autojunk=False)
    return [
        f"{op}: official « {' '.join(expected[max(a1 - 4, 0) : a2 + 4])} » / "
        f"site « {' '.join(actual[max(b1 - 4, 0) : b2 + 4])} »"
        for op, a1, a2, b1, b2 in matcher.get_opcodes()
        if op != "equal"
    ]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_rulebook_matches_the_official_text_word_for_word(game):
    site = words(rendered_text(game.rulebook_html))
    assert differences(restored_official(game.slug), site) == []


def test_official_texts_are_the_authors_files():
    """The copies are whole: each ends with the author's last sentence."""
    last = {
        "num-check": "Bonne partie ! 🎉",
        "num-draft": "Bonne partie !",
        "num-5": "sans tout faire sauter !",
        "num-connect": "anticiper les possibilités de connexion.",
    }
    for slug, sentence in last.items():
        assert (
            (OFFICIAL_DIR / f"{slug}.fr.txt")
            .read_text(encoding="utf-8")
            .rstrip()
            .endswith(sentence)
        )


def test_every_restoration_names_a_game_and_gives_its_reason():
    for restoration in restorations():
        assert restoration.game in GAMES_BY_SLUG
        assert restoration.reason.strip() and restoration.official != restoration.site


def test_a_changed_word_is_caught():
    official = restored_official("num-check")
    site = words(rendered_text(GAMES_BY_SLUG["num-check"].rulebook_html))
    tampered = [("quatre" if w == "4" else w) for w in site]
    assert differences(official, tampered)


def test_normalisation_ignores_typography_only():
    assert words("L’ouverture — « Explosion de rangée»  1️⃣") == words(
        'l\'ouverture - "explosion de rangée" 1'
    )
    assert words("8🔵 8🟡") == words("8 8")
    assert words("mélangez") != words("melangez")
    assert words("ou") != words("où")


def test_extractor_reads_chips_as_values_and_numbers_ordered_lists():
    html = (
        '<ol><li>Piocher</li><li>Poser <span class="card-chip fam-R" title="7 Rouge">'
        '<span aria-hidden="true">🔴</span><span class="visually-hidden">7 Rouge</span>'
        '<b aria-hidden="true">7</b></span></li></ol>'
        '<h2 id="x">Titre<a class="anchor-link" href="#x">#</a></h2>'
        '<p>Texte <a class="try-link" href="/num-check/">Essayer</a></p>'
    )
    assert words(rendered_text(html)) == words("1 Piocher 2 Poser 7 Titre Texte")
