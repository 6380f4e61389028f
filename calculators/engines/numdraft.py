"""NUM DRAFT scoring: the 15-card pool, anchoring, modes, wildcards, table and opening.

Implements /num-draft/regles/#scoring. A pool is a 3-row × 5-column strip::

    x = -1 (left neighbour's RIGHT column) · 0 1 2 (own grid) · 3 (right neighbour's LEFT column)

Every card *carries* attributes: a colour (family) and a value. An own numeric card carries both
(cumul); a neighbour R/V/B/J both; a neighbour Shadow only the Shadow colour; a neighbour Rainbow
its value and ONE colour of its choice; a Joker exactly one attribute of its choice
(/num-draft/regles/#joker). For each attribute, the carriers form groups: in Mode Classique the
connected components of the strip, in Mode Découverte all of them. A group scores 2 (colour) or
3 (value) per card iff its own-grid cards hold an *anchor* (/num-draft/regles/#arbitrage-ancre).
A neighbour card in at least one scoring group earns its bonus once (+1; Shadow +0).

Why the wildcard search is exact
--------------------------------
Wildcards are the Jokers (one attribute of their choice, anywhere) and the neighbour Rainbows
(one colour). The search tries every choice that can matter and cuts nothing by a bound or a
heuristic; four facts make that cheap.

1. *Useless choices.* An attribute scores only if a natural own card carries it (every anchor
   holds one), so a wildcard's choices are the attributes natural own cards carry; in Classique
   only those a touching card carries or a touching wildcard may carry (a fixed point): with
   any other, the wildcard is alone in its component and scores nothing.
2. *Monotonicity.* A carrier more never lowers the total: components only grow or merge,
   anchors are own cards and never disappear, and scoring neighbour cards stay scoring. So
   carrying nothing is tried only when a wildcard has no useful choice.
3. *Decomposition once the own Jokers are chosen.* Neighbour cards never anchor, so with the
   own Jokers' choices fixed, every anchor is fixed; call *units* the neighbour wildcards whose
   choices are made together: each neighbour column in Classique, each wildcard alone in
   Découverte. The total is the base (no unit chooses anything) plus each unit's own gain:

   - Découverte: whether an attribute scores no longer depends on anything; a neighbour
     wildcard joining a scoring attribute adds its points per card and its own bonus, and
     changes nothing else. All scoring values are worth the same to it, and all scoring colours:
     it only tries the first of each.
   - Classique: take a shortest path from a scoring card to an anchor within its group. Were
     it to visit both neighbour columns, it would cross the own grid from x=0 to x=2 through at
     least three connected own carriers, at most two of them Jokers: an anchor, where the path
     would have stopped. So each card scores through one column at most, and for every
     attribute S(left ∪ right) = S(left) ∪ S(right), S(left) ∩ S(right) = S(none), where S is
     the set of scoring places (an own card outside every anchored component is one card or two
     Jokers, so it touches one column at most). Points and the column's bonuses therefore add
     up column by column; in a column a wildcard only tries what a touching card carries (fact
     1, now with the Jokers' choices known).
4. *Dominance (Découverte).* An attribute that two natural own cards carry scores whatever the
   Jokers do, so an own Joker joining it adds exactly its points per card: of those, only the
   first value (else colour) is tried. The other choices may make a group score and are kept.

The search enumerates every kept choice of the own Jokers; for each, it updates the base (only
the ≤ 2 attributes they carry are recomputed) and adds each unit's best gain, memoised for the
call by the unit's attribute carriers and already scoring places (choices that do not touch a
unit reuse its answer). Groups are memoised by carrier masks in two LRU caches of
``CACHE_SIZE`` entries. Ties keep the first choice in the order colours (R V B J A S) then values.

Worst case
----------
At most 13 kept choices per own Joker (7 natural own cards beside two own Jokers carry at most
6 colours and 7 values), so ≤ 169 combinations. Classique: ≤ 2 units per combination; a column
of three Rainbows tries ≤ 3³ choices (the colours of the three own cards it touches); a column
Joker tries at most the ≤ 10 attributes of the five cards its column holds or touches, and each
Joker in a column is one own Joker fewer: ≤ 10 · 3 · 3 choices for 13 own combinations, or
≤ 10 · 10 · 3 for one. Hence ≤ 169 × 2 × 27 ≈ 9 000 evaluations of a column choice, each a few
cached group look-ups. Découverte: ≤ 169 combinations × 6 units × 2 choices. The
bound is loose: the hill-climb of ``tests/bench/test_bench_numdraft.py`` reports the slowest
pool it finds (a few milliseconds).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import product
from typing import Generic, Literal, TypeVar

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
from .i18n import get_language, gettext, gettext_noop
from .names import clean_names

CLASSIC, DISCOVERY = "classic", "discovery"
MODES = {CLASSIC: gettext_noop("Classique"), DISCOVERY: gettext_noop("Découverte")}
COLOUR_POINTS, VALUE_POINTS = 2, 3
XS = (-1, 0, 1, 2, 3)
ROWS = 3

#: Titles (/num-draft/regles/#classement): lower bound of each title, per mode.
TITLES = {
    CLASSIC: (
        (62, gettext_noop("Légende de NUM DRAFT")),
        (48, gettext_noop("Grand Maître")),
        (32, gettext_noop("Maître")),
        (18, gettext_noop("Stratège")),
    ),
    DISCOVERY: (
        (75, gettext_noop("Légende de NUM DRAFT")),
        (60, gettext_noop("Grand Maître")),
        (45, gettext_noop("Maître")),
        (25, gettext_noop("Stratège")),
    ),
}

Place = tuple[int, int]  # (x, y)
W = TypeVar("W")  # where a card lies: a place in a pool, a player's name at a table
# What a group gathers: a colour (a family) or a value. A union of two tuples, so that testing
# ``attr[0] == "colour"`` tells the checker which kind of key ``attr[1]`` is.
Attribute = tuple[Literal["colour"], Family] | tuple[Literal["value"], int]


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
    row = gettext("ligne {value}").format(value=y + 1)
    if x == -1:
        return gettext("colonne droite du voisin de gauche, {row}").format(row=row)
    if x == 3:
        return gettext("colonne gauche du voisin de droite, {row}").format(row=row)
    # One whole message per column: no French word spliced into a translated sentence.
    columns = (
        gettext("grille, {row}, colonne gauche"),
        gettext("grille, {row}, colonne centre"),
        gettext("grille, {row}, colonne droite"),
    )
    return columns[x].format(row=row)


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
    """``"0-12"`` or ``"0-16"`` (/num-draft/regles/#arbitrage-paquet)."""
    if values is None or values in ("0-12", ""):
        return DRAFT_DECK_SMALL
    if isinstance(values, str) and values == "0-16":
        return DRAFT_DECK_LARGE
    raise InputError(
        "values",
        gettext("« {values} » : le paquet est « 0-12 » (2 à 5 joueurs) ou « 0-16 ».").format(
            values=values
        ),
    )


def check_mode(mode: object) -> str:
    """A canonical mode (``classic``, the default, or ``discovery``). The site reads the names
    players write (« Découverte ») through its game registry before calling the engine."""
    if mode is None or mode == "":
        return CLASSIC
    if mode not in MODES:
        raise InputError(
            "mode",
            gettext("« {mode} » : le mode de NUM DRAFT est « classic » ou « discovery ».").format(
                mode=mode
            ),
        )
    return str(mode)


def _read_place(token: object, deck: Deck, field: str, place: Place) -> AnyCard | None:
    if token is None or (isinstance(token, str) and token.strip() in ("", "-", ".")):
        return None
    if not isinstance(token, str):
        raise InputError(
            field,
            gettext("{place_name} : « {token} » n’est pas une carte.").format(
                place_name=place_name(place), token=token
            ),
        )
    try:
        card = parse_card(token, deck, field)
    except InputError as err:
        raise InputError(
            field,
            gettext("{where} : {message}").format(where=place_name(place), message=err.message),
        ) from None
    return card


def _column(raw: object, field: str, what: str) -> Sequence[object]:
    if raw is None:
        return [None] * ROWS
    if not isinstance(raw, list | tuple) or len(raw) != ROWS:
        raise InputError(
            field,
            gettext("{what} : indiquez 3 cases, de haut en bas (null pour une case vide).").format(
                what=what
            ),
        )
    return raw


def read_pool(
    grid: object, left: object = None, right: object = None, deck: Deck = DRAFT_DECK_SMALL
) -> Pool:
    """Parse the API/form shape into a :class:`Pool`, rejecting bad and duplicate cards."""
    if not isinstance(grid, list | tuple) or len(grid) != ROWS:
        raise InputError(
            "grid", gettext("La grille a 3 lignes de 3 cases (null pour une case vide).")
        )
    rows = []
    for y, row in enumerate(grid):
        if not isinstance(row, list | tuple) or len(row) != 3:
            raise InputError(
                "grid",
                gettext("La ligne {value} de la grille doit avoir 3 cases.").format(value=y + 1),
            )
        rows.append([_read_place(row[x], deck, "grid", (x, y)) for x in range(3)])
    left_cards = [
        _read_place(t, deck, "left", (-1, y))
        for y, t in enumerate(_column(left, "left", gettext("Colonne du voisin de gauche")))
    ]
    right_cards = [
        _read_place(t, deck, "right", (3, y))
        for y, t in enumerate(_column(right, "right", gettext("Colonne du voisin de droite")))
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
    """The first breach of « each card exists once; at most two Jokers » (/num-check/regles/#arbitrage-notation)."""
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
            gettext(
                "« {card} » est posée deux fois : {place_name} et {place_name2}. Chaque carte n’existe qu’une fois."
            ).format(
                card=clash.card,
                place_name=place_name(clash.first),
                place_name2=place_name(clash.second),
            ),
        )
    raise InputError(
        place_field(clash.second),
        gettext("Il n’existe que {jokers} Jokers : un troisième est posé ({place_name}).").format(
            jokers=deck.jokers, place_name=place_name(clash.second)
        ),
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
            return gettext("Groupe des {key}").format(key=self.key)
        family = Family(self.key)
        return gettext("Groupe {french} {glyph}").format(french=family.french, glyph=family.glyph)


@dataclass(frozen=True, slots=True)
class Wildcard:
    place: Place
    card: str
    attribute: Attribute | None

    @property
    def as_text(self) -> str:
        if self.attribute is None:
            return "none"
        if self.attribute[0] == "colour":
            return f"colour {self.attribute[1].code}"
        return f"value {self.attribute[1]}"

    @property
    def french(self) -> str:
        who = (
            gettext("le Joker")
            if self.card == "JK"
            else gettext("la Rainbow {card}").format(card=self.card)
        )
        where = place_name(self.place)
        if self.attribute is None and self.card != "JK":
            return gettext("{who} ({where}) ne rejoint aucun groupe de couleur").format(
                who=who, where=where
            )
        if self.attribute is None:
            return gettext("{who} ({where}) ne marque dans aucun groupe").format(
                who=who, where=where
            )
        if self.attribute[0] == "colour":
            return gettext("{who} ({where}) compte en {french}").format(
                who=who, where=where, french=self.attribute[1].french
            )
        return gettext("{who} ({where}) compte comme un {key}").format(
            who=who, where=where, key=self.attribute[1]
        )


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
    return gettext(
        next((name for bound, name in TITLES[mode] if total >= bound), gettext_noop("Novice"))
    )


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


#: Bound of each memo of attribute groups below (entries are a few small ints each). The search's
#: memo of the best column choices lives only as long as one call.
CACHE_SIZE = 1 << 15


@lru_cache(maxsize=CACHE_SIZE)
def _groups(carriers: int, jokers: int, classic: bool) -> tuple[int, ...]:
    """Scoring groups (as masks) of one attribute's carriers (/num-draft/regles/#arbitrage-ancre).

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


@lru_cache(maxsize=CACHE_SIZE)
def _scoring(carriers: int, jokers: int, classic: bool) -> int:
    """The places of one attribute's carriers that score: the union of its groups."""
    mask = 0
    for group in _groups(carriers, jokers, classic):
        mask |= group
    return mask


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
    if attr[0] == "colour":
        return (0, FAMILIES.index(attr[1]))
    return (1, attr[1])


def _unit_points(attr: Attribute) -> int:
    return COLOUR_POINTS if attr[0] == "colour" else VALUE_POINTS


@dataclass(frozen=True, slots=True)
class _Unit:
    """Neighbour wildcards whose choices are made together (see the module docstring)."""

    ks: tuple[int, ...]  # their indices in ``_Problem.wild_places``
    bits: tuple[int, ...]  # their places, as masks
    attrs: tuple[Attribute, ...]  # every attribute one of them may carry
    points: tuple[int, ...]  # per attribute, its points per card
    options: tuple[tuple[int, ...], ...]  # per wildcard, its attributes (indices in ``attrs``)
    area: int  # the only places whose neighbour bonus their choices can change


def _units(problem: _Problem) -> tuple[_Unit, ...]:
    """Classique: the wildcards of each neighbour column; Découverte: each one alone."""
    wild = problem.wild_places
    outside = [k for k, i in enumerate(wild) if NEIGHBOUR_MASK >> i & 1]
    parts: list[tuple[list[int], int]]
    if problem.classic:
        parts = []
        for x in (-1, 3):
            ks = [k for k in outside if PLACES[wild[k]][0] == x]
            parts.append((ks, sum(1 << place_index(x, y) for y in range(ROWS))))
    else:
        parts = [([k], 1 << wild[k]) for k in outside]
    units = []
    for ks, area in parts:
        if ks:
            attrs = sorted({a for k in ks for a in problem.options[k]}, key=_attr_sort)
            options = tuple(tuple(attrs.index(a) for a in problem.options[k]) for k in ks)
            units.append(
                _Unit(
                    tuple(ks),
                    tuple(1 << wild[k] for k in ks),
                    tuple(attrs),
                    tuple(_unit_points(a) for a in attrs),
                    options,
                    area,
                )
            )
    return tuple(units)


def _useful(problem: _Problem, unit: _Unit, masks: tuple[int, ...]) -> list[tuple[int | None, ...]]:
    """Per wildcard of the unit, the attributes that can gain anything (None: none can).

    Découverte: the attributes that already score; all values are worth the same (3 + bonus),
    and all colours (2 + bonus), so the first of each kind.
    Classique: an attribute carried by a touching card, or one that a touching wildcard of the
    unit may carry (a fixed point); with any other, the wildcard is alone in its component.
    """
    jokers, classic = problem.jokers, problem.classic
    if not classic:
        firsts: dict[str, int] = {}
        for a in unit.options[0]:
            kind = unit.attrs[a][0]
            if kind not in firsts and _scoring(masks[a], jokers, False):
                firsts[kind] = a
        return [tuple(sorted(firsts.values())) or (None,)]
    near = [
        [a for a in options if masks[a] & ADJ[bit.bit_length() - 1]]
        for options, bit in zip(unit.options, unit.bits, strict=True)
    ]
    changed = True
    while changed:
        changed = False
        for i, bit in enumerate(unit.bits):
            touching = ADJ[bit.bit_length() - 1]
            for j, other in enumerate(unit.bits):
                if touching & other:
                    extra = [a for a in near[j] if a in unit.options[i] and a not in near[i]]
                    if extra:
                        near[i] = sorted(near[i] + extra)
                        changed = True
    return [tuple(attrs) or (None,) for attrs in near]


def _best_in_unit(
    problem: _Problem, unit: _Unit, masks: tuple[int, ...], scored: int
) -> tuple[int, tuple[Attribute | None, ...]]:
    """The best gain of one unit's choices, and those choices (the first best in order).

    ``masks`` are the carriers of ``unit.attrs`` without the unit; ``scored`` the places of
    ``unit.area`` that already score. The gain is the points the choices add plus the bonuses
    of the area's cards that they make score (nothing else can change: module docstring).
    """
    jokers, classic = problem.jokers, problem.classic
    before = [_scoring(m, jokers, classic).bit_count() for m in masks]
    payable = unit.area & problem.bonus_places & ~scored
    best_gain = -1
    best: tuple[int | None, ...] = ()
    for choice in product(*_useful(problem, unit, masks)):
        added: dict[int, int] = {}
        for bit, a in zip(unit.bits, choice, strict=True):
            if a is not None:
                added[a] = added.get(a, masks[a]) | bit
        gain = newly = 0
        for a, mask in added.items():
            now = _scoring(mask, jokers, classic)
            gain += unit.points[a] * (now.bit_count() - before[a])
            newly |= now
        gain += (newly & payable).bit_count()
        if gain > best_gain:
            best_gain, best = gain, choice
    return best_gain, tuple(None if a is None else unit.attrs[a] for a in best)


def _own_joker_options(problem: _Problem, k: int) -> tuple[Attribute | None, ...]:
    """An own Joker's choices, less the dominated ones in Découverte.

    In Découverte an attribute two natural own cards carry scores whatever the Jokers do, so
    an own Joker joining it adds exactly its points per card (no bonus, nothing else changes):
    the first such value dominates every such attribute. The other choices may make a group
    score (one natural own card + this Joker) and are all kept.
    """
    options = problem.options[k]
    if problem.classic:
        return options or (None,)
    naturals = OWN_MASK & ~problem.jokers
    kept: list[Attribute] = []
    sure: Attribute | None = None
    for attr in options:
        if _popcount(problem.fixed.get(attr, 0) & naturals) < 2:
            kept.append(attr)
        elif sure is None or (sure[0] == "colour" and attr[0] == "value"):
            sure = attr
    if sure is not None:
        kept.append(sure)
    return tuple(sorted(kept, key=_attr_sort)) or (None,)


def _search(problem: _Problem) -> tuple[int, tuple[Attribute | None, ...]]:
    """Every choice of the own Jokers, and for each the best choices of every unit (docstring)."""
    jokers, classic, fixed, wild = (
        problem.jokers,
        problem.classic,
        problem.fixed,
        problem.wild_places,
    )
    joker_ks = tuple(k for k, i in enumerate(wild) if OWN_MASK >> i & 1)
    units = _units(problem)
    fixed_scoring = {a: _scoring(m, jokers, classic) for a, m in fixed.items()}
    base_points = sum(_unit_points(a) * s.bit_count() for a, s in fixed_scoring.items())
    base_scoring = 0
    for s in fixed_scoring.values():
        base_scoring |= s
    unit_masks = [tuple(fixed.get(a, 0) for a in unit.attrs) for unit in units]
    unit_index = [{a: n for n, a in enumerate(unit.attrs)} for unit in units]
    memo: dict[tuple[int, tuple[int, ...], int], tuple[int, tuple[Attribute | None, ...]]] = {}
    best_total = -1
    best: tuple[tuple[Attribute | None, ...], list[tuple[Attribute | None, ...]]] = ((), [])
    for jchoice in product(*(_own_joker_options(problem, k) for k in joker_ks)):
        changed: dict[Attribute, int] = {}
        for k, attr in zip(joker_ks, jchoice, strict=True):
            if attr is not None:
                changed[attr] = changed.get(attr, fixed.get(attr, 0)) | 1 << wild[k]
        points, scoring = base_points, base_scoring
        for attr, mask in changed.items():
            now = _scoring(mask, jokers, classic)
            points += _unit_points(attr) * (
                now.bit_count() - fixed_scoring.get(attr, 0).bit_count()
            )
            scoring |= now
        total = points + (scoring & problem.bonus_places).bit_count()
        picks = []
        for u, unit in enumerate(units):
            masks = unit_masks[u]
            for attr, mask in changed.items():
                n = unit_index[u].get(attr)
                if n is not None:
                    masks = (*masks[:n], mask, *masks[n + 1 :])
            key = (u, masks, scoring & unit.area)
            found = memo.get(key)
            if found is None:
                found = memo[key] = _best_in_unit(problem, unit, masks, scoring & unit.area)
            total += found[0]
            picks.append(found[1])
        if total > best_total:
            best_total, best = total, (jchoice, picks)
    chosen: list[Attribute | None] = [None] * len(wild)
    jchoice, picks = best
    for k, attr in zip(joker_ks, jchoice, strict=True):
        chosen[k] = attr
    for unit, choice in zip(units, picks, strict=True):
        for k, attr in zip(unit.ks, choice, strict=True):
            chosen[k] = attr
    return best_total, tuple(chosen)


def score_pool(pool: Pool, mode: str = CLASSIC) -> PoolResult:
    """The best total of a pool (/num-draft/regles/#scoring), with groups, wildcards and explanation.

    Memoised on the pool, the mode and the language. Exact: the result is a pure function of
    the three (the pool's cards are frozen values; the title and the explanation are the only
    translated text, hence the language in the key). A table's board and each write score
    every pool of the table: only the pools a changed grid reaches (its own and its two
    neighbours') are searched again. Each caller gets its own ``place_points`` mapping (the one
    mutable part of the result); a refusal is never memoised."""
    mode = check_mode(mode)
    cached = _score_pool_memo(pool, mode, get_language())
    return replace(cached, place_points=dict(cached.place_points))


def pool_total(pool: Pool, mode: str = CLASSIC) -> int:
    """The total :func:`score_pool` gives ``pool`` (/num-draft/regles/#scoring), searched the same
    way but without its groups, explanation and memo: for a caller that compares many pools (the
    best grid of a deal, docs/deals.md#donnes-meilleur) and scores the winner with
    :func:`score_pool`."""
    return max(_search(_problem(pool, check_mode(mode)))[0], 0)


#: Bound of the memo of scored pools (a table of 7 has 7 pools; a few kilobytes each).
POOL_CACHE_SIZE = 2048


@lru_cache(maxsize=POOL_CACHE_SIZE)
def _score_pool_memo(pool: Pool, mode: str, language: str) -> PoolResult:
    """:func:`score_pool`, computed (``language`` is the active one, part of the key only)."""
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
            key_text = attr[1].code if attr[0] == "colour" else str(attr[1])
            groups.append(
                Group(attr[0], key_text, places, unit * len(places) + _popcount(new_bonus))
            )
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
        text = gettext("{label} : {count} cartes × {unit} = {value}").format(
            label=g.label, count=len(g.places), unit=unit, value=unit * len(g.places)
        )
        if bonus:
            text += gettext(", bonus voisin +{bonus}").format(bonus=bonus)
        lines.append(f"{text} → {g.points}")
    if not groups:
        lines.append(
            gettext("Aucun groupe ne marque : il faut au moins deux cartes de votre grille.")
        )
    lines.extend(w.french[0].upper() + w.french[1:] for w in wildcards)
    lines.append(
        gettext("Total ({MODES}) : {total}").format(MODES=gettext(MODES[mode]), total=total)
    )
    return tuple(lines)


def score(
    grid: object,
    left: object = None,
    right: object = None,
    mode: object = CLASSIC,
    values: object = "0-12",
) -> PoolResult:
    """API shape: score one pool (``num-draft/score``, docs/api.md)."""
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
    """(left, right) neighbour indices of player ``i`` in passing order (/num-draft/regles/#arbitrage-voisins)."""
    return (i + 1) % count, (i - 1) % count


def table(
    players: Sequence[Mapping[str, object]], mode: object = CLASSIC, values: object = None
) -> TableResult:
    """Score every player from their real neighbours' columns (/num-draft/regles/#arbitrage-voisins)."""
    mode_key = check_mode(mode)
    if not isinstance(players, list | tuple) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        count = len(players) if isinstance(players, list | tuple) else 0
        raise InputError(
            "players",
            gettext("NUM DRAFT se joue de {low} à {high} joueurs : {count} indiqué(s).").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, count=count
            ),
        )
    if values is None or values == "":
        values = "0-12" if len(players) <= 5 else "0-16"
    deck = deck_for(values)
    names: list[str] = []
    grids: list[list[list[AnyCard | None]]] = []
    for index, raw in enumerate(players, start=1):
        if not isinstance(raw, Mapping):
            raise InputError(
                "players",
                gettext("Joueur {index} : indiquez un nom et une grille.").format(index=index),
            )
        name = clean_names([*names, raw.get("name")])[-1]  # the one names rule (names.py)
        names.append(name)
        try:
            pool = _table_grid(raw.get("grid"), deck)
        except InputError as err:
            raise InputError(
                "players", gettext("{where} : {message}").format(where=name, message=err.message)
            ) from None
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


def _table_grid(grid: object, deck: Deck) -> Pool:
    """A table player's grid read (:func:`read_pool`, no neighbours), memoised when it is
    3 rows of 3 cells, each text or ``None`` (what a sheet stores and JSON sends).

    Exact: :func:`read_pool` reads a tuple as it reads a list, and its answer is a pure
    function of the cells and the deck, both in the key; it holds no text. A refusal is never
    memoised: it is raised again, in the reader's language, each time."""
    if isinstance(grid, list | tuple) and len(grid) == ROWS:
        frozen: list[tuple[str | None, ...]] = []
        for row in grid:
            if not isinstance(row, list | tuple) or len(row) != 3:
                break
            if not all(cell is None or type(cell) is str for cell in row):
                break
            frozen.append(tuple(row))
        else:
            return _table_grid_memo(tuple(frozen), deck)
    return read_pool(grid, None, None, deck)


@lru_cache(maxsize=POOL_CACHE_SIZE)
def _table_grid_memo(grid: tuple[tuple[str | None, ...], ...], deck: Deck) -> Pool:
    return read_pool(grid, None, None, deck)


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
            gettext(
                "« {card} » est dans la grille de {first} et dans celle de {second} : chaque carte n’existe qu’une fois."
            ).format(card=clash.card, first=clash.first, second=clash.second),
        )
    raise InputError(
        "players",
        gettext("Il n’existe que {jokers} Jokers à la table ({jokers2}).").format(
            jokers=deck.jokers, jokers2=", ".join(clash.jokers)
        ),
    )


# --------------------------------------------------------------------------- opening

#: Players at a NUM DRAFT table (/num-draft/regles/#arbitrage-paquet: the deck follows the player count).
MIN_PLAYERS, MAX_PLAYERS, SMALL_TABLE = 2, 7, 5


def default_deck(players: int) -> str:
    """The deck a table of ``players`` plays unless it chooses (/num-draft/regles/#arbitrage-paquet):
    0 to 12 up to five players, 0 to 16 at six or seven."""
    return "0-12" if players <= SMALL_TABLE else "0-16"


@dataclass(frozen=True, slots=True)
class OpeningTurn:
    """One turn of the Ouverture: the cards turned, and what they decided."""

    number: int
    cards: tuple[tuple[str, AnyCard], ...]
    master: str | None
    must_turn: tuple[str, ...]
    explanation: str


@dataclass(frozen=True, slots=True)
class Opening:
    """Who is Maître du jeu, or who must turn another card (/num-draft/regles/#arbitrage-joker-ouverture).

    ``turns`` are the turns played so far; ``must_turn`` names the players still to turn a card
    (in table order); ``values`` is the deck in play (/num-draft/regles/#arbitrage-paquet).
    """

    master: str | None
    must_turn: tuple[str, ...]
    explanation: str
    turns: tuple[OpeningTurn, ...] = ()
    players: tuple[str, ...] = ()
    values: str = "0-12"


def _names_list(names: Sequence[str]) -> str:
    return (
        names[0]
        if len(names) == 1
        else gettext("{names} et {names2}").format(names=", ".join(names[:-1]), names2=names[-1])
    )


def _opening_card(name: str, token: object, deck: Deck, field: str, turn: int) -> AnyCard:
    """One turned card, checked against the table's deck; the error names the player."""
    where = f"{name}" if turn == 1 else gettext("{name} (tour {turn})").format(name=name, turn=turn)
    if not isinstance(token, str) or not token.strip():
        raise InputError(
            field, gettext("{where} : indiquez la carte retournée.").format(where=where)
        )
    try:
        card = parse_card(token, deck, field)
    except InputError as err:
        hint = (
            gettext(" Choisissez le paquet 0–16 si la table joue avec.")
            if deck.max_value < DRAFT_DECK_LARGE.max_value
            else ""
        )
        raise InputError(field, f"{where} : {err.message}{hint}") from None
    return card


def _opening_decision(
    number: int, cards: tuple[tuple[str, AnyCard], ...], state: dict[str, AnyCard]
) -> OpeningTurn:
    """What the cards in play decide (/num-draft/regles/#arbitrage-joker-ouverture): the smallest value held by exactly one
    player designates the Maître du jeu; a Joker has no value and its player turns another card
    (ruling); with no unique value every player (all tied) turns another card."""
    jokers = tuple(n for n, c in state.items() if not isinstance(c, Card))
    if jokers:
        return OpeningTurn(
            number,
            cards,
            None,
            jokers,
            (
                gettext(
                    "Un Joker n’a pas de valeur : {names_list} retourne une autre carte ; les autres gardent la leur."
                )
                if len(jokers) == 1
                else gettext(
                    "Un Joker n’a pas de valeur : {names_list} retournent une autre carte ; les autres gardent la leur."
                )
            ).format(names_list=_names_list(jokers)),
        )
    values = {n: c.value for n, c in state.items() if isinstance(c, Card)}  # no Joker is left
    counts: dict[int, int] = {}
    for card_value in values.values():
        counts[card_value] = counts.get(card_value, 0) + 1
    unique = sorted(v for v, k in counts.items() if k == 1)
    if unique:
        value = unique[0]
        master = next(n for n, v in values.items() if v == value)
        return OpeningTurn(
            number,
            cards,
            master,
            (),
            gettext("{master} a la plus petite valeur unique ({value}) : Maître du jeu.").format(
                master=master, value=value
            ),
        )
    tied = tuple(state)
    return OpeningTurn(
        number,
        cards,
        None,
        tied,
        gettext(
            "Aucune valeur unique : {names_list} sont à égalité et retournent une nouvelle carte."
        ).format(names_list=_names_list(tied)),
    )


def opening(
    turned: Sequence[tuple[str, object]],
    values: object = None,
    again: Sequence[tuple[str, Sequence[object]]] = (),
) -> Opening:
    """The Ouverture (/num-draft/regles/#ouverture; rulings ``#arbitrage-joker-ouverture`` and
    ``#arbitrage-paquet``), turn after turn, strict about the table.

    ``turned`` is the first turn: (name, card) for every player, in table order (2 to 7).
    ``again`` holds, per player, the cards turned at the following turns, in order: at each
    turn exactly the players the previous turn named (a Joker's player, or every tied player)
    turn their next card, the others keep theirs. Too few later cards is not an error: the
    answer names who still has to turn. The deck is 0–12 with 2–5 players and 0–16 with 6–7,
    unless ``values`` says which the table chose. Bad input, naming the players (field
    ``players``, ``cards`` or ``again``): a name missing or twice, a card outside the deck, a
    card turned twice (each card exists once), more than 2 Jokers, a later card for a player who
    was not asked to turn one.
    """
    if not isinstance(turned, list | tuple):
        raise InputError("players", gettext("Indiquez la carte retournée par chaque joueur."))
    if not MIN_PLAYERS <= len(turned) <= MAX_PLAYERS:
        raise InputError(
            "players",
            gettext(
                "L’ouverture se joue à toute la table, de {MIN_PLAYERS} à {MAX_PLAYERS} joueurs ({count} indiqué{value}) : entrez ici le premier tour de chaque joueur, puis les cartes suivantes de ceux qui retournent à nouveau."
            ).format(
                MIN_PLAYERS=MIN_PLAYERS,
                MAX_PLAYERS=MAX_PLAYERS,
                count=len(turned),
                value="s" if len(turned) > 1 else "",
            ),
        )
    if values is None or values == "":
        values = default_deck(len(turned))
    deck = deck_for(values)
    names: list[str] = []
    for name, _ in turned:
        clean = name.strip() if isinstance(name, str) else ""
        if not clean:
            raise InputError("players", gettext("Chaque joueur a un nom."))
        if clean.casefold() in (n.casefold() for n in names):
            raise InputError(
                "players", gettext("Deux joueurs s’appellent « {clean} ».").format(clean=clean)
            )
        names.append(clean)
    first = tuple(
        (name, _opening_card(name, token, deck, "cards", 1))
        for name, (_, token) in zip(names, turned, strict=True)
    )
    later = _later_cards(names, again)
    seen: dict[Card, str] = {}
    jokers: list[str] = []

    def unique(name: str, card: AnyCard, turn: int, field: str) -> None:
        where = f"{name}" + ("" if turn == 1 else gettext(" (tour {turn})").format(turn=turn))
        if isinstance(card, Card):
            if card in seen:
                raise InputError(
                    field,
                    gettext(
                        "« {card} » est retournée deux fois ({seen}, puis {where}) : chaque carte n’existe qu’une fois."
                    ).format(card=card, seen=seen[card], where=where),
                )
            seen[card] = where
        else:
            jokers.append(where)
            if len(jokers) > deck.jokers:
                raise InputError(
                    field,
                    gettext("Il n’existe que {jokers} Jokers ({jokers2} en retournent).").format(
                        jokers=deck.jokers, jokers2=", ".join(jokers)
                    ),
                )

    for name, card in first:
        unique(name, card, 1, "cards")
    state: dict[str, AnyCard] = dict(first)
    turns = [_opening_decision(1, first, state)]
    pending: tuple[str, ...] = ()
    while turns[-1].must_turn:
        number = len(turns) + 1
        waiting = turns[-1].must_turn
        pending = tuple(n for n in waiting if not later[n])
        if pending:  # these players have not turned their card yet: not an error
            for name in waiting:
                if later[name]:
                    card = _opening_card(name, later[name].pop(0), deck, "again", number)
                    unique(name, card, number, "again")
            break
        cards = []
        for name in waiting:
            card = _opening_card(name, later[name].pop(0), deck, "again", number)
            unique(name, card, number, "again")
            cards.append((name, card))
        state.update(cards)
        turns.append(_opening_decision(number, tuple(cards), state))
    extra = [n for n in names if later[n]]
    if extra:
        last = turns[-1]
        why = (
            gettext("{master} est déjà Maître du jeu au tour {number}").format(
                master=last.master, number=last.number
            )
            if last.master
            else gettext(
                "au tour {value}, une carte est attendue de {names_list} seulement"
            ).format(value=last.number + 1, names_list=_names_list(last.must_turn))
        )
        raise InputError(
            "again",
            gettext("{names_list} : une carte de trop ({items}) — {why}.").format(
                names_list=_names_list(extra),
                items=", ".join(str(t) for n in extra for t in later[n]),
                why=why,
            ),
        )
    last = turns[-1]
    explanation = last.explanation
    if pending and len(pending) < len(last.must_turn):
        explanation += (
            gettext(" Tour {number} : {names_list} doit encore retourner une carte.")
            if len(pending) == 1
            else gettext(" Tour {number} : {names_list} doivent encore retourner une carte.")
        ).format(number=last.number + 1, names_list=_names_list(pending))
    return Opening(last.master, pending, explanation, tuple(turns), tuple(names), deck.range_label)


def _later_cards(
    names: Sequence[str], again: Sequence[tuple[str, Sequence[object]]]
) -> dict[str, list[object]]:
    """Each player's cards after the first turn, in order; the names must be the table's."""
    later: dict[str, list[object]] = {n: [] for n in names}
    by_fold = {n.casefold(): n for n in names}
    given: set[str] = set()
    for name, cards in again:
        clean = name.strip() if isinstance(name, str) else ""
        known = by_fold.get(clean.casefold())
        if known is None:
            raise InputError(
                "again",
                gettext(
                    "« {clean} » n’a pas retourné de carte au premier tour (la table : {names_list})."
                ).format(clean=clean, names_list=_names_list(list(names))),
            )
        if known in given:
            raise InputError(
                "again",
                gettext("{known} a deux lignes : mettez ses cartes sur une seule.").format(
                    known=known
                ),
            )
        given.add(known)
        if not isinstance(cards, list | tuple):
            raise InputError(
                "again",
                gettext("{known} : indiquez ses cartes comme une liste.").format(known=known),
            )
        later[known] = list(cards)
    return later
