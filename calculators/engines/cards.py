"""Cards of the NUM family: families, values, Jokers, action cards, notation and decks.

The site's rules are the contract (/num-check/regles/#arbitrage-notation): six families (codes R V B J A S with their aliases), numeric cards
written value then family (``7R``) or family then value (``R7``), the NUM DRAFT Joker (``JK``),
the NUM CHECK action cards, and the decks of each game. Every bad token is reported as an
:class:`InputError` whose French message names it. This module has no Django import.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from .i18n import gettext, gettext_noop
from .numbers import parse_whole


class InputError(ValueError):
    """Bad input for an engine: the request field at fault and a French message naming it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class Family(Enum):
    """The six families (/num-check/regles/#arbitrage-notation). The value is the canonical one-letter code."""

    RED = "R"
    GREEN = "V"
    BLUE = "B"
    YELLOW = "J"
    RAINBOW = "A"
    SHADOW = "S"

    @property
    def code(self) -> str:
        return self.value

    @property
    def french(self) -> str:
        """The family's name in the engines' current language (French unless told)."""
        return gettext(FAMILY_FRENCH[self])

    @property
    def glyph(self) -> str:
        return FAMILY_GLYPH[self]

    @property
    def is_classic(self) -> bool:
        """Red, green, blue or yellow: neither Rainbow nor Shadow."""
        return self not in (Family.RAINBOW, Family.SHADOW)


FAMILY_FRENCH = {
    Family.RED: gettext_noop("Rouge"),
    Family.GREEN: gettext_noop("Vert"),
    Family.BLUE: gettext_noop("Bleu"),
    Family.YELLOW: gettext_noop("Jaune"),
    Family.RAINBOW: gettext_noop("Rainbow"),
    Family.SHADOW: gettext_noop("Shadow"),
}
FAMILY_GLYPH = {
    Family.RED: "🔴",
    Family.GREEN: "🟢",
    Family.BLUE: "🔵",
    Family.YELLOW: "🟡",
    Family.RAINBOW: "🌈",
    Family.SHADOW: "🌑",
}
FAMILIES: tuple[Family, ...] = tuple(Family)
CLASSIC_FAMILIES: tuple[Family, ...] = (Family.RED, Family.GREEN, Family.BLUE, Family.YELLOW)

#: Every accepted spelling of a family, case-folded (/num-check/regles/#arbitrage-notation table, glyphs included).
FAMILY_ALIASES: dict[str, Family] = {
    "r": Family.RED,
    "rouge": Family.RED,
    "red": Family.RED,
    "🔴": Family.RED,
    "v": Family.GREEN,
    "vert": Family.GREEN,
    "green": Family.GREEN,
    "g": Family.GREEN,
    "🟢": Family.GREEN,
    "b": Family.BLUE,
    "bleu": Family.BLUE,
    "blue": Family.BLUE,
    "🔵": Family.BLUE,
    "j": Family.YELLOW,
    "jaune": Family.YELLOW,
    "yellow": Family.YELLOW,
    "y": Family.YELLOW,
    "🟡": Family.YELLOW,
    "a": Family.RAINBOW,
    "rainbow": Family.RAINBOW,
    "rb": Family.RAINBOW,
    "arc": Family.RAINBOW,
    "🌈": Family.RAINBOW,
    "s": Family.SHADOW,
    "shadow": Family.SHADOW,
    "sh": Family.SHADOW,
    "n": Family.SHADOW,
    "noir": Family.SHADOW,
    "🌑": Family.SHADOW,
}

JOKER_ALIASES = frozenset({"jk", "*", "joker"})

#: NUM CHECK action cards, canonical French names by case-folded spelling.
ACTION_NAMES: dict[str, str] = {
    "tornade": "Tornade",
    "éclair": "Éclair",
    "eclair": "Éclair",
    "simple": "Simple",
    "double": "Double",
    "passe": "Passe",
}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A numeric card: a value and a family. Each (value, family) exists once in a deck."""

    value: int
    family: Family

    def __str__(self) -> str:
        return f"{self.value}{self.family.code}"

    @property
    def code(self) -> str:
        return str(self)

    @property
    def label(self) -> str:
        """French label for screen readers, e.g. « 7 Rouge »."""
        return f"{self.value} {self.family.french}"

    @property
    def is_rainbow(self) -> bool:
        return self.family is Family.RAINBOW

    @property
    def is_shadow(self) -> bool:
        return self.family is Family.SHADOW


@dataclass(frozen=True, slots=True)
class Joker:
    """The NUM DRAFT Joker: no value, no family (/num-check/regles/#arbitrage-notation)."""

    def __str__(self) -> str:
        return "JK"

    @property
    def code(self) -> str:
        return "JK"

    @property
    def label(self) -> str:
        return gettext("Joker")


@dataclass(frozen=True, slots=True)
class ActionCard:
    """A NUM CHECK action card. It never joins a combination (/num-check/regles/#arbitrage-notation)."""

    name: str

    def __str__(self) -> str:
        return self.name

    @property
    def code(self) -> str:
        return self.name

    @property
    def label(self) -> str:
        return self.name


JOKER = Joker()
AnyCard = Card | Joker | ActionCard


@dataclass(frozen=True, slots=True)
class Deck:
    """A game's deck: numeric values ``0..max_value`` in the six families, plus extras."""

    max_value: int
    jokers: int = 0
    actions: bool = False

    @property
    def values(self) -> range:
        return range(self.max_value + 1)

    @property
    def range_label(self) -> str:
        return f"0-{self.max_value}"

    def numeric_cards(self) -> list[Card]:
        return [Card(v, f) for f in FAMILIES for v in self.values]


#: NUM CHECK: 102 numeric cards and the action cards.
NUM_CHECK_DECK = Deck(max_value=16, actions=True)
#: Num 5 and Num Connect: 102 numeric cards.
FULL_DECK = Deck(max_value=16)
#: NUM DRAFT, 2-5 players: 78 numeric cards + 2 Jokers.
DRAFT_DECK_SMALL = Deck(max_value=12, jokers=2)
#: NUM DRAFT, 6-7 players: 102 numeric cards + 2 Jokers.
DRAFT_DECK_LARGE = Deck(max_value=16, jokers=2)

# ASCII digits only, as every number of the site (numbers.parse_whole): « ٣R » is no card.
_VALUE_FIRST = re.compile(r"^([0-9]+)\s*([^0-9].*)$")
_FAMILY_FIRST = re.compile(r"^([^0-9]+?)\s*([0-9]+)$")
_SEPARATORS = re.compile(r"[\s,;]+")


def _normalise(token: str) -> str:
    text = unicodedata.normalize("NFC", token).replace("\ufe0f", "").strip()
    return text.casefold()


def parse_card(token: str, deck: Deck = FULL_DECK, field: str = "cards") -> AnyCard:
    """Read one card in the notation of /num-check/regles/#arbitrage-notation.

    Accepts ``7R``/``R7`` with every family alias (case-insensitive), ``JK`` where the deck has
    Jokers and action-card names where the deck has them. Raises :class:`InputError` naming
    the token otherwise.
    """
    if not isinstance(token, str):
        raise InputError(
            field,
            gettext("« {token} » n’est pas une carte : écrivez-la comme 7R ou R7.").format(
                token=token
            ),
        )
    raw = token.strip()
    if not raw:
        raise InputError(field, gettext("Une carte est vide : écrivez-la comme 7R ou R7."))
    key = _normalise(raw)
    if key in JOKER_ALIASES:
        if deck.jokers == 0:
            raise InputError(
                field, gettext("« {raw} » : le Joker n’existe pas dans ce jeu.").format(raw=raw)
            )
        return JOKER
    if key in ACTION_NAMES:
        if not deck.actions:
            raise InputError(
                field,
                gettext("« {raw} » : les cartes Action n’existent qu’à NUM CHECK.").format(raw=raw),
            )
        return ActionCard(ACTION_NAMES[key])
    match = _VALUE_FIRST.match(key)
    if match:
        digits, family_text = match.group(1), match.group(2).strip()
    else:
        match = _FAMILY_FIRST.match(key)
        if not match:
            raise InputError(
                field,
                gettext(
                    "« {raw} » n’est pas une carte : écrivez la valeur et la famille, comme 7R, 12B ou R7."
                ).format(raw=raw),
            )
        family_text, digits = match.group(1).strip(), match.group(2)
    family = FAMILY_ALIASES.get(family_text)
    if family is None:
        raise InputError(
            field,
            gettext(
                "« {raw} » : la famille « {family_text} » n’existe pas (R rouge, V vert, B bleu, J jaune, A rainbow, S shadow)."
            ).format(raw=raw, family_text=family_text.upper()),
        )
    value = parse_whole(digits)  # None: more digits than any number of the site
    if value is None or value > deck.max_value:
        raise InputError(
            field,
            gettext(
                "« {raw} » : la valeur {value} n’existe pas dans ce paquet (0 à {max_value})."
            ).format(raw=raw, value=digits if value is None else value, max_value=deck.max_value),
        )
    return Card(value, family)


def split_cards(text: str) -> list[str]:
    """Split a line of notation on spaces, commas and semicolons."""
    return [t for t in _SEPARATORS.split(text.strip()) if t]


def parse_cards(
    cards: object,
    deck: Deck = FULL_DECK,
    field: str = "cards",
    *,
    check_duplicates: bool = True,
) -> list[AnyCard]:
    """Read a list of cards (a line of text, or a list or tuple of tokens; anything else is an
    :class:`InputError`, so ``cards`` may come straight from a request).

    Duplicates of a numeric card are an error (each card exists once, /num-check/regles/#arbitrage-notation); Jokers
    may appear up to the deck's count; action cards may repeat (they are never scored).
    """
    if isinstance(cards, str):
        tokens: Sequence[object] = split_cards(cards)
    elif isinstance(cards, list | tuple):
        tokens = cards
    else:
        raise InputError(field, gettext('Les cartes doivent être une liste, comme ["7R", "3B"].'))
    parsed: list[AnyCard] = []
    for token in tokens:
        if isinstance(token, Card | Joker | ActionCard):
            token = token.code  # already a card: checked against this deck like any token
        if not isinstance(token, str):
            raise InputError(
                field,
                gettext('« {token} » n’est pas une carte : écrivez-la comme "7R".').format(
                    token=token
                ),
            )
        parsed.append(parse_card(token, deck, field))
    if check_duplicates:
        ensure_unique(parsed, deck, field)
    return parsed


def ensure_unique(cards: Iterable[AnyCard | None], deck: Deck, field: str) -> None:
    """Raise if a numeric card appears twice or there are more Jokers than the deck has."""
    seen: set[Card] = set()
    jokers = 0
    for card in cards:
        if isinstance(card, Card):
            if card in seen:
                raise InputError(
                    field,
                    gettext(
                        "« {card} » figure deux fois : chaque carte n’existe qu’une fois dans le paquet."
                    ).format(card=card),
                )
            seen.add(card)
        elif isinstance(card, Joker):
            jokers += 1
            if jokers > deck.jokers:
                raise InputError(
                    field,
                    gettext("« JK » : il n’existe que {jokers} Jokers dans le paquet.").format(
                        jokers=deck.jokers
                    ),
                )


def fold_name(text: str) -> str:
    """A name folded for comparison: no accents, no case, letters and digits only
    (« Suite Zénith » → ``suitezenith``)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", plain.lower())


def format_cards(cards: Iterable[AnyCard | None]) -> list[str | None]:
    """Canonical form of each card (``7R``, ``JK``, ``Tornade``); ``None`` stays ``None``."""
    return [None if c is None else c.code for c in cards]


def format_line(cards: Iterable[AnyCard]) -> str:
    """Canonical notation of a line of cards, separated by spaces."""
    return " ".join(c.code for c in cards)
