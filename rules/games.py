"""The four games of the family: names, pitches and where their rulebooks live."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.safestring import SafeString

from . import markup

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
    def rulebook(self) -> markup.Rulebook:
        return load_rulebook(self.slug)

    def example_link(self, slug: str, text: str) -> str | None:
        """The calculator URL of an example written in the rulebook (``@slug``)."""
        if slug in EXAMPLES.get(self.slug, {}):
            return f"{self.url}?{urlencode(EXAMPLES[self.slug][slug])}"
        cards = markup.cards_in(text.split(" ou ")[0])
        if self.slug == "num-connect" and cards:
            params: dict[str, str] = {"cards": " ".join(cards)}
            if slug.startswith(("premiere-pose", "combinaison-libre")):
                params["first_play" if slug.startswith("premiere") else "free"] = "1"
            return f"{self.url}?{urlencode(params)}"
        return None

    def rendered_rulebook(self) -> SafeString:
        return markup.render(self.rulebook, self.example_link)


#: Rulebook examples whose cards the text does not spell out: the calculator state they open.
EXAMPLES: dict[str, dict[str, dict[str, str]]] = {
    "num-draft": {
        # Three touching own reds, a 4th red from the left neighbour touching them.
        "exemple-rouge": {
            "g00": "1R",
            "g01": "5B",
            "g10": "2R",
            "g11": "9J",
            "g20": "3R",
            "l0": "7R",
        },
    },
}

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


@cache
def load_rulebook(slug: str) -> markup.Rulebook:
    return markup.parse((CONTENT_DIR / f"{slug}.txt").read_text(encoding="utf-8"))
