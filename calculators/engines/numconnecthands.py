"""Num Connect hands as a party counts them (/num-connect/regles/#arbitrage-partie-connect).

A hand (« manche ») of Num Connect ends as soon as a player lays their last card, and that
player wins it (/num-connect/regles/#fin-de-partie): there are no points. A party of several
hands records, for each one, who went out first and, optionally, how many cards each other
player still held (0 to the 12 cards dealt, /num-connect/regles/#mise-en-place) — for every
other player or for none of them, so that the tie-break compares like with like.

Standings (the site's ruling): the most hands won first; between players with as many, the
fewest cards left in total over the hands whose counts were entered. The rulebook fixes no
number of hands: the table ends the party. Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import InputError
from .i18n import gettext
from .numbers import parse_whole
from .standings import positions

#: /num-connect/regles/#joueurs
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: the cards dealt to each player (/num-connect/regles/#mise-en-place): the most a hand may hold
#: at the end of a turn (each turn draws one card and discards one)
HAND_SIZE = 12


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand: the seat of the player who went out first, and each seat's cards left (seat
    order; 0 for that player; ``None`` everywhere when they were not counted)."""

    out: int
    left: tuple[int | None, ...]

    @property
    def counted(self) -> bool:
        """Whether the cards left were entered for this hand."""
        return any(n is not None for n in self.left)


@dataclass(frozen=True, slots=True)
class PlayerTally:
    name: str
    #: hands won (went out first)
    wins: int
    #: cards left over the counted hands
    cards_left: int
    #: standing (« 1, 2, 2, 4 »): wins, then fewest cards left
    position: int


@dataclass(frozen=True, slots=True)
class Tally:
    players: tuple[PlayerTally, ...]
    hands: tuple[Hand, ...]

    @property
    def leaders(self) -> tuple[str, ...]:
        """The players in first position, in seat order."""
        return tuple(p.name for p in self.players if p.position == 1)


def count(value: object, name: str, field: str = "left") -> int | None:
    """A player's cards left as entered: ``None`` (or ``""``) when not entered, else a whole
    number from 0 to :data:`HAND_SIZE`; an :class:`InputError` naming the player otherwise."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    else:
        number = parse_whole(value)
    if number is None or not 0 <= number <= HAND_SIZE:
        raise InputError(
            field,
            gettext(
                "{name} : les cartes restantes sont un nombre entier de 0 à {most} (les cartes distribuées)."
            ).format(name=name, most=HAND_SIZE),
        )
    return number


def read_hand(names: Sequence[str], out: object, left: Sequence[object]) -> Hand:
    """A hand as entered, checked (/num-connect/regles/#arbitrage-partie-connect): ``out``, the
    seat of the player who went out first; ``left``, each seat's cards left (``None`` or ``""``
    when not entered). The player who went out holds no card (0 or nothing entered); the others'
    counts are given for all of them or for none."""
    if isinstance(out, bool) or not isinstance(out, int) or not 0 <= out < len(names):
        raise InputError("out", gettext("Indiquez le joueur qui a posé sa dernière carte."))
    values = list(left) + [None] * (len(names) - len(left))
    if len(values) != len(names):
        raise InputError("left", gettext("Une seule valeur par joueur."))
    counts = [count(v, name) for v, name in zip(values, names, strict=True)]
    if counts[out]:
        raise InputError(
            "left",
            gettext("{name} a posé sa dernière carte : il ne reste rien à compter.").format(
                name=names[out]
            ),
        )
    others = [i for i in range(len(names)) if i != out]
    given = [i for i in others if counts[i] is not None]
    if not given:
        return Hand(out, (None,) * len(names))
    missing = [names[i] for i in others if counts[i] is None]
    if missing:
        raise InputError(
            "left",
            gettext(
                "Cartes restantes : indiquez-les pour chaque autre joueur, ou pour aucun (manquent : {missing})."
            ).format(missing=", ".join(missing)),
        )
    return Hand(out, tuple(0 if i == out else counts[i] for i in range(len(names))))


def tally(names: Sequence[str], hands: Sequence[Hand]) -> Tally:
    """The standings after ``hands`` (/num-connect/regles/#arbitrage-partie-connect): each
    player's hands won and cards left over the counted hands, ranked by wins, then by the fewest
    cards left."""
    wins = [0] * len(names)
    left = [0] * len(names)
    for hand in hands:
        if not 0 <= hand.out < len(names) or len(hand.left) != len(names):
            raise InputError("hands", gettext("Une manche ne correspond pas aux joueurs."))
        wins[hand.out] += 1
        for seat, n in enumerate(hand.left):
            left[seat] += n or 0
    seats = list(range(len(names)))
    places = positions(seats, lambda s: (wins[s], -left[s]))
    return Tally(
        tuple(
            PlayerTally(name, wins[s], left[s], places[s])
            for s, name in zip(seats, names, strict=True)
        ),
        tuple(hands),
    )
