"""Prepared deals (« donnes préparées »): the cards each seat receives, from a seed (docs/deals.md).

The same seed, game, seat count and deck give the same deal on every machine and release, so
that every table of a duplicate evening can be dealt the same cards (docs/deals.md#donnes-graine).

* The deck is listed in the registry's order (:meth:`Deck.numeric_cards`: families R V B J A S,
  each from 0 up; then the Jokers), the cards set out before the deal removed
  (docs/deals.md#donnes-paquet).
* It is shuffled by Fisher–Yates, each swap index drawn from SHA-256 of the seed and a counter
  (docs/deals.md#donnes-melange): never :mod:`random`, whose sequences may change.
* The shuffled deck is dealt in blocks, seat 1 first (docs/deals.md#donnes-distribution):
  NUM DRAFT gives each seat a face-down 3×3 grid (row by row) then a hand of 5
  (/num-draft/regles/#mise-en-place); Num 5 gives each seat 10 cards, the four rows having
  started with the 0 of Bleu, Rouge, Jaune and Vert (/num-5/regles/#mise-en-place).

The mode never changes the cards: NUM DRAFT's modes score differently, Num 5's Explosion plays
differently (docs/deals.md#donnes-mode). Hands are given in deck order (a hand's order is no
part of a deal); a grid keeps its places, which are.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from . import num5, numdraft
from .cards import (
    DRAFT_DECK_LARGE,
    DRAFT_DECK_SMALL,
    FULL_DECK,
    JOKER,
    AnyCard,
    Card,
    Deck,
    Family,
    InputError,
)
from .i18n import gettext

T = TypeVar("T")

#: The games a deal is prepared for, by their API names (the registry's).
NUM_DRAFT, NUM5 = "num-draft", "num5"
GAMES = (NUM_DRAFT, NUM5)

#: NUM DRAFT (/num-draft/regles/#mise-en-place): a face-down 3×3 grid, then a hand of 5.
DRAFT_GRID_ROWS, DRAFT_GRID_COLUMNS, DRAFT_HAND = 3, 3, 5
#: Num 5 (/num-5/regles/#mise-en-place): 10 cards per seat; the rows start with these zeros.
NUM5_HAND = 10
NUM5_ROWS: tuple[Card, ...] = (
    Card(0, Family.BLUE),
    Card(0, Family.RED),
    Card(0, Family.YELLOW),
    Card(0, Family.GREEN),
)
DRAFT_DECKS = {DRAFT_DECK_SMALL.range_label: DRAFT_DECK_SMALL, "0-16": DRAFT_DECK_LARGE}

#: The seed's most characters.
MAX_SEED = 200


@dataclass(frozen=True, slots=True)
class Seat:
    """What one seat receives: its grid's rows (NUM DRAFT; empty for Num 5) and its hand."""

    grid: tuple[tuple[AnyCard, ...], ...]
    hand: tuple[AnyCard, ...]

    @property
    def cards(self) -> tuple[AnyCard, ...]:
        """Every card the seat receives: its grid row by row, then its hand."""
        return tuple(c for row in self.grid for c in row) + self.hand


@dataclass(frozen=True, slots=True)
class Deal:
    """A prepared deal: the game, the deck played (``0-12``…), the seed, each seat's cards and
    the cards set out on the table before the deal (Num 5's rows)."""

    game: str
    deck: str
    seed: str
    seats: tuple[Seat, ...]
    rows: tuple[Card, ...] = ()


def draw(seed: str, counter: int, bound: int) -> int:
    """A whole number in ``0..bound-1``, the ``counter``-th draw of ``seed``
    (docs/deals.md#donnes-melange).

    Block = SHA-256(UTF-8 seed ‖ 0x00 ‖ counter as 8 bytes big-endian); its first 8 bytes,
    big-endian, are a number x below 2⁶⁴. An x at or above the largest multiple of ``bound``
    below 2⁶⁴ is refused and the next counter tried (so every answer is equally likely);
    otherwise the answer is x mod ``bound``: the answer of the first block accepted from
    ``counter`` on.
    """
    return _draw(seed, counter, bound)[0]


def _draw(seed: str, counter: int, bound: int) -> tuple[int, int]:
    limit = (1 << 64) - (1 << 64) % bound
    key = seed.encode("utf-8") + b"\x00"
    while True:
        block = hashlib.sha256(key + counter.to_bytes(8, "big")).digest()
        counter += 1
        x = int.from_bytes(block[:8], "big")
        if x < limit:
            return x % bound, counter


def shuffle(items: Sequence[T], seed: str) -> list[T]:
    """``items`` shuffled by Fisher–Yates (docs/deals.md#donnes-melange): for i from the last
    place down to 1, swap place i with place j, j drawn in ``0..i`` by :func:`draw` (the counter
    starts at 0 and goes on through the refused blocks)."""
    out = list(items)
    counter = 0
    for i in range(len(out) - 1, 0, -1):
        j, counter = _draw(seed, counter, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def deck_cards(deck: Deck) -> list[AnyCard]:
    """The deck in the registry's order: the numeric cards (families R V B J A S, values
    ascending), then its Jokers."""
    cards: list[AnyCard] = list(deck.numeric_cards())
    cards += [JOKER] * deck.jokers
    return cards


def seat_range(game: str) -> tuple[int, int]:
    """The fewest and most seats a game is dealt for (the engines' player counts)."""
    if game == NUM_DRAFT:
        return numdraft.MIN_PLAYERS, numdraft.MAX_PLAYERS
    return num5.MIN_PLAYERS, num5.MAX_PLAYERS


def _check_game(game: str) -> None:
    if game not in GAMES:
        raise InputError(
            "game",
            gettext(
                "« {game} » : une donne se prépare pour NUM DRAFT (« num-draft ») ou Num 5 (« num5 »)."
            ).format(game=game),
        )


def _check_seats(game: str, seats: int) -> None:
    low, high = seat_range(game)
    if isinstance(seats, bool) or not isinstance(seats, int) or not low <= seats <= high:
        raise InputError(
            "seats",
            gettext("« {seats} » : une donne de {game} compte de {low} à {high} sièges.").format(
                seats=seats, game="NUM DRAFT" if game == NUM_DRAFT else "Num 5", low=low, high=high
            ),
        )


def draft_deck(seats: int, deck: str | None = None) -> Deck:
    """The NUM DRAFT deck of a table of ``seats``: the one named, else the one its size plays
    (/num-draft/regles/#arbitrage-paquet); an :class:`InputError` on ``deck`` for another name,
    or a deck too small to deal 14 cards to every seat."""
    key = deck or numdraft.default_deck(seats)
    if key not in DRAFT_DECKS:
        raise InputError(
            "deck",
            gettext("« {deck} » : le paquet de NUM DRAFT est « 0-12 » ou « 0-16 ».").format(
                deck=key
            ),
        )
    chosen = DRAFT_DECKS[key]
    per_seat = DRAFT_GRID_ROWS * DRAFT_GRID_COLUMNS + DRAFT_HAND
    if per_seat * seats > len(deck_cards(chosen)):
        raise InputError(
            "deck",
            gettext(
                "Le paquet {deck} ({count} cartes) ne suffit pas à donner {per_seat} cartes à {seats} sièges : prenez le paquet 0-16."
            ).format(deck=key, count=len(deck_cards(chosen)), per_seat=per_seat, seats=seats),
        )
    return chosen


def deal(game: str, seats: int, seed: str, deck: str | None = None) -> Deal:
    """The deal of ``seed`` for ``seats`` seats of ``game`` (``num-draft`` or ``num5``);
    ``deck`` names NUM DRAFT's deck (its table size's when ``None``; Num 5 has one). An
    :class:`InputError` on ``game``, ``seats``, ``deck`` or ``seed`` for bad input."""
    _check_game(game)
    _check_seats(game, seats)
    if len(seed) > MAX_SEED:
        raise InputError(
            "seed",
            gettext("La graine compte au plus {limit} caractères.").format(limit=MAX_SEED),
        )
    if game == NUM_DRAFT:
        played = draft_deck(seats, deck)
        order = deck_cards(played)
        shuffled = shuffle(order, seed)
        grid_size = DRAFT_GRID_ROWS * DRAFT_GRID_COLUMNS
        per_seat = grid_size + DRAFT_HAND
        dealt = []
        for s in range(seats):
            block = shuffled[s * per_seat : (s + 1) * per_seat]
            grid = tuple(
                tuple(block[r * DRAFT_GRID_COLUMNS : (r + 1) * DRAFT_GRID_COLUMNS])
                for r in range(DRAFT_GRID_ROWS)
            )
            dealt.append(Seat(grid, _in_deck_order(block[grid_size:], order)))
        return Deal(game, played.range_label, seed, tuple(dealt))
    if deck not in (None, "", FULL_DECK.range_label):
        raise InputError(
            "deck",
            gettext("Num 5 se joue avec un seul paquet, 0-16 : aucun paquet à choisir."),
        )
    order = [c for c in deck_cards(FULL_DECK) if c not in NUM5_ROWS]
    shuffled = shuffle(order, seed)
    hands = tuple(
        Seat((), _in_deck_order(shuffled[s * NUM5_HAND : (s + 1) * NUM5_HAND], order))
        for s in range(seats)
    )
    return Deal(game, FULL_DECK.range_label, seed, hands, NUM5_ROWS)


def _in_deck_order(cards: Sequence[AnyCard], order: Sequence[AnyCard]) -> tuple[AnyCard, ...]:
    rank = {card: i for i, card in reversed(list(enumerate(order)))}
    return tuple(sorted(cards, key=lambda c: rank[c]))


#: Where a card goes: a seat's grid (NUM DRAFT), a seat's hand, a starting row (Num 5).
GRID, HAND, ROW = "grid", "hand", "row"


@dataclass(frozen=True, slots=True)
class Step:
    """One card of the sorted deck and where it goes (docs/deals.md#donnes-preparer): ``seat``
    (1 up; 0 for a row), ``place`` (:data:`GRID`, :data:`HAND` or :data:`ROW`) and ``index``
    (the grid's place 0–8, row by row from the top left; the row's number 0–3; 0 for a hand)."""

    card: AnyCard
    seat: int
    place: str
    index: int


def steps(dealt: Deal) -> tuple[Step, ...]:
    """The dealer's walk through the sorted deck (docs/deals.md#donnes-preparer): every card the
    deal gives, in the deck's order (:func:`deck_cards`, the rows' zeros in their place), each
    with where it goes. The cards no seat receives stay in the box and are not listed. The two
    Jokers are alike: the first met goes to the first place holding one (seat order, grid then
    hand)."""
    where: dict[AnyCard, list[tuple[int, str, int]]] = {}
    for row, zero in enumerate(dealt.rows):
        where.setdefault(zero, []).append((0, ROW, row))
    for number, seat in enumerate(dealt.seats, start=1):
        for index, placed in enumerate(c for r in seat.grid for c in r):
            where.setdefault(placed, []).append((number, GRID, index))
        for held in seat.hand:
            where.setdefault(held, []).append((number, HAND, 0))
    deck = FULL_DECK if dealt.game == NUM5 else DRAFT_DECKS[dealt.deck]
    out = []
    for card in deck_cards(deck):
        places = where.get(card)
        if places:
            out.append(Step(card, *places.pop(0)))
    return tuple(out)
