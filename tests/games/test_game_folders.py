"""One folder is one game (docs/architecture.md, « A fifth game »): outside the game folders
(``calculators/games/<game>/``, ``templates/games/<game>/``), the registry
(``calculators/core/registry.py``), the engines (one module per game's rules), the migrations
and the rulebooks, the code names no game: it asks the registry and the games' hooks. Comments
and docstrings may name a game as an example; code, templates and scripts may not, but for the
short allow-list below, each entry with its reason."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from django.conf import settings

from calculators.core.registry import GAMES

ROOT = Path(settings.BASE_DIR)

#: Every spelling of a game: its name, slug, API name, package (its stored kind), its registry
#: constant and its engines' modules.
GAME_NAMES = re.compile(
    "|".join(
        sorted(
            {
                re.escape(s)
                for g in GAMES
                for s in (g.name, g.slug, g.api_name, g.package, g.package.upper())
            }
            | {"numcheck", "numdraft", "numconnect"},
            key=len,
            reverse=True,
        )
    )
)

#: The files that may still name a game in their code, and why.
ALLOWED = {
    "calculators/api_docs.py": "the /api/ page lists NUM CHECK's combination names (the API's vocabulary)",
    "templates/api.html": "the /api/ page documents NUM CHECK's combination names and modes",
    "calculators/tablees/charts.py": "the combinations chart names NUM CHECK's combinations (its numbers from the game's stats_chart hook)",
    "calculators/deals/answers.py": "prepared deals exist for NUM DRAFT and Num 5 only (docs/deals.md)",
    "calculators/deals/api.py": "prepared deals: the fields' descriptions in the OpenAPI schema",
    "calculators/deals/forms.py": "prepared deals: the games dealt, the deck's label",
    "calculators/deals/views.py": "prepared deals: the « préparer » page says « main » for NUM DRAFT's hand beside its grid",
    "calculators/tablees/daily.py": "the deal of the day is NUM DRAFT's, the one game whose Parties check a deal's cards (docs/deals.md#donnes-du-jour)",
    "calculators/tablees/api.py": "the deal of the day's fields described in the OpenAPI schema (NUM DRAFT's modes)",
    "templates/tablees/tablee.html": "the deal of the day's form says it is a NUM DRAFT party",
    "calculators/events/duplicate.py": "events « en donnes préparées »: the games an event may deal, and why the others cannot (docs/events.md#tournoi-donnes)",
    "calculators/parties/api.py": "the OpenAPI schema's examples of a game's name and deck",
    "calculators/events/api.py": "the OpenAPI schema's example of a game's name",
    "calculators/parties/forms.py": "the deck field's label « Paquet (NUM DRAFT) »",
    "calculators/tablees/forms.py": "the deck field's label « Paquet (NUM DRAFT) »",
    "numsite/pwa.py": "the web app manifest's description names the family",
    "templates/base.html": "the site's meta description names the family",
}


def _outside_the_game_folders() -> list[Path]:
    games = {g.package for g in GAMES}
    found = []
    for top, suffix in (
        ("calculators", "*.py"),
        ("numsite", "*.py"),
        ("templates", "*.html"),
        ("static/js", "*.js"),
    ):
        for path in sorted((ROOT / top).rglob(suffix)):
            parts = path.relative_to(ROOT).parts
            if "migrations" in parts or "engines" in parts:
                continue
            if parts[:2] in (("calculators", "games"), ("templates", "games")) and (
                len(parts) > 3 and parts[2] in games
            ):
                continue
            if path == ROOT / "calculators" / "core" / "registry.py":
                continue
            found.append(path)
    return found


def _python_code(text: str) -> list[tuple[int, str]]:
    """The tokens of Python code that name a game, comments and docstrings left out."""
    docstrings = set()
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if (
            isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            docstrings.add(body[0].value.lineno)
    return [
        (token.start[0], token.string)
        for token in tokenize.generate_tokens(io.StringIO(text).readline)
        if token.type != tokenize.COMMENT
        and not (token.type == tokenize.STRING and token.start[0] in docstrings)
        and GAME_NAMES.search(token.string)
    ]


def _other_code(text: str, comments: re.Pattern[str]) -> list[tuple[int, str]]:
    """The lines of a template or a script that name a game, comments blanked out."""
    kept = comments.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    return [
        (number, line.strip())
        for number, line in enumerate(kept.splitlines(), start=1)
        if GAME_NAMES.search(line)
    ]


TEMPLATE_COMMENTS = re.compile(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}", re.S)
JS_COMMENTS = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def game_names_in_code() -> dict[str, list[tuple[int, str]]]:
    out = {}
    for path in _outside_the_game_folders():
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".py":
            hits = _python_code(text)
        else:
            hits = _other_code(text, TEMPLATE_COMMENTS if path.suffix == ".html" else JS_COMMENTS)
        if hits:
            out[path.relative_to(ROOT).as_posix()] = hits
    return out


def test_no_game_is_named_outside_its_folder_the_registry_and_the_rulebooks():
    found = game_names_in_code()
    assert {f: hits for f, hits in found.items() if f not in ALLOWED} == {}
    # an entry of the allow-list that names no game any more is taken off it
    assert set(ALLOWED) <= set(found)


def test_the_game_name_search_skips_comments_and_docstrings_and_finds_code():
    code = '"""NUM CHECK"""\n# num5\ndef f():\n    """Num 5"""\n    return "num-draft", numcheck\n'
    assert [s for _, s in _python_code(code)] == ['"num-draft"', "numcheck"]
    template = '{# Num 5 #}{% comment %}\nNUM DRAFT\n{% endcomment %}\n{% if g.api == "num5" %}'
    assert _other_code(template, TEMPLATE_COMMENTS) == [(4, '{% if g.api == "num5" %}')]
    script = '/* NUM DRAFT\n */ var x = 1; // Num 5\nif (kind === "num_check") {}'
    assert _other_code(script, JS_COMMENTS) == [(3, 'if (kind === "num_check") {}')]


def test_each_games_statistics_cells_are_in_its_own_folder_and_match_their_heads():
    """A tablée's statistics table includes each game's own cells (its kind's
    ``stats_template``, partials ``head`` and ``cells``): in the game's template folder, one
    cell under each of its column heads."""
    from django.template.loader import render_to_string

    from calculators.core.registry import PARTY_GAMES
    from calculators.parties import kinds

    drawn = 0
    for spec in PARTY_GAMES:
        kind = kinds.for_spec(spec)
        if not kind.stats_template:
            assert kind.stats([]) == {}  # no numbers of its own, no cells
            continue
        assert kind.stats_template.startswith(f"games/{spec.package}/")
        numbers = kind.stats([])
        head = render_to_string(f"{kind.stats_template}#head", {})
        cells = render_to_string(
            f"{kind.stats_template}#cells", {"s": numbers, "cells": kind.stats_cells(numbers)}
        )
        assert head.count("<th") == cells.count("<td") >= 1
        drawn += 1
    assert drawn >= 1
