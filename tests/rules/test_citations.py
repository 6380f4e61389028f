"""The engines cite the site's own paragraphs (issue #13 item 7): every ``/<game>/regles/#anchor``
named in calculators/ exists on that rules page, and no file cites a spec outside the repository."""

import re
from pathlib import Path

import pytest

from rules.games import GAMES

CODE = Path(__file__).resolve().parents[2] / "calculators"
CITATION = re.compile(r"/(num-check|num-draft|num-5|num-connect)/regles/#([a-z0-9-]+)")


def citations():
    for path in sorted(CODE.rglob("*.py")):
        for match in CITATION.finditer(path.read_text(encoding="utf-8")):
            yield path.relative_to(CODE.parent), match.group(1), match.group(2)


def test_no_citation_of_a_file_outside_the_repository():
    offenders = [p for p in CODE.rglob("*.py") if "RULES.md" in p.read_text(encoding="utf-8")]
    assert offenders == []


@pytest.mark.django_db
def test_every_cited_anchor_exists_on_its_rules_page():
    anchors = {
        game.slug: set(re.findall(r'id="([^"]+)"', game.rulebook_html + game.rulings_html))
        for game in GAMES
    }
    found = list(citations())
    assert len(found) > 40
    missing = [(str(p), slug, a) for p, slug, a in found if a not in anchors[slug]]
    assert missing == []
