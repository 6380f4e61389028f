"""The four games of the family as the rules pages show them (from the game registry), and
their rulebooks and rulings (``rules/content/README.md``), French being the reference and
``rules/content/en/`` its translation.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.urls import get_script_prefix, reverse
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_lazy

from calculators.core import registry
from calculators.templatetags.typo import french

from . import mdext

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

CONTENT_DIR = Path(__file__).resolve().parent / "content"


def content_language(code: str | None) -> str:
    """The content language for a Django language code (``en-gb`` → ``"en"``), French for a
    language the site does not offer."""
    primary = (code or "").lower().replace("_", "-").split("-")[0]
    offered = {language for language, _ in settings.LANGUAGES}
    return primary if primary in offered else settings.LANGUAGE_CODE


def content_dir(lang: str) -> Path:
    """Where a language's content lives: French, the reference, at the top of ``rules/content/``."""
    return CONTENT_DIR if lang == settings.LANGUAGE_CODE else CONTENT_DIR / lang


@dataclass(frozen=True)
class Game:
    slug: str
    name: str
    pitch: StrOrPromise  # the registry's French, translated when shown
    players: StrOrPromise
    calculator_label: StrOrPromise
    party_kind: str = ""  # the kind of shared score sheet (« partie ») the game has, if any
    dealt: bool = False  # a deal can be prepared for it (the registry's GameSpec.dealt)

    @property
    def url(self) -> str:
        return _reverse(f"calculators:{self.url_name}", (), *_url_state())

    @property
    def url_name(self) -> str:
        return self.slug.replace("-", "_")

    @property
    def rules_url(self) -> str:
        return _reverse("rules:rulebook", (self.slug,), *_url_state())

    @property
    def rulebook_html(self) -> SafeString:
        """The rulebook in the active language (French unless English is active)."""
        return rulebook_html(self.slug, content_language(translation.get_language()))

    @property
    def rulebook_toc(self) -> list[dict[str, Any]]:
        """The rulebook's table of contents in the active language."""
        return rulebook_toc(self.slug, content_language(translation.get_language()))  # cached

    @property
    def rulings_html(self) -> SafeString:
        """The rulings in the active language (French unless English is active)."""
        return rulings_html(self.slug, content_language(translation.get_language()))


def _url_state() -> tuple[str, str]:
    """What a game's URLs depend on besides the game: the language (``/en/…``) and the
    script prefix the site is served under."""
    return translation.get_language() or "", get_script_prefix()


@lru_cache(maxsize=64)
def _reverse(name: str, args: tuple[str, ...], language: str, prefix: str) -> str:
    """``reverse`` for the header's links, drawn on every page: once per language and prefix
    (``language`` and ``prefix`` are the active ones, passed to key the cache)."""
    return reverse(name, args=args)


GAMES: tuple[Game, ...] = tuple(
    Game(
        g.slug,
        g.name,
        gettext_lazy(g.pitch),
        gettext_lazy(g.players_note),
        gettext_lazy(g.calculator_label),
        g.kind,
        g.dealt,
    )
    for g in registry.GAMES
)
GAMES_BY_SLUG = {g.slug: g for g in GAMES}


def rulings_files(slug: str, lang: str = "fr") -> list[Path]:
    """The « Précisions d'arbitrage » files of a game: ``<slug>-rulings.md`` first, then any
    other ``<slug>-*-rulings.md`` (e.g. ``num-5-turn-rulings.md``), in name order.

    A rulings file not translated yet shows in French rather than not at all."""
    names = {p.name for p in CONTENT_DIR.glob(f"{slug}-*rulings.md")}
    if lang != settings.LANGUAGE_CODE:
        names |= {p.name for p in content_dir(lang).glob(f"{slug}-*rulings.md")}
    ordered = sorted(names, key=lambda name: (name != f"{slug}-rulings.md", name))
    return [
        content_dir(lang) / name if (content_dir(lang) / name).is_file() else CONTENT_DIR / name
        for name in ordered
    ]


class CachedContent:
    """A content renderer cached once per (slug, content language) (:func:`per_slug_and_language`).
    ``__wrapped__`` is the uncached renderer; ``cache_info`` and ``cache_clear`` are those of
    :func:`functools.cache`."""

    __wrapped__: Callable[..., SafeString]  # the renderer itself (update_wrapper sets it)

    def __init__(self, render: Callable[[str, str], SafeString]) -> None:
        functools.update_wrapper(self, render)
        self._cached = cache(render)

    def __call__(self, slug: str, lang: str = "fr") -> SafeString:
        return self._cached(slug, content_language(lang))

    def cache_info(self) -> functools._CacheInfo:
        return self._cached.cache_info()

    def cache_clear(self) -> None:
        self._cached.cache_clear()


def per_slug_and_language(render: Callable[[str, str], SafeString]) -> CachedContent:
    """Cache a content renderer once per (slug, content language): ``f(slug)``, ``f(slug, "fr")``
    and ``f(slug, lang="fr-fr")`` share one entry."""
    return CachedContent(render)


@per_slug_and_language
def rulebook_html(slug: str, lang: str = "fr") -> SafeString:
    """The rulebook of a game as HTML.

    Rendered in its own language whatever the request's, so that its ``calc:`` links are that
    language's calculators and the cache holds one answer per language."""
    text = (content_dir(lang) / f"{slug}.md").read_text(encoding="utf-8")
    marks = restored_typos(slug) if lang == "fr" else ()  # the English text is a translation
    with translation.override(lang):
        html = mdext.render(text, lang=lang, restorations=marks)
        return mark_safe(html)  # safe HTML: raw HTML is escaped


RESTORATIONS = Path(__file__).resolve().parent / "official" / "restorations.toml"


@cache
def restored_typos(slug: str) -> tuple[mdext.Restoration, ...]:
    """The typos of a game's official text that its rulebook restores (``typo = true`` in
    ``rules/official/restorations.toml``): marked in the French rulebook with the official
    wording beside."""
    with RESTORATIONS.open("rb") as file:
        entries = tomllib.load(file)["restoration"]
    return tuple(
        mdext.Restoration(e["site"], e["official"], tuple(e.get("within", ())))
        for e in entries
        if e["game"] == slug and e.get("typo")
    )


@cache
def rulebook_toc(slug: str, lang: str = "fr") -> list[dict[str, Any]]:
    """The rulebook's table of contents: its ``##`` sections (with their ``###``), then the
    « Précisions d'arbitrage » with each ruling; entries ``{"id", "name", "children"}``."""
    text = (content_dir(lang) / f"{slug}.md").read_text(encoding="utf-8")
    rulings = "\n\n".join(p.read_text(encoding="utf-8") for p in rulings_files(slug, lang))
    with translation.override(lang):
        toc = mdext.render_with_toc(text, lang=lang)[1]
        ruling_entries = mdext.render_with_toc(rulings, sections=True, lang=lang)[1]
        title = gettext("Précisions d’arbitrage")
        title = french(title) if lang == "fr" else title
    return [*toc, {"id": "precisions-d-arbitrage", "name": title, "children": ruling_entries}]


@per_slug_and_language
def rulings_html(slug: str, lang: str = "fr") -> SafeString:
    """The game's « Précisions d'arbitrage », one ``<section class="ruling">`` each, rendered in
    their language (see :func:`rulebook_html`)."""
    text = "\n\n".join(p.read_text(encoding="utf-8") for p in rulings_files(slug, lang))
    with translation.override(lang):
        return mark_safe(mdext.render(text, sections=True, lang=lang))  # safe HTML: escaped
