"""A brute-force NUM DRAFT scorer: every wildcard assignment, every group from scratch.

Compared with the engine's branch and bound on thousands of random pools with Jokers,
neighbour Rainbows and empty places, in both modes.
"""

import random
from itertools import product

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


def brute_total(cards, mode):
    """cards: {(x, y): card}. Returns the best total over every wildcard assignment."""
    wild = []
    fixed = []
    for p, c in cards.items():
        if isinstance(c, Joker):
            wild.append((p, [("c", f) for f in FAMILIES] + [("v", v) for v in range(17)] + [None]))
        elif own(p):
            fixed += [(p, ("c", c.family)), (p, ("v", c.value))]
        elif c.is_shadow:
            fixed.append((p, ("c", Family.SHADOW)))
        elif c.is_rainbow:
            fixed.append((p, ("v", c.value)))
            wild.append((p, [("c", f) for f in FAMILIES] + [None]))
        else:
            fixed += [(p, ("c", c.family)), (p, ("v", c.value))]
    best = 0
    for choice in product(*(opts for _, opts in wild)):
        carriers = {}
        for p, attr in fixed + [
            (p, a) for (p, _), a in zip(wild, choice, strict=True) if a is not None
        ]:
            carriers.setdefault(attr, set()).add(p)
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
        best = max(best, points)
    return best


def random_pool(rng):
    low = rng.randint(0, 9)
    cards = {}
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


def as_pool(cards):
    return numdraft.Pool(tuple(cards.get(p) for p in numdraft.PLACES))


def test_engine_equals_brute_force_on_random_pools():
    rng = random.Random(2026)
    with_wildcards = 0
    for index in range(2000):
        cards = random_pool(rng)
        mode = numdraft.CLASSIC if index % 2 else numdraft.DISCOVERY
        result = numdraft.score_pool(as_pool(cards), mode)
        assert result.total == brute_total(cards, mode), (
            mode,
            {k: str(v) for k, v in cards.items()},
        )
        with_wildcards += bool(result.wildcards)
    assert with_wildcards > 400
