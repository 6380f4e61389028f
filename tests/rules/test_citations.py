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
    r"|(?i:\bissue\s*#?\s*\d)|\.\./shared|\b" + "spec" + "/"
)

#: Where a bare ticket number (« #34 ») is never anything else: the golden cases and the docs,
#: whose notes and sources cite the rulings pages instead.
TICKET = re.compile(r"(?<![\w&/])#\d+\b")
EXPLAINED = ("tests/cases/", "docs/", "README.md")


def offending_lines(name: str, text: str) -> list[str]:
    ticket = name.startswith(EXPLAINED)
    return [
        f"{name}:{n}: {line.strip()[:80]}"
        for n, line in enumerate(text.splitlines(), 1)
        if OUTSIDE.search(line) or (ticket and TICKET.search(line))
    ]


def test_nothing_cites_a_document_outside_the_repository_or_a_ticket():
    """Every tracked text file, the golden cases' notes and the docs included."""
    root = CODE.parent
    listed = subprocess.run(
        ["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True
    ).stdout.split()
    offenders = []
    for name in listed:
        path = root / name
        if path.suffix in {".mo", ".png", ".ico"}:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        offenders += offending_lines(name, text)
    assert offenders == []


#: Outside citations, spelled in parts (as OUTSIDE is) so that this file cites none of them.
SHARED, RULES, SPEC, ISSUE = "../" + "shared", "RULES" + ".md", "spec" + "/", "issue" + " 34"


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("tests/cases/num5.json", f'"note": "tie rule ({SHARED}/{SPEC}rules)"'),
        ("tests/cases/num_check.json", f'"note": "see {RULES} §4"'),
        ("tests/cases/num_draft.json", f'"source": "{SPEC}draft"'),
        ("tests/cases/num_connect.json", '"note": "from ' + "#" + '34"'),
        ("docs/api.md", f"As asked in {ISSUE}, the API answers 400."),
        ("README.md", "Fixed in " + "#" + "12."),
    ],
)
def test_a_note_citing_outside_the_repository_or_a_ticket_is_found(name, line):
    """The check above finds each kind of outside citation, in a golden case as in a doc."""
    assert offending_lines(name, f"ok\n{line}\n") != []


def test_an_anchor_or_an_entity_is_not_a_ticket():
    text = "/num-5/regles/#arbitrage-tour-t1 &#39; /en/num-5/rules/#2 step #a1"
    assert offending_lines("docs/api.md", text) == []


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
