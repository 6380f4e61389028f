"""A slow, obvious NUM CHECK scorer, compared with the engine on thousands of random claims.

The brute force tries every interpretation of every Rainbow the rules allow (natural card, or
each value/family it may stand for) and checks the composition with plain predicates. It shares
no code with the engine's readers.
"""

import random
from collections import Counter
from itertools import combinations, product

from calculators.engines import numcheck
from calculators.engines.cards import Card, Family

A, S = Family.RAINBOW, Family.SHADOW
VALUE_JOKER = {"paire", "brelan", "carre", "nums", "full"}
FAMILY_JOKER = {"couleur", "suite_couleur"}
SINGLE = {"paire": 2, "brelan": 3, "carre": 4, "nums": 5}


def options(combo, card, family):
    """(value, family, is_joker) a card may be read as in ``combo``."""
    if not card.is_rainbow:
        return [(card.value, card.family, False)]
    natural = [(card.value, A, False)]
    if combo in VALUE_JOKER:
        return natural + [(v, None, True) for v in range(17)]
    if combo in FAMILY_JOKER:
        return [(v, family, True) for v in range(17)] if family else []
    if combo == "suite_pivot":
        return natural + [(8, None, True)]
    if combo == "suite_zenith":
        return natural + [(16, None, True)]
    return natural


def consecutive(values):
    s = sorted(values)
    return all(b == a + 1 for a, b in zip(s, s[1:], strict=False))


def suite_ref(rep, cards):
    values = [v for v, _, _ in rep]
    if all(not j and f is S for v, f, j in rep):
        return (max(values) + min(values),)
    if any(c.is_shadow for c in cards):
        return (min(values),)
    return (max(values),)


def compositions(combo, rep, cards):
    """Yield (references, mode) for each way the representation forms ``combo``."""
    values = [v for v, _, _ in rep]
    jokers = [j for _, _, j in rep]
    n = len(rep)
    if combo in SINGLE:
        if len(set(values)) == 1 and not all(jokers):
            yield (values[0],), "normal"
    elif combo == "full":
        for three in combinations(range(n), 3):
            pair = [i for i in range(n) if i not in three]
            tv = {values[i] for i in three}
            pv = {values[i] for i in pair}
            natural_each = not all(jokers[i] for i in three) and not all(jokers[i] for i in pair)
            if len(tv) == 1 and len(pv) == 1 and tv != pv and natural_each:
                yield (tv.pop(), pv.pop()), "normal"
    elif combo == "full_cosmique":
        fams = {f for _, f, _ in rep}
        counts = Counter(values)
        if A in fams and S in fams and sorted(counts.values()) == [2, 3]:
            t = [v for v, k in counts.items() if k == 3][0]
            p = [v for v, k in counts.items() if k == 2][0]
            yield (t, p), "normal"
    elif combo == "paire_cosmique":
        if {f for _, f, _ in rep} == {A, S} and values[0] == values[1]:
            yield (values[0],), "normal"
    elif combo == "double_paire":
        counts = Counter(values)
        if sorted(counts.values()) == [2, 2]:
            yield tuple(sorted(counts, reverse=True)), "normal"
    elif combo == "suite_paire":
        for two in combinations(range(n), 2):
            run = [values[i] for i in range(n) if i not in two]
            if values[two[0]] == values[two[1]] and len(set(run)) == 3 and consecutive(run):
                yield (max(run), values[two[0]]), "normal"
    elif combo in ("suite_longue", "suite_pivot", "suite_zenith"):
        if len(set(values)) == n and consecutive(values):
            if combo == "suite_pivot" and 8 not in values:
                return
            if combo == "suite_zenith" and sorted(values) != [12, 13, 14, 15, 16]:
                return
            if sum(jokers) <= 1:
                yield suite_ref(rep, cards), "normal"
    elif combo in FAMILY_JOKER:
        fams = {f for _, f, _ in rep}
        pairs = {(v, f) for v, f, _ in rep}
        if len(fams) != 1 or len(pairs) != n or all(jokers):
            return
        family = fams.pop()
        if combo == "suite_couleur":
            if consecutive(values):
                yield suite_ref(rep, cards), "normal"
            return
        yield ((min(values),) if family is S else (max(values),)), "normal"
        yield (max(values), min(values)), "elargi"


def brute_score(combo_key, cards, rank):
    combo = numcheck.COMBOS_BY_KEY[combo_key]
    naturals = {c.family for c in cards if not c.is_rainbow}
    family = next(iter(naturals)) if len(naturals) == 1 else None
    best = None
    for rep in product(*(options(combo_key, c, family) for c in cards)):
        for refs, mode in compositions(combo_key, rep, cards):
            if mode == "elargi" and rank != 4:
                continue
            if rank in (1, 2, 3, 5, 7):
                bonus = {1: 8, 2: 10, 3: 14, 5: 18, 7: 22}[rank]
            elif rank == 4:
                bonus = abs(refs[0] - refs[1]) * 2 if len(refs) == 2 else refs[0] * 2
            elif rank == 6:
                bonus = refs[0] * 2
            else:
                bonus = combo.base * 2
            key = (combo.base + sum(refs) + bonus, mode == "normal", refs)
            if best is None or key > best:
                best = key
    return best


def random_claim(rng):
    combo = rng.choice(numcheck.COMBOS)
    low = rng.randint(0, 12)
    pool = [Card(v, f) for v in range(low, min(low + 5, 17)) for f in Family]
    if rng.random() < 0.3:
        pool += [Card(rng.randint(0, 16), A) for _ in range(2)]
    rng.shuffle(pool)
    cards = []
    for c in pool:
        if c not in cards:
            cards.append(c)
        if len(cards) == combo.count:
            break
    if sum(c.is_rainbow for c in cards) > 3:
        return None
    return combo.key, cards, rng.randint(1, 8)


def test_engine_equals_brute_force_on_random_claims():
    rng = random.Random(20261129)
    compared = valid = 0
    while compared < 10000:
        claim = random_claim(rng)
        if claim is None:
            continue
        combo, cards, rank = claim
        result = numcheck.score(combo, cards, rank)
        expected = brute_score(combo, cards, rank)
        if expected is None:
            assert not result.valid, (combo, cards, rank, result)
        else:
            valid += 1
            assert result.valid, (combo, cards, rank, result.reason)
            got = (result.total, result.mode == "normal", result.references)
            assert got == expected, (combo, [str(c) for c in cards], rank)
        compared += 1
    assert valid > 700  # the generator really exercises valid claims
