"""A tiny line-based markup for the rulebooks, rendered to HTML.

The rulebooks live in ``rules/content/<slug>.txt``, transcribed from ``shared/rulebooks`` with
their text unchanged and only structure added:

- ``# Titre {#ancre}`` a section (h2), ``## Titre {#ancre}`` a sub-section (h3);
- ``- item`` a bullet (two spaces of indent nest it once), ``1. item`` a numbered step;
- ``| a | b |`` table rows, ``|---|`` after the first row makes it the header;
- ``! texte`` a warning, ``? texte`` a tip, ``= texte`` a formula, anything else a paragraph.

Inline: ``[7R]`` is a card chip, ``{R}`` a family glyph chip, a trailing ``@exemple`` links the
line to the calculator (the game supplies the URL).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from calculators.engines.cards import FAMILY_ALIASES, Card, InputError, parse_card

HEADING = re.compile(r"^(#{1,2})\s+(.*?)\s*\{#([a-z0-9-]+)\}\s*$")
EXAMPLE = re.compile(r"\s@([a-z0-9-]+)\s*$")
CARD_CHIP = re.compile(r"\[([0-9]{1,2}[A-Z])\]")
FAMILY_CHIP = re.compile(r"\{([RVBJAS])\}")


@dataclass
class Heading:
    level: int
    text: str
    anchor: str


@dataclass
class Table:
    header: list[str] | None
    rows: list[list[str]] = field(default_factory=list)


@dataclass
class Block:
    kind: str  # "p", "warn", "tip", "formula", "ul", "ol", "table", "heading"
    items: list = field(default_factory=list)
    text: str = ""
    heading: Heading | None = None
    table: Table | None = None


@dataclass
class Rulebook:
    """A parsed rulebook: its blocks in order, and its section headings and tables."""

    blocks: list[Block]

    @property
    def headings(self) -> list[Heading]:
        return [b.heading for b in self.blocks if b.heading is not None]

    @property
    def tables(self) -> list[Table]:
        return [b.table for b in self.blocks if b.table is not None]


def parse(text: str) -> Rulebook:
    """Parse the markup into blocks."""
    blocks: list[Block] = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.strip():
            continue
        stripped = line.lstrip()
        indent = (len(line) - len(stripped)) // 2
        previous = blocks[-1] if blocks else None
        if heading := HEADING.match(line):
            level = len(heading.group(1)) + 1
            blocks.append(
                Block("heading", heading=Heading(level, heading.group(2), heading.group(3)))
            )
        elif stripped.startswith("|"):
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if previous is None or previous.kind != "table":
                previous = Block("table", table=Table(header=None))
                blocks.append(previous)
            assert previous.table is not None
            if all(re.fullmatch(r"-+", c) for c in cells):
                previous.table.header = previous.table.rows.pop()
            else:
                previous.table.rows.append(cells)
        elif stripped.startswith("- "):
            if previous is None or previous.kind != "ul":
                previous = Block("ul")
                blocks.append(previous)
            previous.items.append((indent, stripped[2:]))
        elif re.match(r"^\d+\.\s", stripped) and not line.startswith(" "):
            if previous is None or previous.kind != "ol":
                previous = Block("ol")
                blocks.append(previous)
            previous.items.append((0, re.sub(r"^\d+\.\s+", "", stripped)))
        elif stripped[:2] in ("! ", "? ", "= "):
            kind = {"! ": "warn", "? ": "tip", "= ": "formula"}[stripped[:2]]
            blocks.append(Block(kind, text=stripped[2:]))
        else:
            blocks.append(Block("p", text=stripped))
    return Rulebook(blocks)


def card_chip(code: str) -> SafeString:
    """A card rendered as a coloured chip with an accessible French label."""
    card = parse_card(code)
    assert isinstance(card, Card)
    return format_html(
        '<span class="card-chip fam-{}" title="{}"><span aria-hidden="true">{}</span>'
        '<span class="visually-hidden">{}</span><b aria-hidden="true">{}</b></span>',
        card.family.code,
        card.label,
        card.family.glyph,
        card.label,
        card.value,
    )


def family_chip(code: str) -> SafeString:
    family = FAMILY_ALIASES[code.lower()]
    return format_html(
        '<span class="family-chip fam-{}" title="{}" aria-label="{}">{}</span>',
        family.code,
        family.french,
        family.french,
        family.glyph,
    )


ExampleLink = Callable[[str, str], str | None]


def inline(text: str, example_link: ExampleLink | None = None) -> SafeString:
    """Escape a line of text and render its chips and its example link."""
    link = None
    if match := EXAMPLE.search(text):
        slug = match.group(1)
        text = text[: match.start()]
        if example_link is not None:
            link = example_link(slug, text)
    html = str(escape(text))
    html = CARD_CHIP.sub(lambda m: str(card_chip(m.group(1))), html)
    html = FAMILY_CHIP.sub(lambda m: str(family_chip(m.group(1))), html)
    if link:
        html += str(
            format_html(' <a class="try-link" href="{}">Essayer dans le calculateur →</a>', link)
        )
    return mark_safe(html)  # noqa: S308 - every piece above is escaped or format_html'd


def cards_in(text: str) -> list[str]:
    """The card codes written as chips in a line, in order."""
    return CARD_CHIP.findall(text)


def render(book: Rulebook, example_link: ExampleLink | None = None) -> SafeString:
    """Render a parsed rulebook to HTML (headings carry their anchors)."""
    out: list[str] = []
    for block in book.blocks:
        if block.heading is not None:
            h = block.heading
            out.append(
                str(
                    format_html(
                        '<h{} id="{}" class="rule-heading">{} '
                        '<a class="anchor-link" href="#{}" aria-label="Lien vers cette section">'
                        "#</a></h{}>",
                        h.level,
                        h.anchor,
                        inline(h.text),
                        h.anchor,
                        h.level,
                    )
                )
            )
        elif block.table is not None:
            out.append(_render_table(block.table))
        elif block.kind in ("ul", "ol"):
            out.append(_render_list(block.kind, block.items, example_link))
        elif block.kind == "p":
            out.append(f"<p>{inline(block.text, example_link)}</p>")
        elif block.kind == "formula":
            out.append(f'<p class="rule-formula"><strong>{inline(block.text)}</strong></p>')
        else:
            css = "alert-warning" if block.kind == "warn" else "alert-info"
            out.append(f'<div class="alert {css} rule-callout">{inline(block.text)}</div>')
    return mark_safe("\n".join(out))  # noqa: S308 - built from escaped pieces


def _render_table(table: Table) -> str:
    parts = ['<div class="table-responsive"><table class="table table-sm rule-table">']
    if table.header:
        parts.append("<thead><tr>")
        parts.extend(f'<th scope="col">{inline(c)}</th>' for c in table.header)
        parts.append("</tr></thead>")
    parts.append("<tbody>")
    for row in table.rows:
        parts.append("<tr>")
        parts.extend(f"<td>{inline(c)}</td>" for c in row)
        parts.append("</tr>")
    parts.append("</tbody></table></div>")
    return "".join(parts)


def _render_list(kind: str, items: list[tuple[int, str]], example_link: ExampleLink | None) -> str:
    parts = [f"<{kind}>"]
    depth = 0
    for index, (indent, text) in enumerate(items):
        while depth < indent:
            parts.append(f"<{kind}>")
            depth += 1
        while depth > indent:
            parts.append(f"</li></{kind}>")
            depth -= 1
        if index and depth == indent and not parts[-1].endswith(f"<{kind}>"):
            parts.append("</li>")
        parts.append(f"<li>{inline(text, example_link)}")
    while depth > 0:
        parts.append(f"</li></{kind}>")
        depth -= 1
    parts.append(f"</li></{kind}>")
    return "".join(parts)


__all__ = ["InputError", "Rulebook", "cards_in", "parse", "render"]
