"""The one owner of "a game": every game of the family, what it is called, how it is played and
what the site offers for it (docs/architecture.md#how-to-add-a-game).

No other module spells a mode label, a player count or one of these names: they ask
:func:`get`, :func:`by_kind`, :func:`by_api_name` or :data:`GAMES`. What a rule needs (mode
keys, the player counts the engines check, NUM DRAFT's mode names) is taken from its engine, so
that a rule and the site cannot drift.

This module imports only the engines (an import contract checks it): the offline engines read
it too. It finds a game folder's modules by name (:func:`module`, :func:`modules`) when asked,
never at import time, so that nothing below the game folders names one.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from types import ModuleType

from ..engines import num5, num5turn, numcheck, numconnecthands, numdraft
from ..engines.cards import InputError, fold_name
from ..engines.i18n import gettext, gettext_noop


@dataclass(frozen=True)
class Mode:
    """A way to play a game: its canonical key (the API's, the stored one), its name shown on
    the site (French, marked for translation) and the other names accepted on input."""

    key: str
    label: str
    aliases: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """The mode's name in the engines' current language (« Classique », « Classic »)."""
        return gettext(self.label)


@dataclass(frozen=True)
class Deck:
    """A deck a table may choose (NUM DRAFT: /num-draft/regles/#arbitrage-paquet)."""

    key: str
    label: str  # « 0 à 12 »
    note: str  # « 2 à 5 joueurs »: who plays it by default


@dataclass(frozen=True)
class GameSpec:
    """Everything the site knows about one game, outside its rules."""

    #: the URL slug of its pages (``/num-5/``) and of its content (``rules/content/num-5.md``)
    slug: str
    #: its name in the JSON API (``num5``)
    api_name: str
    #: its Python package, ``calculators/games/<package>/``, and its templates,
    #: ``templates/games/<package>/``; also its stored Parties kind when it has Parties
    package: str
    name: str
    pitch: str
    #: who plays it, in words (the home page and the rulebook's header)
    players_note: str
    calculator_label: str
    #: the smallest and largest table the site scores (a Parties sheet, the engines' checks)
    players: tuple[int, int]
    modes: tuple[Mode, ...] = ()
    decks: tuple[Deck, ...] = ()
    #: a shared score sheet (« partie ») can be kept for it
    parties: bool = False
    #: what the order of the players means, when the game says (NUM DRAFT: who passes to whom)
    seating_note: str = ""
    #: its cards are all dealt before play, nothing drawn after: a deal can be prepared from a
    #: seed and played at every table (docs/deals.md)
    dealt: bool = False

    @property
    def kind(self) -> str:
        """The stored kind of its Parties (``Game.kind``), ``""`` when it has none."""
        return self.package if self.parties else ""

    @property
    def url_name(self) -> str:
        """The URL name of its calculator page (``calculators:<url_name>``)."""
        return self.slug.replace("-", "_")

    @property
    def default_mode(self) -> str:
        return self.modes[0].key if self.modes else ""

    def mode(self, key: str) -> Mode:
        """The mode of canonical ``key``; a :class:`KeyError` for another."""
        for mode in self.modes:
            if mode.key == key:
                return mode
        raise KeyError(key)

    def mode_label(self, key: str) -> str:
        """A canonical mode's name in the engines' current language; an unknown key as it is."""
        try:
            return self.mode(key).name
        except KeyError:
            return key

    def mode_aliases(self) -> dict[str, str]:
        """Every accepted spelling of the modes, folded (:func:`cards.fold_name`) → the key."""
        table: dict[str, str] = {}
        for mode in self.modes:
            for spelling in (mode.key, mode.label, *mode.aliases):
                table[fold_name(spelling)] = mode.key
        return table

    def resolve_mode(self, value: object, field: str = "mode") -> str:
        """The canonical mode ``value`` names (any case, with or without accents: « Découverte »,
        « decouverte », ``discovery``), the default mode for ``None`` or ``""``, or an
        :class:`InputError` on ``field`` naming the modes."""
        if value is None or value == "":
            return self.default_mode
        if not self.modes:
            raise InputError(
                field,
                gettext("{GAME_NAMES} se joue d’une seule façon : aucun mode à choisir.").format(
                    GAME_NAMES=self.name
                ),
            )
        key = self.mode_aliases().get(fold_name(value)) if isinstance(value, str) else None
        if key is None:
            choices = gettext(" ou ").join(
                gettext("« {key} » ({name})").format(key=m.key, name=m.name) for m in self.modes
            )
            raise InputError(
                field,
                gettext("« {mode} » : le mode de {GAME_NAMES} est {choices}.").format(
                    mode=value, GAME_NAMES=self.name, choices=choices
                ),
            )
        return key

    def deck(self, key: str) -> Deck:
        for deck in self.decks:
            if deck.key == key:
                return deck
        raise KeyError(key)


NUM_CHECK = GameSpec(
    slug="num-check",
    api_name="num-check",
    package="num_check",
    name="NUM CHECK",
    pitch=gettext_noop(
        "Construisez des combinaisons en main, réclamez la carte manquante au centre : CHECK !"
    ),
    players_note=gettext_noop("2 à 6 joueurs (7 et plus en 3 tours de paquet)"),
    calculator_label=gettext_noop("Calculateur dynamique"),
    players=(numcheck.MIN_PLAYERS, numcheck.MAX_PLAYERS),
    modes=(
        Mode(numcheck.CLASSIC, gettext_noop("Classique")),
        Mode(numcheck.FAMILY, gettext_noop("Famille")),
    ),
    parties=True,
)
NUM_DRAFT = GameSpec(
    slug="num-draft",
    api_name="num-draft",
    package="num_draft",
    name="NUM DRAFT",
    pitch=gettext_noop(
        "Draftez une grille 3×3 et regroupez couleurs et valeurs avec les colonnes voisines."
    ),
    players_note=gettext_noop("2 à 7 joueurs"),
    calculator_label=gettext_noop("Calculateur de pool"),
    players=(numdraft.MIN_PLAYERS, numdraft.MAX_PLAYERS),
    modes=(
        # the engine writes these names in its breakdown (« Total (Classique) : 30 »)
        Mode(numdraft.CLASSIC, numdraft.MODES[numdraft.CLASSIC]),
        Mode(numdraft.DISCOVERY, numdraft.MODES[numdraft.DISCOVERY], ("Familiale",)),
    ),
    decks=(
        Deck("0-12", gettext_noop("0 à 12"), gettext_noop("2 à 5 joueurs")),
        Deck("0-16", gettext_noop("0 à 16"), gettext_noop("6 à 7 joueurs")),
    ),
    parties=True,
    seating_note=gettext_noop("dans l’ordre où l’on se passe les cartes"),
    dealt=True,
)
NUM5 = GameSpec(
    slug="num-5",
    api_name="num5",
    package="num5",
    name="Num 5",
    pitch=gettext_noop("Posez sur les rangées, évitez les Shadows et gagnez trois manches."),
    players_note=gettext_noop("3 à 8 joueurs"),
    calculator_label=gettext_noop("Feuille de manches"),
    players=(num5.MIN_PLAYERS, num5.MAX_PLAYERS),
    modes=(
        Mode(num5turn.NORMAL, gettext_noop("Normal")),
        Mode(num5turn.EXPLOSION, gettext_noop("Explosion de rangée"), ("Explosion",)),
    ),
    parties=True,
    dealt=True,
)
NUM_CONNECT = GameSpec(
    slug="num-connect",
    api_name="num-connect",
    package="num_connect",
    name="Num Connect",
    pitch=gettext_noop(
        "Connectez vos combinaisons dans la grille commune et videz votre main le premier."
    ),
    players_note=gettext_noop("2 à 6 joueurs"),
    calculator_label=gettext_noop("Vérifier une combinaison"),
    players=(numconnecthands.MIN_PLAYERS, numconnecthands.MAX_PLAYERS),
    parties=True,
)

#: The family, in the order the site lists it.
GAMES: tuple[GameSpec, ...] = (NUM_CHECK, NUM_DRAFT, NUM5, NUM_CONNECT)
#: The games that have shared score sheets, in that order.
PARTY_GAMES: tuple[GameSpec, ...] = tuple(g for g in GAMES if g.parties)
#: the games whose deal can be prepared (docs/deals.md)
DEALT: tuple[GameSpec, ...] = tuple(g for g in GAMES if g.dealt)

_BY_SLUG = {g.slug: g for g in GAMES}
_BY_KIND = {g.kind: g for g in PARTY_GAMES}
_BY_API_NAME = {g.api_name: g for g in GAMES}


def get(slug: str) -> GameSpec:
    """The game of a URL slug (``num-5``); a :class:`KeyError` for another."""
    return _BY_SLUG[slug]


def by_kind(kind: str) -> GameSpec:
    """The game of a stored Parties kind (``num5``); a :class:`KeyError` for another."""
    return _BY_KIND[kind]


def by_api_name(name: str) -> GameSpec:
    """The game of a JSON API name (``num5``); a :class:`KeyError` for another."""
    return _BY_API_NAME[name]


def party_game(value: object, field: str = "game") -> GameSpec:
    """The game with Parties that ``value`` names, by any of its names: its stored kind
    (``num_check``, a form's value), its API name (``num-check``) or its slug (``num-5``);
    an :class:`InputError` on ``field`` otherwise."""
    text = str(value or "").strip().lower()
    for game in PARTY_GAMES:
        if text in (game.kind, game.api_name, game.slug):
            return game
    names = [g.name for g in PARTY_GAMES]
    listed = ", ".join(names[:-1]) + gettext(" ou ") + names[-1]
    raise InputError(field, gettext("Choisissez un jeu : {names}.").format(names=listed))


def documented_aliases() -> list[tuple[str, str, list[str]]]:
    """(game name, canonical key, names accepted besides the key) for the API documentation."""
    return [
        (game.name, mode.key, [mode.label, *mode.aliases]) for game in GAMES for mode in game.modes
    ]


#: The package of the game folders, ``calculators/games/<package>/``.
GAMES_PACKAGE = "calculators.games"


def module(game: GameSpec, name: str) -> ModuleType:
    """A module of a game's folder: ``module(NUM5, "urls")`` is ``calculators.games.num5.urls``."""
    return import_module(f"{GAMES_PACKAGE}.{game.package}.{name}")


def modules(name: str, games: tuple[GameSpec, ...] = GAMES) -> list[ModuleType]:
    """That module of every game of ``games`` that has one, in the registry's order."""
    found = []
    for game in games:
        try:
            found.append(module(game, name))
        except ModuleNotFoundError as err:
            if err.name != f"{GAMES_PACKAGE}.{game.package}.{name}":
                raise
    return found
