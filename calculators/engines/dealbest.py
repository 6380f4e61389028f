"""The best score a NUM DRAFT seat's dealt cards allow (docs/deals.md#donnes-meilleur).

A seat is dealt 14 cards. Its *best possible score* is the most its own 3×3 grid ALONE can score:
choose 9 of the 14 cards and place them so that the grid, with both neighbour columns empty,
scores most under the mode (/num-draft/regles/#scoring). The neighbours' columns are left out:
they depend on the other seats' play, not on this seat's cards. Every total is numdraft's own
(:func:`numdraft.pool_total`, the winner scored by :func:`numdraft.score_pool`): this module only
searches.

* **Découverte** (/num-draft/regles/#mode-decouverte): places do not matter, so the best is the
  best of the C(14, 9) = 2002 subsets, each scored once.
* **Classique** (/num-draft/regles/#mode-classique): places matter. Without neighbours a grid
  never scores more in Classique than the same nine cards in Découverte (a scoring touching group
  is a subset of the attribute's carriers, which then score in Découverte, and every choice of a
  Joker in Classique is one in Découverte). So the subsets are searched in decreasing order of
  their Découverte score (their *bound*), and the search stops at the first subset whose bound
  is not above the best grid found: none after it can do better. Within a subset, the
  placements are searched depth first, the centre first, then the edges, then the corners,
  pruned by an optimistic bound (a placed card keeps an attribute's points only if a
  neighbouring place holds, or may still receive, a card that can carry it; a Joker counts 3),
  with the eight symmetries of the square cut (the smallest edge card on top, the left edge's
  card not above the right's) and identical cards (the Jokers) tried once per place; it stops
  when a grid reaches the subset's bound.

The search is exact, unless it has visited ``limit`` placements: it then stops and answers its
best grid so far with ``exact=False``, a lower bound that the page and the API say is one.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from . import numdraft
from .cards import FAMILIES, AnyCard, Card, Joker

#: Places of the grid, row by row; searched the centre first, then the edges, then the corners.
CELLS = 9
ORDER = (4, 1, 3, 5, 7, 0, 2, 6, 8)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (y + dy) * 3 + x + dx
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if 0 <= x + dx < 3 and 0 <= y + dy < 3
    )
    for y in range(3)
    for x in range(3)
)
#: Placements visited before the Classique search stops with a lower bound (docs/deals.md#donnes-meilleur).
LIMIT = 10_000
#: Placements visited for a whole deal, its seats in order (:func:`deal_limits`): a page or an
#: API answer stays within a few seconds of CPU whatever the seed (docs/deals.md#donnes-meilleur).
DEAL_LIMIT = 20_000

Item = AnyCard | None  # None: an empty place (fewer than nine cards)
Attribute = tuple[str, object]


@dataclass(frozen=True, slots=True)
class Best:
    """The best grid of a seat's cards: its total (numdraft's), the grid row by row, the cards
    left out, whether the search was exhaustive (``exact``), and what it visited."""

    mode: str
    total: int
    grid: tuple[tuple[AnyCard | None, ...], ...]
    left_out: tuple[AnyCard, ...]
    exact: bool
    subsets: int  # subsets scored (their Découverte total)
    placements: int  # placements visited (Classique)
    result: numdraft.PoolResult


def _pool(items: Sequence[Item]) -> numdraft.Pool:
    slots: list[AnyCard | None] = [None] * 15
    for cell, card in enumerate(items):
        x, y = cell % 3, cell // 3
        slots[numdraft.place_index(x, y)] = card
    return numdraft.Pool(tuple(slots))


def _attributes(card: Item) -> tuple[Attribute, ...]:
    """What an own natural card carries, both attributes (/num-draft/regles/#scoring: « cumul »)."""
    if isinstance(card, Card):
        return (("colour", card.family), ("value", card.value))
    return ()


def _key(card: Item) -> tuple[int, int, int]:
    if card is None:
        return (0, 0, 0)
    if isinstance(card, Joker):
        return (1, 0, 0)
    assert isinstance(card, Card)
    return (2, card.value, FAMILIES.index(card.family))


def _points(attr: Attribute) -> int:
    return numdraft.COLOUR_POINTS if attr[0] == "colour" else numdraft.VALUE_POINTS


class _Search:
    """One subset's placements, depth first, against the best total found so far. The bound
    works on bit masks: each attribute of the subset is a bit (colours below values)."""

    def __init__(self, items: Sequence[Item], mode: str, floor: int, goal: int, budget: int):
        self.items = sorted(items, key=_key)
        self.keys = [_key(c) for c in self.items]
        self.mode, self.best, self.goal, self.budget = mode, floor, goal, budget
        self.grid: list[int] = [-1] * CELLS  # item index per place, -1 while empty
        self.found: list[Item] | None = None
        self.visited = 0
        attrs = sorted(
            {a for c in self.items for a in _attributes(c)}, key=lambda a: a[0] != "colour"
        )
        bit = {a: 1 << n for n, a in enumerate(attrs)}
        self.colours = sum(bit[a] for a in attrs if a[0] == "colour")
        self.everything = (1 << len(attrs)) - 1
        self.joker = [isinstance(c, Joker) for c in self.items]
        self.masks = [sum(bit[a] for a in _attributes(c)) for c in self.items]
        # what a neighbour holding the item may give a card: anything for a Joker
        self.gives = [
            self.everything if j else m for j, m in zip(self.joker, self.masks, strict=True)
        ]
        shared = 0
        seen = 0
        for m in self.masks:
            shared |= seen & m
            seen |= m
        if any(self.joker):
            shared = self.everything
        # the most an item not yet placed may score: an attribute another card or a Joker carries
        self.most = [
            3 if j else self._points(m & shared)
            for j, m in zip(self.joker, self.masks, strict=True)
        ]

    def _points(self, mask: int) -> int:
        colours = (mask & self.colours).bit_count()
        return numdraft.COLOUR_POINTS * colours + numdraft.VALUE_POINTS * (
            mask.bit_count() - colours
        )

    def bound(self, left: list[int]) -> int:
        may = 0
        total = 0
        for i in left:
            may |= self.gives[i]
            total += self.most[i]
        grid = self.grid
        for cell in range(CELLS):
            i = grid[cell]
            if i < 0:
                continue
            if self.joker[i]:
                total += 3
                continue
            near = 0
            for n in NEIGHBOURS[cell]:
                j = grid[n]
                near |= may if j < 0 else self.gives[j]
            total += self._points(self.masks[i] & near)
        return total

    def run(self) -> list[Item] | None:
        self._place(0, list(range(len(self.items))))
        return self.found

    def _place(self, depth: int, left: list[int]) -> None:
        if self.best >= self.goal or self.visited >= self.budget:
            return
        if depth == CELLS:
            self.visited += 1
            grid: list[Item] = [self.items[i] for i in self.grid]
            total = numdraft.pool_total(_pool(grid), self.mode)
            if total > self.best:
                self.best, self.found = total, grid
            return
        cell = ORDER[depth]
        tried: set[tuple[int, int, int]] = set()
        for n, i in enumerate(left):
            key = self.keys[i]
            if key in tried or not self._symmetric(cell, key):
                continue
            tried.add(key)
            self.grid[cell] = i
            rest = left[:n] + left[n + 1 :]
            if self.bound(rest) > self.best:
                self._place(depth + 1, rest)
            self.grid[cell] = -1
            if self.best >= self.goal or self.visited >= self.budget:
                return

    def _symmetric(self, cell: int, key: tuple[int, int, int]) -> bool:
        """The eight symmetries cut: the top edge's card is the smallest edge card, the left
        edge's card not above the right edge's (every grid has one image so ordered)."""
        if cell in (3, 5, 7) and key < self.keys[self.grid[1]]:
            return False
        return not (cell == 5 and key < self.keys[self.grid[3]])


def best_grid(
    cards: Sequence[AnyCard], mode: str = numdraft.CLASSIC, keep: int = CELLS, limit: int = LIMIT
) -> Best:
    """The best grid ``keep`` of ``cards`` make, alone (docs/deals.md#donnes-meilleur).

    ``keep`` is 9 for a deal (9 of the 14 dealt); fewer leaves places empty (the tests compare
    small cases with an exhaustive oracle). Memoised on its arguments: a deal's page and its
    API answer ask the same seats again."""
    return _best(tuple(cards), numdraft.check_mode(mode), keep, limit)


def deal_limits(seats: Sequence[Sequence[AnyCard]], mode: str) -> list[Best]:
    """Every seat's best grid, seat 1 first, within :data:`DEAL_LIMIT` placements for the whole
    deal: each seat may visit at most :data:`LIMIT`, and no more than what the seats before it
    left. Which seats end as lower bounds depends on the deal alone, so the answer is the same
    every time (docs/deals.md#donnes-meilleur)."""
    left = DEAL_LIMIT
    found = []
    for cards in seats:
        best = best_grid(cards, mode, limit=max(1, min(LIMIT, left)))
        left -= best.placements
        found.append(best)
    return found


def _optimistic(items: Sequence[Item]) -> int:
    """At least the Découverte total of ``items`` (and so their Classique totals): every card of
    an attribute two natural cards carry, 3 per Joker (one attribute each), and, per Joker, the
    natural card of one attribute carried once, that the Joker could join (the best ones)."""
    jokers = sum(isinstance(c, Joker) for c in items)
    carried: dict[Attribute, int] = {}
    for card in items:
        for attr in _attributes(card):
            carried[attr] = carried.get(attr, 0) + 1
    shared = sum(_points(a) * n for a, n in carried.items() if n > 1)
    alone = sorted((_points(a) for a, n in carried.items() if n == 1), reverse=True)
    return shared + 3 * jokers + sum(alone[:jokers])


@lru_cache(maxsize=256)
def _best(cards: tuple[AnyCard, ...], mode: str, keep: int, limit: int) -> Best:
    keep = min(keep, len(cards), CELLS)
    # every subset, first by a cheap bound; a subset popped with it is scored in Découverte and
    # pushed back with that exact bound (the deal's order breaks ties)
    heap: list[tuple[int, int, int, tuple[int, ...]]] = []
    for order, chosen in enumerate(combinations(range(len(cards)), keep)):
        heap.append((-_optimistic([cards[i] for i in chosen]), 1, order, chosen))
    heapq.heapify(heap)
    best_items: list[Item] = []
    best_chosen: tuple[int, ...] = ()
    best_total, exact, visited, scored = -1, True, 0, 0
    while heap:
        bound, cheap, order, chosen = heapq.heappop(heap)
        items: list[Item] = [cards[i] for i in chosen]
        items += [None] * (CELLS - keep)
        if cheap:
            scored += 1
            discovery = numdraft.pool_total(_pool(items), numdraft.DISCOVERY)
            heapq.heappush(heap, (-discovery, 0, order, chosen))
            continue
        if -bound <= best_total:
            break  # sorted: no subset left can beat the best grid
        if mode == numdraft.DISCOVERY:
            best_total, best_items, best_chosen = -bound, items, chosen
            break
        search = _Search(items, mode, best_total, -bound, limit - visited)
        found = search.run()
        visited += search.visited
        if found is not None:
            best_total, best_items, best_chosen = search.best, found, chosen
        if visited >= limit:
            exact = False
            break
    result = numdraft.score_pool(_pool(best_items), mode)
    grid = tuple(tuple(best_items[r * 3 : r * 3 + 3]) for r in range(3))
    left_out = tuple(c for i, c in enumerate(cards) if i not in best_chosen)
    return Best(mode, result.total, grid, left_out, exact, scored, visited, result)
