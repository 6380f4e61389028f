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
# str.format placeholders (the engines, the page's JavaScript) and %-style ones (templates).
PLACEHOLDER = re.compile(
    r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}(?!\})|%\(([A-Za-z_][A-Za-z0-9_]*)\)[sd]"
)


def placeholders(text: str) -> set[str]:
    return {brace or percent for brace, percent in PLACEHOLDER.findall(text)}


def parse_po(text: str) -> list[dict]:
    """The entries of a .po file: ``flags`` (set), ``msgid``, ``msgstr`` (strings joined); a
    plural entry also has ``msgid_plural`` and ``msgstr[0]``, ``msgstr[1]``…"""
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
            continue  # comments, and obsolete entries (#~)
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
    for field, source in translations(entry):
        assert entry[field].strip(), f"untranslated {field}"
        assert placeholders(entry[field]) == placeholders(source)
        assert "«" not in entry[field] and "»" not in entry[field]  # English quotes


def translations(entry: dict) -> list[tuple[str, str]]:
    """(msgstr field, the French it translates): one, or one per plural form."""
    if "msgid_plural" not in entry:
        return [("msgstr", entry["msgid"])]
    forms = sorted(key for key in entry if key.startswith("msgstr["))
    assert len(forms) == 2, "English has two plural forms"
    return [(forms[0], entry["msgid"]), (forms[1], entry["msgid_plural"])]


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
    # the catalogue has no public reader; typeshed leaves its attribute out
    catalog = {key: value for key, value in compiled._catalog.items() if key}  # type: ignore[attr-defined]
    expected = {}
    for entry in MESSAGES:
        if "msgid_plural" in entry:  # GNUTranslations keys plural forms by (msgid, index)
            expected[(entry["msgid"], 0)] = entry["msgstr[0]"]
            expected[(entry["msgid"], 1)] = entry["msgstr[1]"]
        else:
            expected[entry["msgid"]] = entry["msgstr"]
    assert catalog == expected


#: the rulebook's own spelling of a combination's name
KEPT_STRAIGHT = {"Num's"}


def test_french_messages_use_the_typographic_apostrophe():
    """« l’ordre », never « l'ordre »: a message shows in places `{% typo %}` never reaches (a
    field's error, an attribute, the JSON API), so it is written right at its source."""
    straight = [
        entry["msgid"]
        for entry in MESSAGES
        if entry["msgid"] not in KEPT_STRAIGHT
        and re.search(r"\w'\w", entry["msgid"] + entry.get("msgid_plural", ""))
    ]
    assert not straight


def test_template_french_text_uses_the_typographic_apostrophe():
    root = Path(__file__).resolve().parents[2] / "templates"
    tags = re.compile(
        r"(\{%-?\s*comment\b.*?endcomment\s*%\}|\{#.*?#\}|<!--.*?-->|\{\{.*?\}\}|\{%.*?%\}|<[^>]*>)",
        re.S,
    )
    found = []
    for path in root.rglob("*.html"):
        for piece in tags.split(path.read_text(encoding="utf-8"))[::2]:
            found += [f"{path.name}: {m}" for m in re.findall(r"\w+'\w+", piece)]
    assert not found
