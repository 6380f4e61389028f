"""Seating a club's evening: which players sit at which table, round after round.

No library seats free-for-all tables of 3 to 6 (every Swiss pairing library is one against
one), so the search is written here. What it minimises, in this order, is docs/events.md
« Placement » (anchors cited below):

1. forbidden pairs seated together (#placement-paires-interdites);
2. pairs seated together again: a pair that already met *m* times costs *m* more to seat
   together once more, so repeats are spread (#placement-rencontres);
3. the first player's seat given to players who had it least (#placement-premier-joueur);
4. from round 2 of a Swiss event, the spread of standings inside a table (#placement-suisse).

How the tables are cut from the players present, and who sits a round out when no cut exists,
is :func:`table_sizes` and :func:`byes` (#placement-tables, #placement-exempt).

The search is deterministic: the same input and seed give the same seating on every machine
and release. Its random choices come from :class:`Draw`, a SplitMix64 stream seeded by SHA-256
of the seed (never :mod:`random`, whose derived methods may change between Python versions),
and it stops after a number of evaluated moves, never after a time.

A construction comes first where one exists (an affine plane: *k*² players at *k* tables of *k*
meet each other exactly once over *k* + 1 rounds; a transversal design: *g*·*s* players at *g*
tables of *s* ≤ *g* meet no one twice over *g* rounds), then the greedy placement, then a tabu
local search that swaps two players of one round, with restarts from the best seating found.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .cards import InputError
from .i18n import gettext

#: Table sizes the search accepts (an event narrows them to its game's player range).
SIZES = (2, 10)
#: The most players and rounds one request seats.
MAX_PLAYERS = 300
MAX_ROUNDS = 20

# Lexicographic weights of the objective (each term stays below the next weight's scale for
# the sizes above: at most 300 players, 20 rounds).
_FORBIDDEN = 10**15
_REPEAT = 10**9
_FIRST = 10**5


class Draw:
    """A deterministic stream of random numbers: SplitMix64 over SHA-256 of the seed."""

    _MASK = (1 << 64) - 1

    def __init__(self, seed: str) -> None:
        digest = hashlib.sha256(seed.encode("utf-8")).digest()
        self._state = int.from_bytes(digest[:8], "big")

    @classmethod
    def from_state(cls, state: int) -> Draw:
        """A stream started from a raw 64-bit state (SplitMix64's published vectors start at 0)."""
        draw = cls("")
        draw._state = state & cls._MASK
        return draw

    def next(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & self._MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self._MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self._MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number in ``range(n)``, without modulo bias (rejection)."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            value = self.next()
            if value < limit:
                return value % n

    def shuffled(self, items: Sequence[int]) -> list[int]:
        """``items`` in a random order (Fisher–Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


@dataclass
class Past:
    """What earlier rounds leave behind, by player number (0-based)."""

    players: int
    #: how many times each pair met, keyed ``(a, b)`` with ``a < b``
    met: dict[tuple[int, int], int] = field(default_factory=dict)
    #: how many times each player had the first seat, and sat a round out
    firsts: list[int] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.firsts = self.firsts or [0] * self.players
        self.byes = self.byes or [0] * self.players

    def record(self, seating: RoundSeating) -> None:
        for table in seating.tables:
            self.firsts[table[0]] += 1
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    key = (a, b) if a < b else (b, a)
                    self.met[key] = self.met.get(key, 0) + 1
        for player in seating.byes:
            self.byes[player] += 1


@dataclass(frozen=True)
class RoundSeating:
    """One round: its tables (player numbers in seat order, seat 1 first) and who sits out."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Plan:
    """Rounds seated ahead, and the pairs seated together more than once over them."""

    rounds: tuple[RoundSeating, ...]
    #: ``(a, b, times)`` for each pair seated together more than once, most first
    repeats: tuple[tuple[int, int, int], ...]
    #: forbidden pairs seated together anyway (no seating found avoids them)
    forbidden: tuple[tuple[int, int, int], ...]


def check_sizes(sizes: Sequence[int], field_name: str = "sizes") -> tuple[int, ...]:
    """The allowed table sizes, the preferred one first, or an :class:`InputError`."""
    low, high = SIZES
    if not sizes:
        raise InputError(field_name, gettext("Donnez au moins une taille de table."))
    out: list[int] = []
    for size in sizes:
        if isinstance(size, bool) or not isinstance(size, int) or not low <= size <= high:
            raise InputError(
                field_name,
                gettext("« {size} » : une table compte de {low} à {high} joueurs.").format(
                    size=size, low=low, high=high
                ),
            )
        if size not in out:
            out.append(size)
    return tuple(out)


def table_sizes(players: int, sizes: Sequence[int]) -> tuple[int, ...] | None:
    """The tables that seat exactly ``players`` (#placement-tables), largest first: the fewest
    tables not of the preferred size (``sizes[0]``), then the least distance from it, then the
    fewest tables; ``None`` when no cut exists."""
    preferred = sizes[0]
    # best[m]: the best cut of m players, as its (cost, tables)
    best: list[tuple[tuple[int, int, int], tuple[int, ...]] | None] = [None] * (players + 1)
    best[0] = ((0, 0, 0), ())
    for m in range(1, players + 1):
        for size in sizes:
            if size > m or best[m - size] is None:
                continue
            (odd, distance, count), tables = best[m - size]  # type: ignore[misc]
            cost = (odd + (size != preferred), distance + abs(size - preferred), count + 1)
            entry = best[m]
            if entry is None or cost < entry[0]:
                best[m] = (cost, tuple(sorted((*tables, size), reverse=True)))
    found = best[players]
    return None if found is None else found[1]


def byes(players: int, sizes: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """How many sit the round out, and the tables of the others (#placement-exempt): nobody
    while a cut exists, else the fewest players that leaves one."""
    for out in range(players + 1):
        tables = table_sizes(players - out, sizes)
        if tables is not None and (tables or players == out):
            return out, tables
    return players, ()


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


class _Search:
    """Rounds being seated together: their tables, the pair counts, the objective's value."""

    def __init__(
        self,
        rounds: list[list[list[int]]],
        past: Past,
        avoid: set[tuple[int, int]],
        table_term: Callable[[Sequence[int]], int] | None,
    ) -> None:
        self.past = past
        self.avoid = avoid
        self.table_term = table_term
        self.reset(rounds)

    def reset(self, rounds: list[list[list[int]]]) -> None:
        """Start again from ``rounds`` (copied)."""
        rounds = [[list(table) for table in tables] for tables in rounds]
        past = self.past
        self.rounds = rounds
        self.met = dict(past.met)
        for tables in rounds:
            for table in tables:
                for i, a in enumerate(table):
                    for b in table[i + 1 :]:
                        key = _pair(a, b)
                        self.met[key] = self.met.get(key, 0) + 1
        #: pairs seated together over the rounds: what finding the troubled players reads
        self.pairs = sum(len(t) * (len(t) - 1) // 2 for tables in rounds for t in tables)
        # where each player sits in each round: (table index, place)
        self.where = [{p: t for t, table in enumerate(tables) for p in table} for tables in rounds]
        self.cost = self._total(past)

    def _total(self, past: Past) -> int:
        cost = 0
        for (a, b), m in self.met.items():
            before = past.met.get((a, b), 0)
            # C(m, 2) less what the past already cost: each meeting beyond the first costs more
            cost += _REPEAT * (m * (m - 1) - before * (before - 1)) // 2
        for tables in self.rounds:
            for table in tables:
                cost += self._table(table)
        return cost

    def _table(self, table: Sequence[int]) -> int:
        cost = 0
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                if _pair(a, b) in self.avoid:
                    cost += _FORBIDDEN
        if self.table_term is not None:
            cost += self.table_term(table)
        return cost

    def delta(self, r: int, a: int, b: int) -> int:
        """What swapping ``a`` and ``b`` (at two tables of round ``r``) changes."""
        tables = self.rounds[r]
        ta, tb = tables[self.where[r][a]], tables[self.where[r][b]]
        met, avoid = self.met, self.avoid
        change = 0
        for x in ta:
            if x != a:
                change += _REPEAT * (met.get(_pair(b, x), 0) - (met[_pair(a, x)] - 1))
                change += _FORBIDDEN * ((_pair(b, x) in avoid) - (_pair(a, x) in avoid))
        for y in tb:
            if y != b:
                change += _REPEAT * (met.get(_pair(a, y), 0) - (met[_pair(b, y)] - 1))
                change += _FORBIDDEN * ((_pair(a, y) in avoid) - (_pair(b, y) in avoid))
        if self.table_term is not None:
            term = self.table_term
            change += term([b if x == a else x for x in ta]) - term(ta)
            change += term([a if y == b else y for y in tb]) - term(tb)
        return change

    def swap(self, r: int, a: int, b: int) -> None:
        change = self.delta(r, a, b)
        where = self.where[r]
        ia, ib = where[a], where[b]
        ta, tb = self.rounds[r][ia], self.rounds[r][ib]
        for x in ta:
            if x != a:
                self._meet(a, x, -1)
                self._meet(b, x, 1)
        for y in tb:
            if y != b:
                self._meet(b, y, -1)
                self._meet(a, y, 1)
        ta[ta.index(a)] = b
        tb[tb.index(b)] = a
        where[a], where[b] = ib, ia
        self.cost += change

    def _meet(self, a: int, b: int, by: int) -> None:
        key = _pair(a, b)
        self.met[key] = self.met.get(key, 0) + by

    def troubled(self) -> list[tuple[int, int]]:
        """(round, player) of every player seated with someone they met before or must avoid."""
        out = []
        for r, tables in enumerate(self.rounds):
            for table in tables:
                for i, a in enumerate(table):
                    for b in table[i + 1 :]:
                        key = _pair(a, b)
                        if self.met[key] > 1 or key in self.avoid:
                            out += [(r, a), (r, b)]
        return sorted(set(out))

    def snapshot(self) -> list[list[list[int]]]:
        return [[list(table) for table in tables] for tables in self.rounds]


#: The search's settings, measured on the social golfer instances (``make bench``): troubled
#: players tried per step, how long a moved player stays put, steps without progress before a
#: restart, the random swaps that shake it, and the restarts in a row without a better seating
#: after which the search stops (the best it found is then most likely the best there is: small
#: rooms stop there, well before their budget).
_SAMPLE = 24
_TENURE = (3, 8)
_STALE = 60
_SHAKE = (2, 3)
_PATIENCE = 12


def _improve(search: _Search, draw: Draw, budget: int, floor: int = 0) -> list[list[list[int]]]:
    """Tabu search over swaps of two players of one round, the moves drawn from the troubled
    players (all players when only the table term is left); after a stretch without progress it
    restarts from the best seating found, shaken by a few random swaps. Stops after ``budget``
    reads (:func:`_budget`), after :data:`_PATIENCE` restarts that found nothing better, or as
    soon as the cost reaches ``floor``, a bound no seating goes below."""
    best_cost, best = search.cost, search.snapshot()
    tabu: dict[tuple[int, int], int] = {}
    spent = step = stale = restarts = 0
    rounds = len(search.rounds)
    while spent < budget and best_cost > floor and restarts < _PATIENCE:
        step += 1
        troubled = search.troubled()
        spent += search.pairs
        if not troubled:
            if search.table_term is None:
                break
            troubled = [(r, p) for r in range(rounds) for p in search.where[r]]
            troubled = [troubled[draw.below(len(troubled))] for _ in range(8)]
        elif len(troubled) > _SAMPLE:
            troubled = [troubled[draw.below(len(troubled))] for _ in range(_SAMPLE)]
        move: tuple[int, int, int] | None = None
        move_delta = 0
        for r, a in troubled:
            where = search.where[r]
            home = where[a]
            for b, table in where.items():
                if table == home:
                    continue
                spent += len(search.rounds[r][home]) + len(search.rounds[r][table])
                change = search.delta(r, a, b)
                allowed = tabu.get((r, a), 0) < step and tabu.get((r, b), 0) < step
                if not allowed and search.cost + change >= best_cost:
                    continue
                if (
                    move is None
                    or change < move_delta
                    or (change == move_delta and draw.below(2) == 0)
                ):
                    move, move_delta = (r, a, b), change
        if move is None:  # every move tabu: free them all (or, with none tabu, nothing to try)
            if not tabu:
                break
            tabu.clear()
            continue
        r, a, b = move
        search.swap(r, a, b)
        tabu[(r, a)] = tabu[(r, b)] = step + _TENURE[0] + draw.below(_TENURE[1])
        if search.cost < best_cost:
            best_cost, best, stale, restarts = search.cost, search.snapshot(), 0, 0
        else:
            stale += 1
        if stale > _STALE:  # restart from the best, shaken
            search.reset(best)
            for _ in range(_SHAKE[0] + draw.below(_SHAKE[1])):
                r = draw.below(rounds)
                players = list(search.where[r])
                a = players[draw.below(len(players))]
                b = players[draw.below(len(players))]
                if search.where[r][a] != search.where[r][b]:
                    search.swap(r, a, b)
            tabu.clear()
            stale = 0
            restarts += 1
    return best


# --- construction ------------------------------------------------------------------------

#: Finite fields of prime-power order that are not prime, for the affine planes: the order →
#: (the prime, the degree, the low coefficients of a monic irreducible polynomial).
_FIELDS = {4: (2, 2, (1, 1)), 8: (2, 3, (1, 1, 0)), 9: (3, 2, (1, 0))}


def _field(q: int) -> tuple[Callable[[int, int], int], Callable[[int, int], int]] | None:
    """Addition and multiplication of the field of ``q`` elements (coded 0 … q − 1), or None."""
    if q < 2:
        return None
    if all(q % d for d in range(2, q)):  # a prime: arithmetic modulo q
        return (lambda a, b: (a + b) % q), (lambda a, b: (a * b) % q)
    if q not in _FIELDS:
        return None
    p, m, low = _FIELDS[q]

    def digits(a: int) -> list[int]:
        return [(a // p**i) % p for i in range(m)]

    def number(ds: Sequence[int]) -> int:
        return sum(d * p**i for i, d in enumerate(ds))

    def add(a: int, b: int) -> int:
        return number([(x + y) % p for x, y in zip(digits(a), digits(b), strict=True)])

    def mul(a: int, b: int) -> int:
        product = [0] * (2 * m - 1)
        for i, x in enumerate(digits(a)):
            for j, y in enumerate(digits(b)):
                product[i + j] = (product[i + j] + x * y) % p
        for top in range(2 * m - 2, m - 1, -1):  # x^m = −(low terms)
            c, product[top] = product[top], 0
            for i, coefficient in enumerate(low):
                product[top - m + i] = (product[top - m + i] - c * coefficient) % p
        return number(product[:m])

    return add, mul


def affine_rounds(k: int) -> list[list[list[int]]] | None:
    """The k + 1 rounds of k tables of k over k² players in which every pair meets exactly once
    (the parallel classes of the affine plane of order k), or None when k is not a prime power
    the search knows (2, 3, 4, 5, 7, 8, 9)."""
    arithmetic = _field(k)
    if arithmetic is None:
        return None
    add, mul = arithmetic
    rounds = [[[x * k + y for y in range(k)] for x in range(k)]]  # the vertical lines
    for slope in range(k):
        lines: dict[int, list[int]] = {}
        for x in range(k):
            for y in range(k):
                # y = slope·x + c: c = y − slope·x, found as the c that adds up to y
                c = next(c for c in range(k) if add(mul(slope, x), c) == y)
                lines.setdefault(c, []).append(x * k + y)
        rounds.append([lines[c] for c in range(k)])
    return rounds


def transversal_rounds(g: int, s: int) -> list[list[list[int]]] | None:
    """g rounds of g tables of s over g·s players (s ≤ g) in which no pair meets twice (a
    resolvable transversal design): player (x, j), x in the field of g elements and j < s,
    sits in round w at table x − w·j. Two players of different j meet in exactly one round,
    two of the same j never. None when g is not a prime power the search knows, or s > g."""
    arithmetic = _field(g)
    if arithmetic is None or not 1 <= s <= g:
        return None
    add, mul = arithmetic
    rounds = []
    for w in range(g):
        tables: list[list[int]] = [[] for _ in range(g)]
        for x in range(g):
            for j in range(s):
                # the table t with t + w·j = x
                t = next(t for t in range(g) if add(t, mul(w, j)) == x)
                tables[t].append(x * s + j)
        rounds.append(tables)
    return rounds


def _construction(players: int, tables: Sequence[int]) -> list[list[list[int]]] | None:
    """Rounds with no pair meeting twice, where a construction is known for these tables."""
    if not tables or len(set(tables)) != 1:
        return None
    size = tables[0]
    if size * size == players:
        return affine_rounds(size)
    return transversal_rounds(len(tables), size)


# --- greedy placement --------------------------------------------------------------------


def greedy_round(
    present: Sequence[int],
    tables: Sequence[int],
    met: dict[tuple[int, int], int],
    avoid: set[tuple[int, int]],
    draw: Draw,
) -> list[list[int]]:
    """Players in a random order, each at the table with room where they meet the fewest they
    must avoid, then the fewest they already met (the emptiest table on a tie): the placement
    most club tools use, the search's start and the baseline it is measured against."""
    seated: list[list[int]] = [[] for _ in tables]
    for player in draw.shuffled(present):
        best: tuple[int, int, int, int] | None = None
        for t, table in enumerate(seated):
            if len(table) >= tables[t]:
                continue
            forbidden = sum(_pair(player, x) in avoid for x in table)
            again = sum(met.get(_pair(player, x), 0) for x in table)
            key = (forbidden, again, len(table) - tables[t], t)
            if best is None or key < best:
                best = key
        assert best is not None  # the tables hold every present player
        seated[best[3]].append(player)
    return seated


def _seat(table: Sequence[int], firsts: Sequence[int], draw: Draw) -> tuple[int, ...]:
    """A table's seat order (#placement-premier-joueur): seat 1 to whoever had it least (a
    draw among equals), the others in a drawn order."""
    order = draw.shuffled(table)
    first = min(order, key=lambda p: firsts[p])
    return (first, *[p for p in order if p != first])


def _sitting_out(present: Sequence[int], count: int, past: Past, draw: Draw) -> list[int]:
    """Who sits the round out (#placement-exempt): those who sat out least, a draw among equals."""
    order = draw.shuffled(present)
    return sorted(order, key=lambda p: past.byes[p])[:count]


def _first_floor(playing: Sequence[int], tables: int, firsts: Sequence[int]) -> int:
    """The least the first-seat term can be: each table's fewest first seats, at best the
    ``tables`` smallest counts of the players."""
    return _FIRST * sum(sorted(firsts[p] for p in playing)[:tables])


def _budget(players: int, rounds: int) -> int:
    """How much the search may read (a seat compared while evaluating a move, a pair while
    finding the troubled players): enough to settle small rooms, bounded for large ones (about
    two seconds of CPU at the largest input, ``make bench``)."""
    return min(_MOST, 400_000 + 2_400 * players * rounds)


_MOST = 1_500_000


# --- one round, with the rounds before ------------------------------------------------------


def seat_round(
    present: Sequence[int],
    sizes: Sequence[int],
    past: Past,
    avoid: set[tuple[int, int]],
    seed: str,
    standings: dict[int, int] | None = None,
) -> RoundSeating:
    """Seat the players ``present`` for the next round, given what ``past`` rounds did.

    ``standings`` (player → place, 1 first) turns on the Swiss term (#placement-suisse): the
    spread of places inside each table, least important of the four."""
    draw = Draw(seed)
    out, tables = byes(len(present), sizes)
    sitting_out = _sitting_out(present, out, past, draw)
    playing = [p for p in present if p not in sitting_out]
    groups = greedy_round(playing, tables, past.met, avoid, draw)
    firsts = past.firsts

    def term(table: Sequence[int]) -> int:
        cost = _FIRST * min(firsts[p] for p in table)
        if standings:
            places = [standings.get(p, 0) for p in table]
            cost += max(places) - min(places)
        return cost

    search = _Search([groups], past, avoid, term)
    floor = 0 if standings else _first_floor(playing, len(tables), firsts)
    best = _improve(search, draw, _budget(len(present), 1), floor)
    seated = tuple(_seat(table, firsts, draw) for table in best[0])
    return RoundSeating(seated, tuple(sorted(sitting_out)))


# --- rounds planned ahead --------------------------------------------------------------------


def plan(
    players: int, sizes: Sequence[int], rounds: int, avoid: set[tuple[int, int]], seed: str
) -> Plan:
    """Seat ``rounds`` rounds of ``players`` ahead, searched together: a construction where one
    exists, else the greedy placement, then the tabu search over every round at once."""
    draw = Draw(seed)
    past = Past(players)
    out, tables = byes(players, sizes)
    relabel = draw.shuffled(range(players))
    built = _construction(players, tables) if out == 0 else None
    groups: list[list[list[int]]] = []
    sitting_out: list[list[int]] = []
    met: dict[tuple[int, int], int] = {}
    for r in range(rounds):
        resting = _sitting_out(range(players), out, past, draw)
        for player in resting:
            past.byes[player] += 1
        if built is not None and r < len(built):
            round_groups = [[relabel[p] for p in table] for table in built[r]]
        else:
            playing = [p for p in range(players) if p not in resting]
            round_groups = greedy_round(playing, tables, met, avoid, draw)
        for table in round_groups:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    met[_pair(a, b)] = met.get(_pair(a, b), 0) + 1
        groups.append(round_groups)
        sitting_out.append(resting)
    search = _Search(groups, Past(players), avoid, None)
    budget = _budget(players, rounds)
    best = _improve(search, draw, budget)
    # The first seats, round after round: each round searched again with the others fixed, so
    # that whoever had seat 1 least sits at a table of their own, the pairs' meetings no worse.
    seated: list[RoundSeating] = []
    firsts = [0] * players
    together: dict[tuple[int, int], int] = {}
    for r, resting in enumerate(sitting_out):
        others = Past(players)
        for o, round_groups in enumerate(best):
            if o != r:
                others.record(RoundSeating(tuple(map(tuple, round_groups))))

        def term(table: Sequence[int]) -> int:
            return _FIRST * min(firsts[p] for p in table)

        playing = [p for table in best[r] for p in table]
        floor = _first_floor(playing, len(best[r]), firsts)
        refined = _Search([best[r]], others, avoid, term)
        best[r] = _improve(refined, draw, budget // rounds, floor)[0]
        ordered = tuple(_seat(table, firsts, draw) for table in best[r])
        for seats in ordered:
            firsts[seats[0]] += 1
            for i, a in enumerate(seats):
                for b in seats[i + 1 :]:
                    together[_pair(a, b)] = together.get(_pair(a, b), 0) + 1
        seated.append(RoundSeating(ordered, tuple(sorted(resting))))
    repeats = sorted(
        ((a, b, m) for (a, b), m in together.items() if m > 1), key=lambda t: (-t[2], t[:2])
    )
    forbidden = sorted((a, b, m) for (a, b), m in together.items() if (a, b) in avoid)
    return Plan(tuple(seated), tuple(repeats), tuple(forbidden))


# --- why ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reason:
    """Why a round is seated as it is, in the engines' current language."""

    round: int  # 1-based
    message: str


def reasons(
    seatings: Sequence[RoundSeating],
    names: Sequence[str],
    sizes: Sequence[int],
    avoid: set[tuple[int, int]],
    past: Past | None = None,
    first_round: int = 1,
) -> list[Reason]:
    """Every table not of the preferred size, every player sitting out, every pair seated
    together again and every forbidden pair seated anyway, round by round."""
    out: list[Reason] = []
    met = dict(past.met) if past is not None else {}
    allowed = ", ".join(str(s) for s in sizes)
    for r, seating in enumerate(seatings, start=first_round):
        present = sum(len(t) for t in seating.tables) + len(seating.byes)
        for number, table in enumerate(seating.tables, start=1):
            if len(table) != sizes[0]:
                out.append(
                    Reason(
                        r,
                        gettext(
                            "Table {table} à {size} joueurs : {players} joueurs, tables de "
                            "{sizes} (de préférence {preferred})."
                        ).format(
                            table=number,
                            size=len(table),
                            players=present,
                            sizes=allowed,
                            preferred=sizes[0],
                        ),
                    )
                )
        for player in seating.byes:
            out.append(
                Reason(
                    r,
                    gettext(
                        "{name} ne joue pas cette ronde : {players} joueurs ne se répartissent pas "
                        "en tables de {sizes}."
                    ).format(name=names[player], players=present, sizes=allowed),
                )
            )
        for table in seating.tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    key = _pair(a, b)
                    pair = {"a": names[key[0]], "b": names[key[1]]}
                    if key in avoid:
                        out.append(
                            Reason(
                                r,
                                gettext(
                                    "{a} et {b} ne devaient pas être à la même table : aucune "
                                    "répartition trouvée ne l’évite."
                                ).format(**pair),
                            )
                        )
                    if met.get(key, 0):
                        out.append(
                            Reason(
                                r,
                                gettext(
                                    "{a} et {b} se sont déjà rencontrés : aucune répartition "
                                    "trouvée ne l’évite."
                                ).format(**pair),
                            )
                        )
                    met[key] = met.get(key, 0) + 1
    return out
