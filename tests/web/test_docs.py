"""The docs stay true of the code: docs/architecture.md names every module, docs/api.md every route."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARCHITECTURE = ROOT / "docs" / "architecture.md"
API_DOC = ROOT / "docs" / "api.md"
GAME = "<game>"


def _modules() -> list[Path]:
    """Every Python module of calculators/, numsite/ and rules/, migrations and `__init__` aside."""
    return sorted(
        path.relative_to(ROOT)
        for package in ("calculators", "numsite", "rules")
        for path in (ROOT / package).rglob("*.py")
        if path.name != "__init__.py" and "migrations" not in path.parts
    )


def _layout_entries(text: str) -> list[tuple[str, str]]:
    """The tree of « Layout »: each entry's path (a folder ends with `/`) and its whole text.

    An entry is a line whose name starts within the first 20 columns, two spaces a level; the
    lines indented further continue its text.
    """
    block = text.split("## Layout", 1)[1].split("```", 2)[1]
    entries: list[tuple[str, str]] = []
    parents: list[str] = []
    for line in block.splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        if indent >= 20 and entries:
            path, body = entries[-1]
            entries[-1] = (path, body + " " + line.strip())
            continue
        name = line.strip().split("  ", 1)[0].split(" ", 1)[0].rstrip(",")
        level = indent // 2
        parents = parents[:level]
        path = "".join(parents) + name
        if name.endswith("/"):
            parents.append(name)
        entries.append((path, line.strip()))
    return entries


def _matches(pattern: str, path: str) -> bool:
    """A tree path matches a module's path, `<game>` standing for any game's folder."""
    regex = re.escape(pattern).replace(re.escape(GAME), r"[a-z0-9_]+")
    return re.fullmatch(regex, path) is not None


def _named(module: Path, text: str, entries: list[tuple[str, str]]) -> bool:
    path = module.as_posix()
    dotted = path.removesuffix(".py").replace("/", ".")
    if re.search(rf"(?<![\w/.]){re.escape(path)}\b", text) or re.search(
        rf"(?<![\w.]){re.escape(dotted)}\b", text
    ):
        return True
    folder, stem = path.rsplit("/", 1)[0] + "/", module.stem
    for entry, body in entries:
        if _matches(entry, path):
            return True
        if (
            entry.endswith("/")
            and _matches(entry, folder)
            and re.search(rf"\b{re.escape(stem)}\b", body)
        ):
            return True
    return False


def test_architecture_names_every_module():
    """Each module is named in docs/architecture.md: its path, its dotted name, or its
    stem on its package's line of the « Layout » tree."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    entries = _layout_entries(text)
    modules = _modules()
    assert len(modules) > 100
    missing = [module.as_posix() for module in modules if not _named(module, text, entries)]
    assert missing == [], f"docs/architecture.md does not name: {', '.join(missing)}"


def test_architecture_layers_match_the_layers_contract():
    """The layers picture lists, top to bottom, the packages of the `layers` contract."""
    import tomllib

    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "importlinter"
    ]["contracts"]
    (layers,) = [contract["layers"] for contract in contracts if contract["type"] == "layers"]
    text = ARCHITECTURE.read_text(encoding="utf-8")
    picture = text.split("## Layers and what may import what", 1)[1].split("```", 2)[1]
    drawn = [line for line in picture.splitlines() if line.strip() and line.strip() != "▼"]
    assert len(drawn) >= len(layers)
    rows = [row for row in drawn if not row.startswith(" ")]
    assert len(rows) == len(layers), rows
    for row, layer in zip(rows, layers, strict=True):
        for module in re.split(r" [:|] ", layer):
            head, _, tail = module.rpartition(".")
            names = {module, module.replace(".", "/"), tail, tail + ".py"}
            assert any(re.search(rf"(?<![\w.]){re.escape(name)}(?![\w])", row) for name in names), (
                module,
                row,
            )


def _doc_paths(text: str) -> set[str]:
    """The API paths docs/api.md mentions, parameters written `{name}` or `<name>`."""
    found = set()
    for match in re.finditer(r"/api/v1(/[\w\-{}<>/.]*)", text):
        path = re.sub(r"<(\w+)>", r"{\1}", match.group(1)).rstrip("/.")
        found.add(re.sub(r"\{\w+\}", "{}", path))
    return found


@pytest.mark.django_db
def test_api_doc_names_every_route_of_the_schema():
    """docs/api.md names every path of the OpenAPI schema (parameters by position)."""
    from calculators.api_urls import api

    schema_paths = {
        re.sub(r"\{\w+\}", "{}", path.removeprefix("/api/v1").rstrip("/"))
        for path in api.get_openapi_schema()["paths"]
    }
    assert len(schema_paths) > 20
    documented = _doc_paths(API_DOC.read_text(encoding="utf-8"))
    missing = sorted(schema_paths - documented)
    assert missing == [], f"docs/api.md does not name: {', '.join(missing)}"
