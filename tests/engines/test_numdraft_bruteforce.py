"""A brute-force NUM DRAFT scorer: every wildcard assignment, every group from scratch.

Compared with the engine on thousands of random pools with Jokers, neighbour Rainbows and empty
places, in both modes and with both decks, and on the hard shapes of the search: two Jokers with
four to six neighbour Rainbows. The engine's reported assignment must also reach its total.
"""

import random
from itertools import product

import pytest

from calculators.engines import numdraft
from calculators.engines.cards import JOKER, Card, Family, Joker

FAMILIES = list(Family)


def touching(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def components(places):
    left = set(places)
    while left:
        start = left.pop()
        comp, todo = {start}, [start]
        while todo:
            p = todo.pop()
            for q in list(left):
                if touching(p, q):
                    left.remove(q)
                    comp.add(q)
                    todo.append(q)
        yield comp


def own(p):
    return 0 <= p[0] <= 2


def fixed_and_wild(cards, all_choices=True):
    """The fixed carriers, and per wildcard its choices (``None``: it carries nothing).

    ``all_choices``: every attribute of the game and nothing. Otherwise only the attributes a
    natural own card carries (no other can score: an anchor holds a natural own card), and
    nothing only when there is none (a carrier more never lowers the total).
    """
    fixed = []
    for p, c in cards.items():
        if isinstance(c, Joker):
            continue
        if own(p):
            fixed += [(p, ("c", c.family)), (p, ("v", c.value))]
        elif c.is_shadow:
            fixed.append((p, ("c", Family.SHADOW)))
        elif c.is_rainbow:
            fixed.append((p, ("v", c.value)))
        else:
            fixed += [(p, ("c", c.family)), (p, ("v", c.value))]
    natural = {a for p, a in fixed if own(p)}
    wild = []
    for p, c in cards.items():
        if isinstance(c, Joker):
            every = [("c", f) for f in FAMILIES] + [("v", v) for v in range(17)]
        elif not own(p) and c.is_rainbow:
            every = [("c", f) for f in FAMILIES]
        else:
            continue
        if all_choices:
            wild.append((p, [*every, None]))
        else:
            wild.append((p, [a for a in every if a in natural] or [None]))
    return fixed, wild


def evaluate(cards, mode, carriers):
    """The total when ``carriers`` ({attribute: places}) carry the attributes."""
    points, scoring = 0, set()
    for attr, places in carriers.items():
        unit = 2 if attr[0] == "c" else 3
        groups = list(components(places)) if mode == "classic" else [places]
        for g in groups:
            own_cards = [p for p in g if own(p)]
            anchors = list(components(own_cards)) if mode == "classic" else [own_cards]
            if any(
                len(a) >= 2 and any(not isinstance(cards[p], Joker) for p in a) for a in anchors
            ):
                points += unit * len(g)
                scoring |= g
    for p in scoring:
        c = cards[p]
        if not own(p) and not (isinstance(c, Card) and c.is_shadow):
            points += 1
    return points


def carriers_of(fixed, chosen):
    carriers: dict[tuple[str, object], set[tuple[int, int]]] = {}
    for p, attr in fixed + [(p, a) for p, a in chosen if a is not None]:
        carriers.setdefault(attr, set()).add(p)
    return carriers


def brute_total(cards, mode, all_choices=True):
    """cards: {(x, y): card}. Returns the best total over every wildcard assignment."""
    fixed, wild = fixed_and_wild(cards, all_choices)
    best = 0
    for choice in product(*(opts for _, opts in wild)):
        chosen = [(p, a) for (p, _), a in zip(wild, choice, strict=True)]
        best = max(best, evaluate(cards, mode, carriers_of(fixed, chosen)))
    return best


def reported_total(cards, mode, result):
    """The total of the assignment the engine reports (a wildcard reported as none carries none)."""
    fixed, _ = fixed_and_wild(cards)
    chosen = []
    for w in result.wildcards:
        if w.attribute is not None:
            kind, key = w.attribute
            chosen.append((w.place, ("c", key) if kind == "colour" else ("v", key)))
    return evaluate(cards, mode, carriers_of(fixed, chosen))


def random_pool(rng):
    low = rng.randint(0, 13)
    cards: dict[tuple[int, int], Card | Joker] = {}
    used = set()
    jokers = 0
    wild = 0
    for x in numdraft.XS:
        for y in range(3):
            roll = rng.random()
            if roll < 0.25:
                continue
            if roll < 0.31 and jokers < 2 and wild < 2:
                cards[(x, y)] = JOKER
                jokers += 1
                wild += 1
                continue
            for _ in range(10):
                family = rng.choice(FAMILIES)
                if family is Family.RAINBOW and x in (-1, 3) and wild >= 2:
                    continue
                card = Card(rng.randint(low, low + 3), family)
                if card not in used:
                    used.add(card)
                    cards[(x, y)] = card
                    if card.is_rainbow and x in (-1, 3):
                        wild += 1
                    break
    return cards


def hard_pool(rng, top):
    """Two Jokers and 4 to 6 neighbour Rainbows around an own grid of two colours, three values.

    Values up to ``top`` (12 or 16: both decks). Few own attributes keep the brute force short
    while every wildcard still has choices, which is where the search does its work.
    """
    neighbour = [p for p in numdraft.PLACES if not own(p)]
    jokers = rng.sample(numdraft.PLACES, 2)
    free = [p for p in neighbour if p not in jokers]
    rainbows = rng.sample(free, min(len(free), rng.randint(4, 6)))
    values = rng.sample(range(top + 1), 3)
    colours = rng.sample(FAMILIES, 2)
    cards: dict[tuple[int, int], Card | Joker] = {}
    used = set()
    for p in jokers:
        cards[p] = JOKER
    for p in rainbows:
        card = Card(rng.choice(values), Family.RAINBOW)
        while card in used:
            card = Card(rng.randint(0, top), Family.RAINBOW)
        used.add(card)
        cards[p] = card
    for p in numdraft.PLACES:
        if p in cards or p in rainbows or rng.random() < 0.15:
            continue
        for _ in range(10):
            family = rng.choice(colours) if own(p) or rng.random() < 0.7 else rng.choice(FAMILIES)
            card = Card(rng.choice(values), family)
            if card not in used and not (card.is_rainbow and not own(p)):
                used.add(card)
                cards[p] = card
                break
    return cards


def as_pool(cards):
    return numdraft.Pool(tuple(cards.get(p) for p in numdraft.PLACES))


def test_engine_equals_brute_force_on_random_pools():
    rng = random.Random(2026)
    with_wildcards = 0
    for index in range(2000):
        cards = random_pool(rng)
        mode = numdraft.CLASSIC if index % 2 else numdraft.DISCOVERY
        result = numdraft.score_pool(as_pool(cards), mode)
        shown = {k: str(v) for k, v in cards.items()}
        assert result.total == brute_total(cards, mode), (mode, shown)
        assert reported_total(cards, mode, result) == result.total, (mode, shown)
        with_wildcards += bool(result.wildcards)
    assert with_wildcards > 400


@pytest.mark.parametrize("mode", [numdraft.CLASSIC, numdraft.DISCOVERY])
@pytest.mark.parametrize("top", [12, 16])
def test_engine_equals_brute_force_with_two_jokers_and_many_neighbour_rainbows(mode, top):
    rng = random.Random(f"{mode}-{top}")
    rainbows = 0
    for _ in range(80):
        cards = hard_pool(rng, top)
        result = numdraft.score_pool(as_pool(cards), mode)
        shown = {k: str(v) for k, v in cards.items()}
        assert result.total == brute_total(cards, mode, all_choices=False), (mode, shown)
        assert reported_total(cards, mode, result) == result.total, (mode, shown)
        rainbows += sum(1 for w in result.wildcards if w.card != "JK")
    assert rainbows >= 4 * 80


def test_reduced_choices_of_the_brute_force_change_no_total():
    """The hard-shape oracle's shortcut (natural own attributes, nothing only as a last resort)
    agrees with every choice on pools small enough for both."""
    rng = random.Random(12)
    for index in range(200):
        cards = random_pool(rng)
        mode = numdraft.CLASSIC if index % 2 else numdraft.DISCOVERY
        assert brute_total(cards, mode, all_choices=False) == brute_total(cards, mode)
