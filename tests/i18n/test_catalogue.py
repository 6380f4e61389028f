"""The English catalogue: complete (no untranslated, no fuzzy entry), placeholders kept, every
string the code marks present, and the committed compiled django.mo fresh (same entries as the
.po). Parsed with Python: the tests need no msgfmt."""

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"
PO = LOCALE / "en" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}(?!\})")


def parse_po(text: str) -> list[dict]:
    """The entries of a .po file: ``flags`` (set), ``msgid``, ``msgstr`` (strings joined)."""
    entries: list[dict] = []
    entry: dict = {"flags": set()}
    field = None
    for line in [*text.splitlines(), ""]:
        line = line.strip()
        if not line:
            if "msgid" in entry:
                entries.append(entry)
            entry, field = {"flags": set()}, None
        elif line.startswith("#,"):
            entry["flags"].update(flag.strip() for flag in line[2:].split(","))
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[field] += ast.literal_eval(line)
        else:
            field, _, value = line.partition(" ")
            entry[field] = ast.literal_eval(value)
    return entries


ENTRIES = parse_po(PO.read_text(encoding="utf-8"))
MESSAGES = [entry for entry in ENTRIES if entry["msgid"]]


def test_catalogue_has_the_site_messages():
    assert len(MESSAGES) >= 200


def test_catalogue_header_is_english_and_not_fuzzy():
    header = ENTRIES[0]
    assert header["msgid"] == "" and "fuzzy" not in header["flags"]
    assert "Language: en\n" in header["msgstr"]


@pytest.mark.parametrize("entry", MESSAGES, ids=lambda e: e["msgid"][:60])
def test_entry_translated_not_fuzzy_placeholders_kept(entry):
    assert "fuzzy" not in entry["flags"]
    assert entry["msgstr"].strip(), "untranslated"
    assert set(PLACEHOLDER.findall(entry["msgstr"])) == set(PLACEHOLDER.findall(entry["msgid"]))
    assert "«" not in entry["msgstr"] and "»" not in entry["msgstr"]  # English quotes


def marked_strings(root: Path) -> set[str]:
    """Literal arguments of gettext(), gettext_noop(), gettext_lazy() and _() in ``root``."""
    names = {"gettext", "gettext_noop", "gettext_lazy", "_"}
    found = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in names
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and node.args[0].value
            ):
                found.add(node.args[0].value)
    return found


@pytest.mark.parametrize("package", ["calculators", "numsite", "rules"])
def test_every_marked_string_is_in_the_catalogue(package):
    missing = marked_strings(Path(settings.BASE_DIR) / package) - {e["msgid"] for e in MESSAGES}
    assert not missing, "run `make messages` and translate: " + repr(sorted(missing)[:5])


def test_compiled_catalogue_is_fresh():
    """The committed django.mo holds exactly the .po's translations (`make messages` rebuilds
    it): a .po edited without recompiling fails here."""
    with MO.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    catalog = {key: value for key, value in compiled._catalog.items() if key}
    assert catalog == {entry["msgid"]: entry["msgstr"] for entry in MESSAGES}
