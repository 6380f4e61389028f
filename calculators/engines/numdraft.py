"""NUM DRAFT scoring: the 15-card pool, anchoring, modes, wildcards, table and opening.

Implements RULES.md §2. A pool is a 3-row × 5-column strip::

    x = -1 (left neighbour's RIGHT column) · 0 1 2 (own grid) · 3 (right neighbour's LEFT column)

Every card *carries* attributes: a colour (family) and a value. An own numeric card carries both
(cumul); a neighbour R/V/B/J both; a neighbour Shadow only the Shadow colour; a neighbour Rainbow
its value and ONE colour of its choice; a Joker exactly one attribute of its choice (§2.3).
For each attribute, the carriers form groups: in Mode Classique the connected components of the
strip, in Mode Découverte all of them. A group scores 2 (colour) or 3 (value) per card iff its
own-grid cards hold an *anchor* (§2.4). A neighbour card in at least one scoring group earns its
bonus once (+1; Shadow +0).

Why the wildcard search is exact, and how it prunes
---------------------------------------------------
The score is monotone in the carriers: adding a carrier to an attribute never lowers that
attribute's points (components only grow or merge; anchors are own cards and never disappear)
nor the set of scoring neighbour cards. Hence a *relaxation* in which every undecided wildcard
carries all of its candidate attributes at once is an upper bound of every completion. The
search is a depth-first branch and bound over the wildcards: at each node it computes that bound
and abandons the branch when the bound cannot beat the best total found so far. Options are
tried best-bound first, so a good total is found early and most branches are cut. Nothing is
discarded by a heuristic: a branch is cut only when its bound proves it cannot win, so the
result is the true maximum over every assignment.

Candidate attributes are also reduced without loss: an attribute can only score if an own
numeric card carries it (every anchor holds a natural own card), and in Mode Classique a wildcard
can only join a group it touches, so its candidates are the attributes its neighbours carry or
may carry (a fixed point over touching wildcards).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Generic, TypeVar

from .cards import (
    DRAFT_DECK_LARGE,
    DRAFT_DECK_SMALL,
    FAMILIES,
    AnyCard,
    Card,
    Deck,
    Family,
    InputError,
    Joker,
    parse_card,
)
from .names import clean_names

CLASSIC, DISCOVERY = "classic", "discovery"
MODES = {CLASSIC: "Classique", DISCOVERY: "Découverte"}
COLOUR_POINTS, VALUE_POINTS = 2, 3
XS = (-1, 0, 1, 2, 3)
ROWS = 3
MAX_JOKERS = 2

#: Titles (RULES.md §2.5): lower bound of each title, per mode.
TITLES = {
    CLASSIC: ((62, "Légende de NUM DRAFT"), (48, "Grand Maître"), (32, "Maître"), (18, "Stratège")),
    DISCOVERY: (
        (75, "Légende de NUM DRAFT"),
        (60, "Grand Maître"),
        (45, "Maître"),
        (25, "Stratège"),
    ),
}

Place = tuple[int, int]  # (x, y)
W = TypeVar("W")  # where a card lies: a place in a pool, a player's name at a table
Attribute = tuple[str, object]  # ("colour", Family) or ("value", int)


def place_index(x: int, y: int) -> int:
    return (x + 1) * ROWS + y


PLACES: tuple[Place, ...] = tuple((x, y) for x in XS for y in range(ROWS))
OWN_MASK = sum(1 << place_index(x, y) for x in (0, 1, 2) for y in range(ROWS))
NEIGHBOUR_MASK = ((1 << 15) - 1) & ~OWN_MASK


def _adjacency() -> tuple[int, ...]:
    masks = []
    for x, y in PLACES:
        mask = 0
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nx, ny = x + dx, y + dy
            if nx in XS and 0 <= ny < ROWS:
                mask |= 1 << place_index(nx, ny)
        masks.append(mask)
    return tuple(masks)


ADJ = _adjacency()


def place_name(place: Place) -> str:
    """French name of a place, e.g. « grille, ligne 1, colonne gauche »."""
    x, y = place
    row = f"ligne {y + 1}"
    if x == -1:
        return f"colonne droite du voisin de gauche, {row}"
    if x == 3:
        return f"colonne gauche du voisin de droite, {row}"
    return f"grille, {row}, colonne {('gauche', 'centre', 'droite')[x]}"


def place_field(place: Place) -> str:
    return "left" if place[0] == -1 else "right" if place[0] == 3 else "grid"


# --------------------------------------------------------------------------- input


@dataclass(frozen=True, slots=True)
class Pool:
    """The 15 places of one player's strip (``None`` = empty)."""

    cards: tuple[AnyCard | None, ...]  # indexed by place_index

    def at(self, place: Place) -> AnyCard | None:
        return self.cards[place_index(*place)]

    @classmethod
    def from_columns(
        cls,
        grid: Sequence[Sequence[AnyCard | None]],
        left: Sequence[AnyCard | None],
        right: Sequence[AnyCard | None],
    ) -> Pool:
        slots: list[AnyCard | None] = [None] * 15
        for y in range(ROWS):
            slots[place_index(-1, y)] = left[y]
            slots[place_index(3, y)] = right[y]
            for x in range(3):
                slots[place_index(x, y)] = grid[y][x]
        return cls(tuple(slots))

    def mirrored(self) -> Pool:
        """The strip read right to left (neighbours swapped)."""
        slots: list[AnyCard | None] = [None] * 15
        for x, y in PLACES:
            slots[place_index(2 - x, y)] = self.at((x, y))
        return Pool(tuple(slots))


def deck_for(values: object) -> Deck:
    """``"0-12"`` or ``"0-16"`` (RULES.md §2.7)."""
    if values is None or values in ("0-12", ""):
        return DRAFT_DECK_SMALL
    if isinstance(values, str) and values == "0-16":
        return DRAFT_DECK_LARGE
    raise InputError(
        "values", f"« {values} » : le paquet est « 0-12 » (2 à 5 joueurs) ou « 0-16 »."
    )


def check_mode(mode: object) -> str:
    if mode is None or mode == "":
        return CLASSIC
    if not isinstance(mode, str) or mode not in MODES:
        raise InputError(
            "mode",
            f"« {mode} » : le mode est « classic » (Classique) ou « discovery » (Découverte).",
        )
    return str(mode)


def _read_place(token: object, deck: Deck, field: str, place: Place) -> AnyCard | None:
    if token is None or (isinstance(token, str) and token.strip() in ("", "-", ".")):
        return None
    if not isinstance(token, str):
        raise InputError(field, f"{place_name(place)} : « {token} » n'est pas une carte.")
    try:
        card = parse_card(token, deck, field)
    except InputError as err:
        raise InputError(field, f"{place_name(place)} : {err.message}") from None
    return card


def _column(raw: object, field: str, what: str) -> Sequence[object]:
    if raw is None:
        return [None] * ROWS
    if not isinstance(raw, list | tuple) or len(raw) != ROWS:
        raise InputError(
            field, f"{what} : indiquez 3 cases, de haut en bas (null pour une case vide)."
        )
    return raw


def read_pool(
    grid: object, left: object = None, right: object = None, deck: Deck = DRAFT_DECK_SMALL
) -> Pool:
    """Parse the API/form shape into a :class:`Pool`, rejecting bad and duplicate cards."""
    if not isinstance(grid, list | tuple) or len(grid) != ROWS:
        raise InputError("grid", "La grille a 3 lignes de 3 cases (null pour une case vide).")
    rows = []
    for y, row in enumerate(grid):
        if not isinstance(row, list | tuple) or len(row) != 3:
            raise InputError("grid", f"La ligne {y + 1} de la grille doit avoir 3 cases.")
        rows.append([_read_place(row[x], deck, "grid", (x, y)) for x in range(3)])
    left_cards = [
        _read_place(t, deck, "left", (-1, y))
        for y, t in enumerate(_column(left, "left", "Colonne du voisin de gauche"))
    ]
    right_cards = [
        _read_place(t, deck, "right", (3, y))
        for y, t in enumerate(_column(right, "right", "Colonne du voisin de droite"))
    ]
    pool = Pool.from_columns(rows, left_cards, right_cards)
    check_pool_cards(pool, deck)
    return pool


@dataclass(frozen=True, slots=True)
class _Clash(Generic[W]):
    """A card laid twice (``first`` and ``second`` say where), or one Joker too many."""

    card: AnyCard
    first: W | None
    second: W
    jokers: tuple[W, ...]


def _first_clash(items: Iterable[tuple[AnyCard | None, W]], deck: Deck) -> _Clash[W] | None:
    """The first breach of « each card exists once; at most two Jokers » (RULES.md §0)."""
    seen: dict[Card, W] = {}
    jokers: list[W] = []
    for card, where in items:
        if isinstance(card, Card):
            if card in seen:
                return _Clash(card, seen[card], where, tuple(jokers))
            seen[card] = where
        elif isinstance(card, Joker):
            jokers.append(where)
            if len(jokers) > deck.jokers:
                return _Clash(card, None, where, tuple(jokers))
    return None


def check_pool_cards(pool: Pool, deck: Deck) -> None:
    """Each card once in the pool; at most two Jokers; the error names the places."""
    clash = _first_clash(((pool.at(p), p) for p in PLACES), deck)
    if clash is None:
        return
    if clash.first is not None:
        raise InputError(
            place_field(clash.second),
            f"« {clash.card} » est posée deux fois : {place_name(clash.first)} et "
            f"{place_name(clash.second)}. Chaque carte n'existe qu'une fois.",
        )
    raise InputError(
        place_field(clash.second),
        f"Il n'existe que {deck.jokers} Jokers : un troisième est posé "
        f"({place_name(clash.second)}).",
    )


# --------------------------------------------------------------------------- result


@dataclass(frozen=True, slots=True)
class Group:
    kind: str  # "colour" | "value"
    key: str  # family code or value
    places: tuple[Place, ...]
    points: int

    @property
    def label(self) -> str:
        if self.kind == "value":
            return f"Groupe des {self.key}"
        family = Family(self.key)
        return f"Groupe {family.french} {family.glyph}"


@dataclass(frozen=True, slots=True)
class Wildcard:
    place: Place
    card: str
    attribute: Attribute | None

    @property
    def as_text(self) -> str:
        if self.attribute is None:
            return "none"
        kind, key = self.attribute
        return f"colour {key.code}" if kind == "colour" else f"value {key}"  # type: ignore[union-attr]

    @property
    def french(self) -> str:
        who = "le Joker" if self.card == "JK" else f"la Rainbow {self.card}"
        where = place_name(self.place)
        if self.attribute is None and self.card != "JK":
            return f"{who} ({where}) ne rejoint aucun groupe de couleur"
        if self.attribute is None:
            return f"{who} ({where}) ne marque dans aucun groupe"
        kind, key = self.attribute
        if kind == "colour":
            return f"{who} ({where}) compte en {key.french}"  # type: ignore[union-attr]
        return f"{who} ({where}) compte comme un {key}"


@dataclass(frozen=True, slots=True)
class PoolResult:
    mode: str
    total: int
    title: str
    groups: tuple[Group, ...]
    wildcards: tuple[Wildcard, ...]
    place_points: dict[Place, int]
    explanation: tuple[str, ...]
    pool: Pool


def title_for(total: int, mode: str) -> str:
    return next((name for bound, name in TITLES[mode] if total >= bound), "Novice")


# --------------------------------------------------------------------------- engine


def _popcount(mask: int) -> int:
    return mask.bit_count()


def _component(start: int, allowed: int) -> int:
    """The connected component of ``start`` (a bit) within ``allowed`` (strip adjacency)."""
    comp = frontier = start
    while frontier:
        bit = frontier & -frontier
        frontier ^= bit
        grow = ADJ[bit.bit_length() - 1] & allowed & ~comp
        comp |= grow
        frontier |= grow
    return comp


@cache
def _groups(carriers: int, jokers: int, classic: bool) -> tuple[int, ...]:
    """Scoring groups (as masks) of one attribute's carriers (RULES.md §2.4).

    Classique: each connected component scores iff its own cards contain an anchor: two own
    carriers connected through own carriers, with at least one natural (non-Joker) card.
    Découverte: all carriers form one group, which scores iff two own cards carry the attribute,
    one of them natural.
    """
    own = carriers & OWN_MASK
    if _popcount(own) < 2 or not own & ~jokers:
        return ()
    if not classic:
        return (carriers,)
    scoring: list[int] = []
    rest = carriers
    while rest:
        comp = _component(rest & -rest, carriers)
        rest &= ~comp
        own_left = comp & OWN_MASK
        while own_left:
            part = _component(own_left & -own_left, comp & OWN_MASK)
            own_left &= ~part
            if _popcount(part) >= 2 and part & ~jokers:
                scoring.append(comp)
                break
    return tuple(scoring)


@dataclass(frozen=True, slots=True)
class _Problem:
    classic: bool
    jokers: int  # mask of Joker places
    bonus_places: int  # neighbour places whose card earns +1
    fixed: dict[Attribute, int]  # carriers before wildcards
    wild_places: tuple[int, ...]  # place indices of wildcards
    options: tuple[tuple[Attribute, ...], ...]


def _attributes_of(card: AnyCard | None, own: bool) -> list[Attribute]:
    if not isinstance(card, Card):
        return []
    if own:
        return [("colour", card.family), ("value", card.value)]
    if card.is_shadow:
        return [("colour", Family.SHADOW)]
    if card.is_rainbow:
        return [("value", card.value)]  # its colour is a choice
    return [("colour", card.family), ("value", card.value)]


def _problem(pool: Pool, mode: str) -> _Problem:
    classic = mode == CLASSIC
    fixed: dict[Attribute, int] = {}
    jokers = bonus = 0
    wild: list[int] = []
    rainbow: set[int] = set()
    own_attrs: set[Attribute] = set()
    for place in PLACES:
        i = place_index(*place)
        card = pool.cards[i]
        own = bool(OWN_MASK >> i & 1)
        if card is None:
            continue
        if not own and (isinstance(card, Joker) or (isinstance(card, Card) and not card.is_shadow)):
            bonus |= 1 << i
        if isinstance(card, Joker):
            jokers |= 1 << i
            wild.append(i)
            continue
        for attr in _attributes_of(card, own):
            fixed[attr] = fixed.get(attr, 0) | 1 << i
            if own:
                own_attrs.add(attr)
        if isinstance(card, Card) and card.is_rainbow and not own:
            wild.append(i)
            rainbow.add(i)

    def allowed(i: int, attrs: set[Attribute]) -> set[Attribute]:
        keep = {a for a in attrs if a in own_attrs}
        return {a for a in keep if a[0] == "colour"} if i in rainbow else keep

    if classic:
        options: dict[int, set[Attribute]] = {}
        for i in wild:
            near: set[Attribute] = set()
            for attr, mask in fixed.items():
                if mask & ADJ[i]:
                    near.add(attr)
            options[i] = allowed(i, near)
        changed = True
        while changed:  # a wildcard may carry what a touching wildcard may carry
            changed = False
            for i in wild:
                for j in wild:
                    if j != i and ADJ[i] >> j & 1:
                        extra = allowed(i, options[j]) - options[i]
                        if extra:
                            options[i] |= extra
                            changed = True
    else:
        options = {i: allowed(i, set(own_attrs)) for i in wild}
    ordered = tuple(tuple(sorted(options[i], key=_attr_sort)) for i in wild)
    return _Problem(classic, jokers, bonus, fixed, tuple(wild), ordered)


def _attr_sort(attr: Attribute) -> tuple[int, int]:
    kind, key = attr
    if kind == "colour":
        return (0, FAMILIES.index(key))  # type: ignore[arg-type]
    return (1, int(key))  # type: ignore[call-overload]


def _evaluate(problem: _Problem, carriers: Mapping[Attribute, int]) -> tuple[int, int]:
    """Points of every scoring group + neighbour bonuses, and the mask of scoring places."""
    points = 0
    scoring = 0
    for attr, mask in carriers.items():
        unit = COLOUR_POINTS if attr[0] == "colour" else VALUE_POINTS
        for group in _groups(mask, problem.jokers, problem.classic):
            points += unit * _popcount(group)
            scoring |= group
    return points + _popcount(scoring & problem.bonus_places), scoring


def _carriers(
    problem: _Problem, chosen: Sequence[Attribute | None], relaxed_from: int
) -> dict[Attribute, int]:
    carriers = dict(problem.fixed)
    for k, i in enumerate(problem.wild_places):
        attrs = problem.options[k] if k >= relaxed_from else (chosen[k],)
        for attr in attrs:
            if attr is not None:
                carriers[attr] = carriers.get(attr, 0) | 1 << i
    return carriers


def _search(problem: _Problem) -> tuple[int, tuple[Attribute | None, ...]]:
    """Branch and bound over the wildcards (see the module docstring)."""
    n = len(problem.wild_places)
    chosen: list[Attribute | None] = [None] * n
    best_total = -1
    best_choice: tuple[Attribute | None, ...] = tuple(chosen)

    def bound(k: int) -> int:
        return _evaluate(problem, _carriers(problem, chosen, k))[0]

    def visit(k: int) -> None:
        nonlocal best_total, best_choice
        if k == n:
            total = bound(n)
            if total > best_total:
                best_total, best_choice = total, tuple(chosen)
            return
        options: tuple[Attribute | None, ...] = problem.options[k] or (None,)
        ranked = []
        for attr in options:
            chosen[k] = attr
            ranked.append((bound(k + 1), attr))
        ranked.sort(key=lambda item: -item[0])  # stable: ties keep the option order
        for upper, attr in ranked:
            if upper <= best_total:
                break
            chosen[k] = attr
            visit(k + 1)
        chosen[k] = None

    visit(0)
    return best_total, best_choice


def score_pool(pool: Pool, mode: str = CLASSIC) -> PoolResult:
    """The best total of a pool (RULES.md §2), with groups, wildcards and explanation."""
    mode = check_mode(mode)
    problem = _problem(pool, mode)
    total, choice = _search(problem)
    carriers = dict(problem.fixed)
    for i, attr in zip(problem.wild_places, choice, strict=True):
        if attr is not None:
            carriers[attr] = carriers.get(attr, 0) | 1 << i
    groups: list[Group] = []
    place_points: dict[Place, int] = {}
    bonus_paid = 0
    for attr in sorted(carriers, key=lambda a: (a[0] != "value", _attr_sort(a))):
        unit = COLOUR_POINTS if attr[0] == "colour" else VALUE_POINTS
        for mask in _groups(carriers[attr], problem.jokers, problem.classic):
            new_bonus = mask & problem.bonus_places & ~bonus_paid
            bonus_paid |= new_bonus
            places = tuple(p for p in PLACES if mask >> place_index(*p) & 1)
            for p in places:
                extra = 1 if new_bonus >> place_index(*p) & 1 else 0
                place_points[p] = place_points.get(p, 0) + unit + extra
            kind, key = attr
            key_text = key.code if kind == "colour" else str(key)  # type: ignore[union-attr]
            groups.append(Group(kind, key_text, places, unit * len(places) + _popcount(new_bonus)))
    scoring_by_attr = {
        attr: sum(_groups(mask, problem.jokers, problem.classic)) for attr, mask in carriers.items()
    }
    wildcards = tuple(
        Wildcard(
            PLACES[i],
            str(pool.cards[i]),
            attr if attr is not None and scoring_by_attr.get(attr, 0) >> i & 1 else None,
        )
        for i, attr in zip(problem.wild_places, choice, strict=True)
    )
    total = max(total, 0)
    assert total == sum(g.points for g in groups)
    return PoolResult(
        mode,
        total,
        title_for(total, mode),
        tuple(groups),
        wildcards,
        place_points,
        _explain(groups, wildcards, total, mode),
        pool,
    )


def _explain(
    groups: Sequence[Group], wildcards: Sequence[Wildcard], total: int, mode: str
) -> tuple[str, ...]:
    lines = []
    for g in groups:
        unit = COLOUR_POINTS if g.kind == "colour" else VALUE_POINTS
        bonus = g.points - unit * len(g.places)
        text = f"{g.label} : {len(g.places)} cartes × {unit} = {unit * len(g.places)}"
        if bonus:
            text += f", bonus voisin +{bonus}"
        lines.append(f"{text} → {g.points}")
    if not groups:
        lines.append("Aucun groupe ne marque : il faut au moins deux cartes de votre grille.")
    lines.extend(w.french[0].upper() + w.french[1:] for w in wildcards)
    lines.append(f"Total ({MODES[mode]}) : {total}")
    return tuple(lines)


def score(
    grid: object,
    left: object = None,
    right: object = None,
    mode: object = CLASSIC,
    values: object = "0-12",
) -> PoolResult:
    """API shape: score one pool (see API.md « NUM DRAFT »)."""
    mode_key = check_mode(mode)
    deck = deck_for(values)
    return score_pool(read_pool(grid, left, right, deck), mode_key)


# --------------------------------------------------------------------------- table


@dataclass(frozen=True, slots=True)
class TablePlayer:
    name: str
    result: PoolResult
    left: str  # name of the left neighbour (whose RIGHT column is in the pool)
    right: str


@dataclass(frozen=True, slots=True)
class TableResult:
    mode: str
    values: str
    players: tuple[TablePlayer, ...]
    ranking: tuple[str, ...]


def neighbours(count: int, i: int) -> tuple[int, int]:
    """(left, right) neighbour indices of player ``i`` in passing order (RULES.md §2.1)."""
    return (i + 1) % count, (i - 1) % count


def table(
    players: Sequence[Mapping[str, object]], mode: object = CLASSIC, values: object = None
) -> TableResult:
    """Score every player from their real neighbours' columns (RULES.md §2.1)."""
    mode_key = check_mode(mode)
    if not isinstance(players, list | tuple) or not 2 <= len(players) <= 7:
        count = len(players) if isinstance(players, list | tuple) else 0
        raise InputError("players", f"NUM DRAFT se joue de 2 à 7 joueurs : {count} indiqué(s).")
    if values is None or values == "":
        values = "0-12" if len(players) <= 5 else "0-16"
    deck = deck_for(values)
    names: list[str] = []
    grids: list[list[list[AnyCard | None]]] = []
    for index, raw in enumerate(players, start=1):
        if not isinstance(raw, Mapping):
            raise InputError("players", f"Joueur {index} : indiquez un nom et une grille.")
        name = clean_names([*names, raw.get("name")])[-1]  # the one names rule (names.py)
        names.append(name)
        try:
            pool = read_pool(raw.get("grid"), None, None, deck)
        except InputError as err:
            raise InputError("players", f"{name} : {err.message}") from None
        grids.append([[pool.at((x, y)) for x in range(3)] for y in range(ROWS)])
    _check_table_cards(names, grids, deck)
    scored = []
    for i, name in enumerate(names):
        left_i, right_i = neighbours(len(names), i)
        left_col = [grids[left_i][y][2] for y in range(ROWS)]
        right_col = [grids[right_i][y][0] for y in range(ROWS)]
        pool = Pool.from_columns(grids[i], left_col, right_col)
        scored.append(TablePlayer(name, score_pool(pool, mode_key), names[left_i], names[right_i]))
    ranking = tuple(p.name for p in sorted(scored, key=lambda p: -p.result.total))
    return TableResult(mode_key, deck.range_label, tuple(scored), ranking)


def _check_table_cards(
    names: Sequence[str], grids: Sequence[Sequence[Sequence[AnyCard | None]]], deck: Deck
) -> None:
    """Each card once at the table; at most two Jokers; the error names the players."""
    items = (
        (card, name)
        for name, grid in zip(names, grids, strict=True)
        for row in grid
        for card in row
    )
    clash = _first_clash(items, deck)
    if clash is None:
        return
    if clash.first is not None:
        raise InputError(
            "players",
            f"« {clash.card} » est dans la grille de {clash.first} et dans celle de "
            f"{clash.second} : chaque carte n'existe qu'une fois.",
        )
    raise InputError(
        "players",
        f"Il n'existe que {deck.jokers} Jokers à la table ({', '.join(clash.jokers)}).",
    )


# --------------------------------------------------------------------------- opening


@dataclass(frozen=True, slots=True)
class Opening:
    """Who is Maître du jeu, or who must turn another card (RULES.md §2.6)."""

    master: str | None
    must_turn: tuple[str, ...]
    explanation: str


def opening(turned: Sequence[tuple[str, object]], values: object = "0-16") -> Opening:
    """The smallest value held by exactly one player designates the Maître du jeu.

    With no unique value, the tied players turn another card; a Joker has no value: its player
    turns another card (ruling). ``turned`` is (name, card) per player.
    """
    deck = deck_for(values)
    cards: list[tuple[str, AnyCard]] = []
    for name, token in turned:
        if not isinstance(name, str) or not name.strip():
            raise InputError("players", "Chaque joueur a un nom.")
        if not isinstance(token, str) or not token.strip():
            raise InputError("cards", f"{name} : indiquez la carte retournée.")
        cards.append((name.strip(), parse_card(token, deck, "cards")))
    if len(cards) < 2:
        raise InputError("players", "L'ouverture se joue à 2 joueurs au moins.")
    numeric = [(n, c) for n, c in cards if isinstance(c, Card)]
    jokers = tuple(n for n, c in cards if not isinstance(c, Card))
    counts: dict[int, int] = {}
    for _, c in numeric:
        counts[c.value] = counts.get(c.value, 0) + 1
    unique = sorted(v for v, k in counts.items() if k == 1)
    if jokers:
        who = ", ".join(jokers)
        return Opening(
            None, jokers, f"Un Joker n'a pas de valeur : {who} retourne une autre carte."
        )
    if unique:
        value = unique[0]
        master = next(n for n, c in numeric if c.value == value)
        return Opening(
            master, (), f"{master} a la plus petite valeur unique ({value}) : Maître du jeu."
        )
    tied = tuple(n for n, _ in numeric)
    return Opening(
        None, tied, "Aucune valeur unique : les joueurs à égalité retournent une nouvelle carte."
    )
