"""Numsite's python-markdown extension: card chips, calculator example links, site markup.

The syntax it adds is ``rules/content/README.md``'s. The chips are the calculators' own
(``calculators/templatetags``), so a card looks the same in a result and in the rules. French
typography touches text nodes only, never attributes (ids, addresses), code or chips. Raw HTML
is escaped even though the Markdown is our own, and a link may only point to the site, an
``http(s)`` address or ``calc:``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass
from html import unescape as html_text
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from django.urls import reverse
from django.utils.translation import gettext
from markdown import Markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.treeprocessors import Treeprocessor

from calculators.engines.cards import DRAFT_DECK_LARGE, FAMILY_ALIASES, InputError, parse_card
from calculators.templatetags.numsite import chip, family_chip
from calculators.templatetags.typo import french

#: ``[7R]``, ``[16S]``, ``[JK]`` or ``[R]``, not followed by ``(`` (that would be a link).
CHIP_RE = r"\[((?:1[0-6]|[0-9])[RVBJAS]|JK|[RVBJAS])\](?!\()"
CALC_SCHEME = "calc:"
ALERT_CLASSES = {"warning": "alert-warning", "danger": "alert-danger", "caution": "alert-warning"}


class ContentError(ValueError):
    """A mistake in a content file (an unknown card, a link to nowhere): caught by the tests."""


def chip_html(code: str) -> str:
    """The chip of a card (``7R``, ``JK``) or of a family (``R``), as the calculators draw it."""
    if len(code) == 1:
        return str(family_chip(FAMILY_ALIASES[code.lower()]))
    try:
        card = parse_card(code, DRAFT_DECK_LARGE)
    except InputError as error:  # pragma: no cover - the regex only lets real cards through
        raise ContentError(error.message) from error
    return str(chip(card))


def example_url(href: str) -> str:
    """``calc:num_check?combo=paire&cards=5R+5B`` → ``/num-check/?combo=paire&cards=5R+5B``."""
    name, _, query = href.removeprefix(CALC_SCHEME).partition("?")
    url = reverse(f"calculators:{name}")
    params = parse_qsl(query, keep_blank_values=True, strict_parsing=bool(query))
    return f"{url}?{urlencode(params)}" if params else url


class ChipProcessor(InlineProcessor):
    def __init__(self, pattern: str, md: Markdown) -> None:
        super().__init__(pattern, md)
        self.md: Markdown = md  # python-markdown makes it optional; this processor always has it

    # python-markdown's InlineProcessor redefines Pattern.handleMatch with another signature
    # (``data`` added, a tuple returned), so every override of it differs from Pattern's.
    def handleMatch(self, m: re.Match[str], data: str) -> tuple[str, int, int]:  # type: ignore[override]
        return self.md.htmlStash.store(chip_html(m.group(1))), m.start(0), m.end(0)


class SiteTreeprocessor(Treeprocessor):
    """Runs after ``toc``: example links, classes, table wrappers, ruling sections."""

    def __init__(self, md: Markdown, sections: bool) -> None:
        super().__init__(md)
        self.sections = sections

    def run(self, root: etree.Element) -> None:
        for link in root.iter("a"):
            self.link(link)
        for parent in list(root.iter()):
            for index, child in enumerate(list(parent)):
                if child.tag == "table":
                    child.set("class", "table table-sm rule-table")
                    wrapper = etree.Element("div", {"class": "table-responsive"})
                    parent.remove(child)
                    parent.insert(index, wrapper)
                    wrapper.append(child)
                elif child.tag in ("h2", "h3"):
                    add_class(child, "rule-heading")
                elif child.tag == "div" and "admonition" in child.get("class", "").split():
                    kinds = set(child.get("class", "").split())
                    alert = next((ALERT_CLASSES[k] for k in kinds if k in ALERT_CLASSES), None)
                    add_class(child, f"alert {alert or 'alert-info'} rule-callout")
        if self.sections:
            group_sections(root)

    def link(self, link: etree.Element) -> None:
        href = link.get("href", "")
        if "anchor-link" in link.get("class", "").split():
            link.set("aria-label", gettext("Lien vers cette section"))
            link.attrib.pop("title", None)
            return
        if href.startswith(CALC_SCHEME):
            link.set("href", example_url(href))
            add_class(link, "try-link")
            return
        scheme = urlsplit(href).scheme
        if scheme not in ("", "http", "https", "mailto"):
            raise ContentError(f"Lien refusé dans le contenu : {href}")
        if "".join(link.itertext()).strip().startswith(("Essayer", "Try")):
            add_class(link, "try-link")


def add_class(element: etree.Element, css: str) -> None:
    element.set("class", " ".join(filter(None, (element.get("class", ""), css))))


def group_sections(root: etree.Element) -> None:
    """Each ``h3`` and the blocks up to the next heading become ``<section class="ruling">``."""
    children = list(root)
    section: etree.Element | None = None
    for child in children:
        if child.tag == "h3":
            section = etree.Element("section", {"class": "ruling"})
            if child.get("id"):
                section.set("aria-labelledby", child.get("id", ""))
            root.insert(list(root).index(child), section)
        elif child.tag in ("h1", "h2"):
            section = None
        if section is not None:
            root.remove(child)
            section.append(child)


class FrenchTypography(Treeprocessor):
    """French typography on the text nodes (``text`` and ``tail``), outside code; runs after
    ``toc`` so the headings' ids are made from the text as written."""

    SKIP = frozenset({"code", "pre", "kbd", "samp"})

    def run(self, root: etree.Element) -> None:
        self.fix(root)

    def fix(self, element: etree.Element) -> None:
        if element.tag not in self.SKIP:
            if element.text:
                element.text = french(element.text)
            for child in element:
                self.fix(child)
        if element.tail:
            element.tail = french(element.tail)


@dataclass(frozen=True)
class Restoration:
    """A word of the official text the site restored (a lost accent, a spelling mistake):
    ``site`` as the rulebook writes it, ``official`` as the source has it; only within text
    holding one of ``within`` when given (elsewhere the source was right)."""

    site: str
    official: str
    within: tuple[str, ...] = ()


class RestorationMarks(Treeprocessor):
    """Marks each restored word with a link to a note at the end of the rulebook giving the
    official wording (not a tooltip: read by screen readers, reachable by a tap, printed). Runs
    after the French typography, on the text as shown."""

    SKIP = frozenset({"code", "pre", "a", "ins", "h1"})

    def __init__(self, md: Markdown, restorations: tuple[Restoration, ...]) -> None:
        super().__init__(md)
        self.restorations = [
            (french(r.site), r.official, tuple(french(w) for w in r.within)) for r in restorations
        ]
        self.notes: list[tuple[str, str]] = []

    def run(self, root: etree.Element) -> None:
        if not self.restorations:
            return
        self.notes = []
        self.visit(root)
        if self.notes:
            root.append(self.note_list())

    def visit(self, element: etree.Element, in_heading: bool = False) -> None:
        if element.tag in self.SKIP or "card-chip" in element.get("class", ""):
            return
        children = list(element)
        in_heading = in_heading or element.tag in ("h2", "h3")
        if element.text:
            element.text, nodes = self.split(element.text, in_heading)
            for offset, node in enumerate(nodes):
                element.insert(offset, node)
        for child in children:
            self.visit(child, in_heading)
            if child.tail:
                child.tail, nodes = self.split(child.tail, in_heading)
                at = list(element).index(child) + 1
                for offset, node in enumerate(nodes):
                    element.insert(at + offset, node)

    def split(self, text: str, in_heading: bool = False) -> tuple[str, list[etree.Element]]:
        """The text before the first restored word of ``text``, and the nodes that follow it:
        each mark (the word and its note link), the text after it as their tail."""
        for site, official, within in self.restorations:
            at = text.find(site)
            if at < 0 or (within and not any(w in text for w in within)):
                continue
            number = len(self.notes) + 1
            self.notes.append((site, official))
            ins = etree.Element(
                "ins",
                {
                    "class": "restored",
                    "title": french(gettext("Livret : « {official} »").format(official=official)),
                },
            )
            ins.text = site
            if in_heading:  # a heading keeps its words: the mark, the note at the end
                ins.set("id", f"restauree-{number}")
                ins.tail, rest = self.split(text[at + len(site) :], in_heading)
                return text[:at], [ins, *rest]
            mark = etree.Element(
                "a",
                {
                    "class": "restored-mark site-note",
                    "href": f"#restauration-{number}",
                    "id": f"restauree-{number}",
                },
            )
            star = etree.SubElement(mark, "span", {"aria-hidden": "true"})
            star.text = f"*{number}"
            label = etree.SubElement(mark, "span", {"class": "visually-hidden"})
            label.text = french(
                gettext("(restauré : le livret écrit « {official} »)").format(official=official)
            )
            mark.tail, rest = self.split(text[at + len(site) :], in_heading)
            return text[:at], [ins, mark, *rest]
        return text, []

    def note_list(self) -> etree.Element:
        aside = etree.Element(
            "aside",
            {"class": "restorations site-note small mt-3", "aria-labelledby": "restaurations"},
        )
        title = etree.SubElement(aside, "p", {"id": "restaurations", "class": "fw-bold mb-1"})
        title.text = french(gettext("Coquilles corrigées du livret officiel"))
        items = etree.SubElement(aside, "ol")
        for number, (site, official) in enumerate(self.notes, start=1):
            item = etree.SubElement(items, "li", {"id": f"restauration-{number}"})
            item.text = french(
                gettext("« {site} » : le livret écrit « {official} ». ").format(
                    site=site, official=official
                )
            )
            back = etree.SubElement(
                item, "a", {"href": f"#restauree-{number}", "class": "anchor-link"}
            )
            back.text = "↩"
        return aside


class NumsiteExtension(Extension):
    def __init__(self, **kwargs: object) -> None:
        self.config = {
            "sections": [False, "Wrap each ### heading and its text in a section"],
            "lang": ["fr", "The content's language: French typography only in French"],
            "restorations": [(), "The restored words to mark (Restoration), French only"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        md.inlinePatterns.register(ChipProcessor(CHIP_RE, md), "numsite_chip", 175)
        md.treeprocessors.register(
            SiteTreeprocessor(md, bool(self.getConfig("sections"))), "numsite", 4
        )
        if self.getConfig("lang") == "fr":
            md.treeprocessors.register(FrenchTypography(md), "numsite_typography", 3)
            marks = tuple(self.getConfig("restorations"))
            md.treeprocessors.register(RestorationMarks(md, marks), "numsite_restored", 2)


def render(
    text: str,
    *,
    sections: bool = False,
    lang: str = "fr",
    restorations: tuple[Restoration, ...] = (),
) -> str:
    """Markdown content to HTML with the site's extensions (French typography when ``lang`` is
    ``"fr"``, and then the ``restorations`` marked)."""
    return render_with_toc(text, sections=sections, lang=lang, restorations=restorations)[0]


def render_with_toc(
    text: str,
    *,
    sections: bool = False,
    lang: str = "fr",
    restorations: tuple[Restoration, ...] = (),
) -> tuple[str, list[dict[str, Any]]]:
    """:func:`render`, and the headings ``toc`` found (``##`` and ``###``, with their ids):
    ``[{"id", "name", "children": [...]}, …]``, the names as plain text (a template escapes them)."""
    md = Markdown(
        extensions=[
            "tables",
            "attr_list",
            "admonition",
            "toc",
            NumsiteExtension(sections=sections, lang=lang, restorations=restorations),
        ],
        extension_configs={
            "toc": {
                "permalink": "#",
                "permalink_class": "anchor-link",
                "toc_depth": "2-3",
            }
        },
        output_format="html",
    )
    html = md.convert(text)
    return html, _toc_entries(getattr(md, "toc_tokens", []), lang == "fr")


def _toc_entries(tokens: list[dict[str, Any]], in_french: bool) -> list[dict[str, Any]]:
    """``toc``'s tokens as plain names, with French typography in French as in the headings."""
    return [
        {
            "id": t["id"],
            "name": french(html_text(t["name"])) if in_french else html_text(t["name"]),
            "children": _toc_entries(t.get("children", []), in_french),
        }
        for t in tokens
    ]
