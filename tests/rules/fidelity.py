"""Compare a rendered rulebook with its official text, word for word (see test_fidelity.py)."""

from __future__ import annotations

import re
import tomllib
import unicodedata
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

OFFICIAL_DIR = Path(__file__).resolve().parents[2] / "rules" / "official"

#: Typography that the comparison ignores: the six family glyphs (the site restores them as
#: chips where the source lost them), emoji variation selectors and keycaps (« 1️⃣ » is « 1 »),
#: dashes and table pipes (list markers, ranges and table rules in the source's plain text).
IGNORED = {"🔴", "🟢", "🔵", "🟡", "🌈", "🌑", "-", "–", "—", "|"}
TYPOGRAPHY = str.maketrans(
    {"’": "'", "‘": "'", "«": '"', "»": '"', "“": '"', "”": '"', "\ufe0f": None, "\u20e3": None}
)


def words(text: str) -> list[str]:
    """The text as a list of words and punctuation marks, typography normalised: spacing,
    apostrophes, quotes, dashes, case and family glyphs do not matter."""
    text = unicodedata.normalize("NFC", text).translate(TYPOGRAPHY).casefold()
    return [t for t in re.findall(r"\w+|[^\w\s]", text) if t not in IGNORED]


class TextExtractor(HTMLParser):
    """The text a reader sees in a rendered rulebook: a card chip reads as its value, an ordered
    list item starts with its number; permalinks, example links, screen-reader-only labels and
    the notes of the restored typos are left out (they are the site's, not the rulebook's)."""

    SKIP = {"anchor-link", "try-link", "visually-hidden", "site-note"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.stack: list[tuple[str, bool]] = []
        self.counters: list[int] = []

    @property
    def skipping(self) -> bool:
        return any(skip for _, skip in self.stack)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        skip = bool(classes & self.SKIP) or "aria-hidden" in dict(attrs) and tag == "span"
        if tag not in ("br", "hr", "img", "input"):
            self.stack.append((tag, skip))
        if self.skipping:
            return
        if tag == "ol":
            self.counters.append(0)
        elif tag == "ul":
            self.counters.append(-1)
        elif tag == "li" and self.counters and self.counters[-1] >= 0:
            self.counters[-1] += 1
            self.parts.append(f" {self.counters[-1]} ")
        self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        skipped = self.skipping  # a skipped list never pushed its counter
        while self.stack:
            open_tag, _ = self.stack.pop()
            if open_tag == tag:
                break
        if tag in ("ol", "ul") and self.counters and not skipped:
            self.counters.pop()
        self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)


def rendered_text(html: str) -> str:
    parser = TextExtractor()
    parser.feed(html)
    return "".join(parser.parts)


@dataclass(frozen=True)
class Restoration:
    game: str
    official: str
    site: str
    reason: str
    #: a typo of the source, marked in the rulebook (only in text holding one of ``within``)
    typo: bool = False
    within: tuple[str, ...] = ()


def restorations() -> list[Restoration]:
    data = tomllib.loads((OFFICIAL_DIR / "restorations.toml").read_text(encoding="utf-8"))
    return [
        Restoration(**{**entry, "within": tuple(entry.get("within", ()))})
        for entry in data["restoration"]
    ]


def replace_all(seq: list[str], old: list[str], new: list[str]) -> tuple[list[str], int]:
    out: list[str] = []
    count = i = 0
    while i < len(seq):
        if old and seq[i : i + len(old)] == old:
            out.extend(new)
            i += len(old)
            count += 1
        else:
            out.append(seq[i])
            i += 1
    return out, count
