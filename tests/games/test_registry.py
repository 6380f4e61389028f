"""The registry of games (calculators/core/registry.py), the one owner of "a game": its modes
and the names they accept, the Parties games by any of their names, the URL names and templates
each game's folder must provide, and no other module spelling a mode's name."""

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import resolve, reverse

from calculators.core import registry
from calculators.engines.cards import InputError

ROOT = Path(settings.BASE_DIR)
#: the site's own Python packages (the tests aside)
SOURCES = ("calculators", "numsite", "rules")
#: the modules allowed to spell a mode's name: the registry, and the NUM DRAFT engine, which
#: writes its modes' names in a breakdown (« Total (Classique) : 30 ») and lends them to the
#: registry
MODE_NAMES_OWNERS = {
    ROOT / "calculators" / "core" / "registry.py",
    ROOT / "calculators" / "engines" / "numdraft.py",
}


def source_files(suffix: str = "*.py") -> list[Path]:
    return sorted(p for package in SOURCES for p in (ROOT / package).rglob(suffix))


# --------------------------------------------------------------------------- modes


@pytest.mark.parametrize(
    ("game", "text", "key"),
    [
        (registry.NUM_CHECK, "Classique", "classic"),
        (registry.NUM_CHECK, "classique", "classic"),
        (registry.NUM_CHECK, "Famille", "family"),
        (registry.NUM_CHECK, "family", "family"),
        (registry.NUM_DRAFT, "Classique", "classic"),
        (registry.NUM_DRAFT, "Découverte", "discovery"),
        (registry.NUM_DRAFT, "decouverte", "discovery"),
        (registry.NUM_DRAFT, "Familiale", "discovery"),
        (registry.NUM_DRAFT, "discovery", "discovery"),
        (registry.NUM5, "Normal", "normal"),
        (registry.NUM5, "EXPLOSION", "explosion"),
        (registry.NUM5, "Explosion de rangée", "explosion"),
    ],
)
def test_french_mode_names_are_aliases(game, text, key):
    assert game.resolve_mode(text) == key


@pytest.mark.parametrize("game", registry.GAMES, ids=lambda g: g.slug)
def test_no_mode_named_is_the_default_mode(game):
    assert game.resolve_mode(None) == game.resolve_mode("") == game.default_mode
    assert game.default_mode == (game.modes[0].key if game.modes else "")


@pytest.mark.parametrize(
    ("game", "text"),
    [
        (registry.NUM_CHECK, "Découverte"),
        (registry.NUM_DRAFT, "Famille"),
        (registry.NUM5, "classic"),
        (registry.NUM5, 3),
    ],
)
def test_a_mode_of_another_game_is_bad_input(game, text):
    with pytest.raises(InputError) as err:
        game.resolve_mode(text)
    assert err.value.field == "mode" and str(text) in err.value.message


def test_documented_aliases_list_every_mode():
    rows = registry.documented_aliases()
    assert ("NUM DRAFT", "discovery", ["Découverte", "Familiale"]) in rows
    assert ("Num 5", "explosion", ["Explosion de rangée", "Explosion"]) in rows
    assert len(rows) == sum(len(game.modes) for game in registry.GAMES) == 6


# --------------------------------------------------------------------------- Parties games


@pytest.mark.parametrize("game", registry.PARTY_GAMES, ids=lambda g: g.slug)
def test_party_game_knows_a_game_by_its_kind_api_name_or_slug(game):
    for name in (game.kind, game.api_name, game.slug, f"  {game.slug.upper()} "):
        assert registry.party_game(name) is game, name
    assert registry.by_kind(game.kind) is game


@pytest.mark.parametrize("value", ["poker", "", None, "num-connnect", "connect", 5])
def test_party_game_refuses_another_value_naming_the_games_with_parties(value):
    with pytest.raises(InputError) as err:
        registry.party_game(value, "kind")
    assert err.value.field == "kind"
    assert err.value.message == "Choisissez un jeu : NUM CHECK, NUM DRAFT, Num 5 ou Num Connect."


def test_only_the_games_with_parties_have_a_kind():
    assert [g.kind for g in registry.GAMES] == ["num_check", "num_draft", "num5", "num_connect"]
    assert [g.slug for g in registry.PARTY_GAMES] == [
        "num-check",
        "num-draft",
        "num-5",
        "num-connect",
    ]
    with pytest.raises(KeyError):
        registry.by_kind("")


# --------------------------------------------------------------------------- each game's folder


@pytest.mark.parametrize("game", registry.GAMES, ids=lambda g: g.slug)
def test_every_games_url_names_resolve(game):
    page = reverse(f"calculators:{game.url_name}")
    assert page == f"/{game.slug}/"
    assert resolve(page).url_name == game.url_name
    assert reverse("rules:rulebook", args=[game.slug]) == f"/{game.slug}/regles/"
    assert registry.get(game.slug) is game and registry.by_api_name(game.api_name) is game
    router = registry.module(game, "api").router
    names = [op.url_name for view in router.path_operations.values() for op in view.operations]
    assert names, game.slug
    for name in names:
        url = reverse(f"api:{name}")
        assert url.startswith(f"/api/v1/{game.api_name}/"), url
        assert resolve(url).url_name == name


@pytest.mark.parametrize("game", registry.PARTY_GAMES, ids=lambda g: g.slug)
def test_every_game_with_parties_has_its_party_template(game):
    assert (ROOT / "templates" / "games" / game.package / "party.html").is_file()


MODE_NAMES = {n for g in registry.GAMES for m in g.modes for n in (m.label, *m.aliases)}
KIND_ENUMERATION = re.compile(r"\bGame\.Kind\b|\bclass Kind\b")


def mode_name_literals(code: str) -> list[tuple[int, str]]:
    """(line, text) of each string literal of ``code`` that is a mode's name; docstrings and
    comments, which may speak of the modes, aside."""
    tree = ast.parse(code)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return sorted(
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and node.value.strip() in MODE_NAMES
    )


def test_the_mode_name_search_finds_a_literal_and_skips_docstrings_and_comments():
    code = (
        '"""Classique"""\n'
        "def f():\n"
        '    """Découverte"""\n'
        "    # Famille\n"
        '    return {"classic": gettext_noop("Classique"), "x": f"{1} Normal"}\n'
        'MODES = ("Explosion de rangée", "Familiale")\n'
    )
    assert mode_name_literals(code) == [
        (5, " Normal"),  # a part of an f-string
        (5, "Classique"),
        (6, "Explosion de rangée"),
        (6, "Familiale"),
    ]
    assert KIND_ENUMERATION.search("kind = Game.Kind.NUM5") and KIND_ENUMERATION.search(
        "    class Kind(models.TextChoices):"
    )
    assert not KIND_ENUMERATION.search("game.kind, Kinds, registry.by_kind(kind)")


def test_the_registry_is_the_only_module_that_spells_a_mode_name():
    """Every name of a mode (its label and aliases) as a string literal of the site's code: only
    in the registry and the NUM DRAFT engine."""
    assert {"Classique", "Famille", "Découverte", "Normal", "Explosion de rangée"} <= MODE_NAMES
    found = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in source_files()
        if path not in MODE_NAMES_OWNERS
        for line, text in mode_name_literals(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_no_game_kind_enumeration_besides_the_registry():
    """The stored kinds are the registry's (``Game.kind``'s choices come from it): no
    ``Game.Kind`` enumeration of the games, in the code or the templates."""
    found = [
        f"{path.relative_to(ROOT)}: {match.group()}"
        for path in [*source_files(), *(ROOT / "templates").rglob("*.html")]
        for match in KIND_ENUMERATION.finditer(path.read_text(encoding="utf-8"))
    ]
    assert found == []
