"""The engines cite the site's own paragraphs: every ``/<game>/regles/#anchor``
named in calculators/ exists on that rules page, and no file cites a spec outside the repository."""

import re
import subprocess
from pathlib import Path

import pytest

from rules.games import GAMES

CODE = Path(__file__).resolve().parents[2] / "calculators"
CITATION = re.compile(r"/(num-check|num-draft|num-5|num-connect)/regles/#([a-z0-9-]+)")


def citations():
    for path in sorted(CODE.rglob("*.py")):
        for match in CITATION.finditer(path.read_text(encoding="utf-8")):
            yield path.relative_to(CODE.parent), match.group(1), match.group(2)


#: Documents that are not in the repository, and ticket numbers: the repository explains itself
#: (its rulings pages, docs/), so nothing it holds cites them. Spelled in parts, so that this
#: file does not cite them either.
OUTSIDE = re.compile(
    r"\b(?:" + "|".join(["API", "RULES", "NUM5-TURN", "UX", "ARCHITECTURE"]) + r")\.md\b"
    r"|(?i:\bissue\s*#?\s*\d)|\.\./shared"
)


def test_nothing_cites_a_document_outside_the_repository_or_a_ticket():
    """Every tracked text file but the golden cases (data copied as they are)."""
    root = CODE.parent
    listed = subprocess.run(
        ["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True
    ).stdout.split()
    offenders = []
    for name in listed:
        path = root / name
        if name.startswith("tests/cases/") or path.suffix in {".mo", ".png", ".ico"}:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        offenders += [
            f"{name}:{n}" for n, line in enumerate(text.splitlines(), 1) if OUTSIDE.search(line)
        ]
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
