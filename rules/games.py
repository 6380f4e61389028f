"""The four games of the family: names, pitches, and their rulebooks and rulings.

A game's rulebook is ``rules/content/<slug>.md`` and its « Précisions d'arbitrage » are
``rules/content/<slug>-*rulings.md``: Markdown rendered by :mod:`rules.mdext`, cached per process.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from . import mdext

CONTENT_DIR = Path(__file__).resolve().parent / "content"


@dataclass(frozen=True)
class Game:
    slug: str
    name: str
    pitch: str
    players: str
    calculator_label: str
    party_kind: str = ""  # the kind of shared score sheet (« partie ») the game has, if any

    @property
    def url(self) -> str:
        return reverse(f"calculators:{self.url_name}")

    @property
    def url_name(self) -> str:
        return self.slug.replace("-", "_")

    @property
    def rules_url(self) -> str:
        return reverse("rules:rulebook", args=[self.slug])

    @property
    def rulebook_html(self) -> SafeString:
        return rulebook_html(self.slug)

    @property
    def rulings_html(self) -> SafeString:
        return rulings_html(self.slug)


GAMES: tuple[Game, ...] = (
    Game(
        "num-check",
        "NUM CHECK",
        "Construisez des combinaisons en main, réclamez la carte manquante au centre : CHECK !",
        "2 à 6 joueurs (7 et plus en 3 tours de paquet)",
        "Calculateur dynamique",
        "num_check",
    ),
    Game(
        "num-draft",
        "NUM DRAFT",
        "Draftez une grille 3×3 et regroupez couleurs et valeurs avec les colonnes voisines.",
        "2 à 7 joueurs",
        "Calculateur de pool",
        "num_draft",
    ),
    Game(
        "num-5",
        "Num 5",
        "Posez sur les rangées, évitez les Shadows et gagnez trois manches.",
        "3 à 8 joueurs",
        "Feuille de manches",
        "num5",
    ),
    Game(
        "num-connect",
        "Num Connect",
        "Connectez vos combinaisons dans la grille commune et videz votre main le premier.",
        "2 à 6 joueurs",
        "Vérifier une combinaison",
    ),
)
GAMES_BY_SLUG = {g.slug: g for g in GAMES}


def rulings_files(slug: str) -> list[Path]:
    """The « Précisions d'arbitrage » files of a game: ``<slug>-rulings.md`` first, then any
    other ``<slug>-*-rulings.md`` (e.g. ``num-5-turn-rulings.md``), in name order."""
    return sorted(
        CONTENT_DIR.glob(f"{slug}-*rulings.md"),
        key=lambda p: (p.name != f"{slug}-rulings.md", p.name),
    )


@cache
def rulebook_html(slug: str) -> SafeString:
    """The rulebook of a game (``rules/content/<slug>.md``) as HTML, rendered once per process."""
    text = (CONTENT_DIR / f"{slug}.md").read_text(encoding="utf-8")
    return mark_safe(mdext.render(text))  # noqa: S308 - raw HTML in content is escaped


@cache
def rulings_html(slug: str) -> SafeString:
    """The game's « Précisions d'arbitrage », one ``<section class="ruling">`` each, rendered once
    per process."""
    text = "\n\n".join(p.read_text(encoding="utf-8") for p in rulings_files(slug))
    return mark_safe(mdext.render(text, sections=True))  # noqa: S308 - raw HTML is escaped
