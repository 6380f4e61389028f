"""The typos of the official texts that the rulebooks restore (``typo = true`` in
rules/official/restorations.toml) are marked in the French rulebook: the restored words in an
``<ins>``, a footnote-like link whose label gives the official wording, and the list of notes at
the end of the rulebook (read by screen readers, reachable by a tap, printed)."""

import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from rules.games import GAMES, restored_typos
from tests.matching import search
from tests.rules.fidelity import restorations

NNBSP = "\u202f"


def plain(text: str) -> str:
    return unescape(text).replace(NNBSP, " ").replace("\u00a0", " ").replace("’", "'")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_restored_typo_is_marked_with_the_official_wording(client, game):
    html = client.get(reverse("rules:rulebook", args=[game.slug])).content.decode()
    typos = [r for r in restorations() if r.game == game.slug and r.typo]
    assert len(restored_typos(game.slug)) == len(typos)
    marked = [plain(m) for m in re.findall(r'<ins class="restored"[^>]*>(.*?)</ins>', html)]
    notes = (
        plain(
            search(
                r'<aside [^>]*id="restaurations".*?</aside>|<aside .*?</aside>', html, re.S
            ).group(0)
        )
        if typos
        else ""
    )
    for typo in typos:
        assert plain(typo.site) in marked, typo.site
        assert f"le livret écrit « {typo.official} »" in notes, typo.official
    if not typos:
        assert "restored" not in html
    # each mark has its note, and each note links back to it; marks in the text link to theirs
    for number in re.findall(r"id=\"restauree-(\d+)\"", html):
        assert f'id="restauration-{number}"' in html and f'href="#restauree-{number}"' in html
    for number in re.findall(r'class="restored-mark site-note" href="#restauration-(\d+)"', html):
        assert f'id="restauration-{number}"' in html


def test_restored_typo_marks_are_accessible_not_title_only(client):
    html = client.get(reverse("rules:rulebook", args=["num-draft"])).content.decode()
    mark = search(r'<a class="restored-mark site-note"[^>]*>(.*?)</a>', html, re.S).group(1)
    assert 'class="visually-hidden"' in mark and "le livret écrit" in plain(mark)


def test_english_rulebook_has_no_restoration_marks(client):
    with translation.override("en"):
        url = reverse("rules:rulebook", args=["num-draft"])
    assert "restored" not in client.get(url).content.decode()


def test_a_restoration_within_a_context_marks_only_there(client):
    html = client.get(reverse("rules:rulebook", args=["num-draft"])).content.decode()
    count = len(re.findall(r'<ins class="restored"[^>]*>côté</ins>', html))
    # the three lines where the source lost it, not « se toucher par un côté », which it had right
    assert count == 3
    assert re.search(r"se toucher par un côté", html)
