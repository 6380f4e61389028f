"""Each ruling's example, as the « Précisions d'arbitrage » state it, checked against the engine:
the cards written in the text, the result the text states, and the « Essayer » link opening the
calculator on those very cards (French and English alike). One test per ruling, named after it."""

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from calculators.engines import numcheck, numconnect

CONTENT = Path(__file__).resolve().parents[2] / "rules" / "content"


def section(name: str, anchor: str, english: bool = False) -> str:
    text = (CONTENT / ("en" if english else "") / name).read_text(encoding="utf-8")
    match = re.search(rf"^### [^\n]*\{{#{anchor}\}}\n(.*?)(?=^### |\Z)", text, re.S | re.M)
    assert match, anchor
    return match.group(1)


def example(name: str, anchor: str, english: bool = False) -> str:
    found = re.search(r"^(?:Exemple|Example) ?: (.*)$", section(name, anchor, english), re.M)
    assert found, anchor
    return found.group(1)


def links(text: str) -> list[dict[str, str]]:
    """The calculator links of an example: their query, one value per key."""
    return [
        {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}
        for url in re.findall(r"\]\(calc:([^)]+)\)", text)
    ]


def chips(text: str) -> str:
    """The cards written as chips in a text, in order: « 7R 7B … »."""
    return " ".join(re.findall(r"\[(\d+[RVBJAS])\]", text))


BOTH = pytest.mark.parametrize("english", [False, True], ids=["fr", "en"])


@BOTH
def test_arbitrage_rainbow_pivot_zenith(english):
    text = example("num-check-rulings.md", "arbitrage-rainbow-pivot-zenith", english)
    pivot, zenith, longue = (numcheck.score(c, k, 1) for c, k in (
        ("suite_pivot", "6R 7B 9J 3A"), ("suite_zenith", "12R 13B 14J 15V 2A"),
        ("suite_longue", "3R 4B 5J 6V 9A"),
    ))  # fmt: skip
    assert pivot.valid and pivot.references == (9,) and pivot.total == 26
    assert zenith.valid and zenith.references == (16,) and zenith.total == 38
    assert not longue.valid
    assert "9 + 9 + 8 = 26" in text and "14 + 16 + 8 = 38" in text
    assert chips(text) == "6R 7B 9J 3A 12R 13B 14J 15V 2A 3R 4B 5J 6V 9A"
    assert [(q["combo"], q["cards"]) for q in links(text)] == [
        ("suite_pivot", "6R 7B 9J 3A"),
        ("suite_zenith", "12R 13B 14J 15V 2A"),
        ("suite_longue", "3R 4B 5J 6V 9A"),
    ]


@BOTH
def test_arbitrage_reference_principale(english):
    text = example("num-check-rulings.md", "arbitrage-reference-principale", english)
    result = numcheck.score("full", "3R 3B 3J 12V 12B", 6)
    assert result.references == (3, 12) and result.rank_bonus == 6 and result.total == 29
    assert "8 + (3 + 12) + 3 × 2 = 29" in text and "47" in text
    assert chips(text) == "3R 3B 3J 12V 12B"
    assert links(text) == [{"combo": "full", "cards": "3R 3B 3J 12V 12B", "rank": "6"}]
    two_pairs = example("num-check-rulings.md", "arbitrage-references-doubles", english)
    assert numcheck.score("double_paire", "9R 9B 4J 4V", 6).total == 34
    assert "3 + (9 + 4) + 9 × 2 = 34" in two_pairs


@BOTH
def test_arbitrage_suite_shadow_pure_chaque_rang(english):
    text = example("num-check-rulings.md", "arbitrage-suite-shadow-pure-chaque-rang", english)
    table = numcheck.rank_table("suite_pivot", "5S 6S 7S 8S")
    assert all(r.references == (13,) for r in table)  # highest + lowest, at every rank
    assert [table[r - 1].total for r in (1, 4, 8)] == [30, 48, 40]
    for stated in ("9 + 13 + 8 = 30", "9 + 13 + 26 = 48", "9 + 13 + 18 = 40"):
        assert stated in text
    assert chips(text) == "5S 6S 7S 8S"
    assert links(text)[0]["cards"] == "5S 6S 7S 8S"


@BOTH
def test_arbitrage_couleur_elargie_sans_shadow(english):
    text = example("num-check-rulings.md", "arbitrage-couleur-elargie-sans-shadow", english)
    result = numcheck.score("couleur", "2R 5R 9R 11R 14R", 4)
    assert result.mode == "normal" and result.total == 46
    assert "4 + 14 + 28 = 46" in text and "4 + 16 + 24 = 44" in text
    assert links(text) == [{"combo": "couleur", "cards": "2R 5R 9R 11R 14R", "rank": "4"}]
    # never better: every Couleur without a Shadow keeps the normal mode at rank 4, ties
    # (lowest card 0) included
    for cards in ("0R 5R 9R 11R 14R", "3B 4B 5B 6B 16B", "0J 1J 2J 3J 4J", "1V 2V 3V 4V 5A"):
        assert numcheck.score("couleur", cards, 4).mode == "normal", cards
    assert numcheck.score("couleur", "2S 5S 9S 11S 14S", 4).mode == "elargi"  # with a Shadow


@BOTH
def test_arbitrage_suite_rainbow(english):
    text = example("num-connect-rulings.md", "arbitrage-suite-rainbow", english)
    for line in ("4A 5A 6A", "5A 6S 7S", "3S 4A 5S"):
        result = numconnect.check(line)
        assert result.valid and [s.kind for s in result.segments] == ["family_run"], line
    assert not numconnect.check("4S 5S 6S").valid
    assert chips(text) == "4A 5A 6A 5A 6S 7S"
    assert [q["cards"] for q in links(text)] == ["4A 5A 6A", "5A 6S 7S"]


@BOTH
def test_arbitrage_deux_rainbow_multicolore(english):
    text = example("num-connect-rulings.md", "arbitrage-deux-rainbow-multicolore", english)
    for line in ("8A 7V 6B 5J 4R 3A", "5R 6V 7A 8A 9B"):
        result = numconnect.check(line)
        assert result.valid and [s.kind for s in result.segments] == ["multicolour_run"], line
    assert chips(text) == "8A 7V 6B 5J 4R 3A 5R 6V 7A 8A 9B"
    assert [q["cards"] for q in links(text)] == ["8A 7V 6B 5J 4R 3A", "5R 6V 7A 8A 9B"]


@BOTH
def test_arbitrage_partie_connect(english):
    from calculators.engines import numconnecthands as hands

    text = example("num-connect-rulings.md", "arbitrage-partie-connect", english)
    names = ["Léa", "Tom", "Zoé"]
    played = [hands.read_hand(names, 0, [None, 3, 7]), hands.read_hand(names, 1, [5, None, 2])]
    tally = hands.tally(names, played)
    assert [(p.name, p.position, p.wins, p.cards_left) for p in tally.players] == [
        ("Léa", 2, 1, 5),
        ("Tom", 1, 1, 3),
        ("Zoé", 3, 0, 9),
    ]
    assert chips(text) == "7R 8R 9R" and numconnect.check("7R 8R 9R").valid
    assert links(text) == [{"cards": "7R 8R 9R"}]
    words = re.sub(r"\[[^]]*\](\([^)]*\))?", "", text)  # the chips and the link aside
    assert re.findall(r"\d+", words) == ["1", "3", "7", "2", "5", "2", "3", "5"]
