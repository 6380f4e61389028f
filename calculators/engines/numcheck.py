"""NUM CHECK scoring: combinations, Rainbow readings, references, rank bonuses, sheets.

Implements /num-check/regles/#reference-et-rang exactly. A claim is a combination key, its cards and a rank 1–8.
:func:`score` finds every legal *reading* of the cards (what each Rainbow stands for, which
mode) and keeps the one with the highest total at the claim's rank (ties: normal mode before
élargi, then the greatest references: /num-check/regles/#arbitrage-meilleure-lecture).
``score = base + references + rank bonus`` (/num-check/regles/#reference-et-rang).
:func:`detect` lists the CHECKs a hand and the centre allow; :func:`sheet` scores a player's
claims in order.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import combinations
from operator import itemgetter
from typing import Generic, TypeVar

from .cards import (
    FAMILIES,
    NUM_CHECK_DECK,
    ActionCard,
    AnyCard,
    Card,
    Family,
    InputError,
    fold_name,
    parse_cards,
)
from .i18n import get_language as current_language
from .i18n import gettext, gettext_noop
from .names import clean_names
from .numbers import parse_whole
from .standings import Standing, standings

MAX_VALUE = NUM_CHECK_DECK.max_value

#: how a caller names the players of a game clock (:class:`GameEnd`)
K = TypeVar("K")


@dataclass(frozen=True, slots=True)
class Combo:
    """One of the 14 combinations of /num-check/regles/#combinaisons."""

    key: str
    name: str
    count: int
    base: int
    refs: int  # 1 or 2 reference cards
    composition: str
    feminine: bool = True

    @property
    def label(self) -> str:
        """The name in the engines' current language (``name`` stays the French reference)."""
        return gettext(self.name)

    @property
    def description(self) -> str:
        """The composition in the engines' current language."""
        return gettext(self.composition)

    @property
    def article(self) -> str:
        return gettext("une") if self.feminine else gettext("un")


COMBOS: tuple[Combo, ...] = (
    Combo("paire", gettext_noop("Paire"), 2, 2, 1, gettext_noop("2 cartes de même valeur")),
    Combo(
        "double_paire",
        gettext_noop("Double Paire"),
        4,
        3,
        2,
        gettext_noop("2 paires de valeurs différentes"),
    ),
    Combo(
        "couleur",
        gettext_noop("Couleur"),
        5,
        4,
        1,
        gettext_noop("5 cartes d’une même famille (R, V, B, J ou S)"),
    ),
    Combo(
        "suite_paire",
        gettext_noop("Suite Paire"),
        5,
        5,
        2,
        gettext_noop("une suite de 3 valeurs + une paire"),
    ),
    Combo(
        "full",
        gettext_noop("Full"),
        5,
        8,
        2,
        gettext_noop("un brelan + une paire de valeur différente"),
        False,
    ),
    Combo(
        "suite_pivot",
        gettext_noop("Suite Pivot"),
        4,
        9,
        1,
        gettext_noop("4 valeurs consécutives incluant le 8"),
    ),
    Combo(
        "suite_longue",
        gettext_noop("Suite longue libre"),
        5,
        10,
        1,
        gettext_noop("5 valeurs consécutives"),
    ),
    Combo(
        "brelan", gettext_noop("Brelan"), 3, 10, 1, gettext_noop("3 cartes de même valeur"), False
    ),
    Combo(
        "suite_zenith",
        gettext_noop("Suite Zénith"),
        5,
        14,
        1,
        gettext_noop("exactement 12-13-14-15-16"),
    ),
    Combo(
        "full_cosmique",
        gettext_noop("Full Cosmique"),
        5,
        14,
        2,
        gettext_noop("un Full en cartes naturelles avec au moins une Rainbow et une Shadow"),
        False,
    ),
    Combo(
        "paire_cosmique",
        gettext_noop("Paire Cosmique"),
        2,
        15,
        1,
        gettext_noop("la Rainbow et la Shadow d’une même valeur"),
    ),
    Combo("carre", gettext_noop("Carré"), 4, 19, 1, gettext_noop("4 cartes de même valeur"), False),
    Combo(
        "suite_couleur",
        gettext_noop("Suite couleur"),
        5,
        21,
        1,
        gettext_noop("5 valeurs consécutives d’une même famille"),
    ),
    Combo("nums", gettext_noop("Num's"), 5, 22, 1, gettext_noop("5 cartes de même valeur"), False),
)
COMBOS_BY_KEY: dict[str, Combo] = {c.key: c for c in COMBOS}

#: Fixed rank bonuses (/num-check/regles/#bonus-de-rang); ranks 4, 6 and 8 are computed.
FIXED_BONUS = {1: 8, 2: 10, 3: 14, 5: 18, 7: 22}
RANKS = range(1, 9)
#: The modes (/num-check/regles/#arbitrage-fin-de-partie: 2 deck turns in Classique, 3 in Famille).
CLASSIC, FAMILY = "classic", "family"
#: The tables the site scores: the rulebook's 2 to 6 players, and 7 or more in 3 deck turns, up to
#: ten sheets side by side.
MIN_PLAYERS, MAX_PLAYERS = 2, 10

#: NUM CHECK titles (/num-check/regles/#arbitrage-titres): lower bound of each title, the upper title wins a bound.
TITLES: tuple[tuple[int, str], ...] = (
    (321, gettext_noop("Légende de NUM CHECK")),
    (250, gettext_noop("Grand Maître")),
    (180, gettext_noop("Maître")),
    (100, gettext_noop("Stratège")),
    (-(10**9), gettext_noop("Novice")),
)

ACTION_REASON = gettext_noop("les cartes Action ne peuvent jamais intégrer une combinaison.")


class LazyRoles(Sequence[str]):
    """A reading's Rainbow roles, worded only when read: a Couleur of Rainbows has dozens of
    candidate readings and only the best one is ever explained. ``make`` gives the texts (in
    the language active when they are first read); they are kept once made."""

    __slots__ = ("_make", "_texts")

    def __init__(self, make: Callable[[], tuple[str, ...]]) -> None:
        self._make: Callable[[], tuple[str, ...]] | None = make
        self._texts: tuple[str, ...] = ()

    def _words(self) -> tuple[str, ...]:
        if self._make is not None:
            self._texts, self._make = self._make(), None
        return self._texts

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        return self._words()[index]

    def __len__(self) -> int:
        return len(self._words())

    def __iter__(self) -> Iterator[str]:
        return iter(self._words())

    def __eq__(self, other: object) -> bool:
        return tuple(self) == (tuple(other) if isinstance(other, Sequence) else other)

    def __hash__(self) -> int:
        return hash(self._words())

    def __repr__(self) -> str:
        return repr(self._words())


@dataclass(frozen=True, slots=True)
class Reading:
    """One legal way to read the cards as the combination.

    ``references`` follow /num-check/regles/#arbitrage-references-doubles order (main first; élargi: highest, lowest; pure Shadow
    suite: the single value highest + lowest). ``roles`` say in French what each Rainbow did.
    """

    references: tuple[int, ...]
    mode: str = "normal"  # "normal" or "elargi"
    roles: Sequence[str] = ()  # a tuple, or LazyRoles worded when read
    note: str = ""  # e.g. the Shadow rule that set the reference

    @property
    def gap_bonus(self) -> bool:
        """Whether rank 4 rewards the gap between two references."""
        return len(self.references) == 2


@dataclass(frozen=True, slots=True)
class ClaimResult:
    """The answer to one claim: valid with its breakdown, or « CHECK invalide » with a reason."""

    valid: bool
    combo: Combo
    cards: tuple[AnyCard, ...]
    rank: int
    base: int = 0
    references: tuple[int, ...] = ()
    rank_bonus: int = 0
    total: int = 0
    reading: str = ""
    explanation: tuple[str, ...] = ()
    reason: str = ""
    mode: str = "normal"


# --------------------------------------------------------------------------- validation


#: Every spelling of a combination accepted on input (/num-check/regles/#combinaisons): its key, or its name as
#: the site writes it (« Paire », « Suite couleur »), in any case, with or without accents.
COMBO_ALIASES: dict[str, str] = {fold_name(c.name): c.key for c in COMBOS} | {
    fold_name(c.key): c.key for c in COMBOS
}


def find_combo(text: str) -> Combo | None:
    """The combination ``text`` names (a key or the site's name, any case or accents), if any."""
    key = COMBO_ALIASES.get(fold_name(text))
    return COMBOS_BY_KEY[key] if key else None


def get_combo(key: object) -> Combo:
    """The combination named by ``key`` (see :data:`COMBO_ALIASES`), or an
    :class:`InputError` on field ``combo``. Answers always use the canonical key."""
    combo = find_combo(key) if isinstance(key, str) else None
    if combo is None:
        names = ", ".join(gettext(c.name) for c in COMBOS)
        raise InputError(
            "combo",
            gettext("« {key} » n’est pas une combinaison de NUM CHECK ({names}).").format(
                key=key, names=names
            ),
        )
    return combo


def check_rank(rank: object) -> int:
    """A rank 1–8, or an :class:`InputError` on field ``rank``."""
    if isinstance(rank, bool) or not isinstance(rank, int | str):
        raise InputError("rank", gettext("Le rang doit être un nombre entier de 1 à 8."))
    value = rank if isinstance(rank, int) else parse_whole(rank)
    if value is None:
        raise InputError(
            "rank", gettext("« {rank} » n’est pas un rang : choisissez de 1 à 8.").format(rank=rank)
        )
    if value not in RANKS:
        raise InputError(
            "rank",
            gettext("Le rang {value} n’existe pas : un joueur a 8 rangs, de 1 à 8.").format(
                value=value
            ),
        )
    return value


def read_cards(cards: object, field: str = "cards") -> list[AnyCard]:
    """Parse a claim's cards with the NUM CHECK deck (0–16, action cards allowed)."""
    return parse_cards(cards, NUM_CHECK_DECK, field)


# --------------------------------------------------------------------------- scoring


def rank_bonus(combo: Combo, reading: Reading, rank: int) -> int:
    """The rank bonus of /num-check/regles/#bonus-de-rang."""
    return _bonus(combo, reading.references, rank)


def _bonus(combo: Combo, refs: tuple[int, ...], rank: int) -> int:
    """:func:`rank_bonus` from the references alone (two references: the gap bonus at rank 4)."""
    if rank in FIXED_BONUS:
        return FIXED_BONUS[rank]
    if rank == 4:
        return (max(refs) - min(refs)) * 2 if len(refs) == 2 else refs[0] * 2
    if rank == 6:
        return refs[0] * 2
    return combo.base * 2  # rank 8


def total_of(combo: Combo, reading: Reading, rank: int) -> int:
    return combo.base + sum(reading.references) + rank_bonus(combo, reading, rank)


#: How good a reading is (:func:`_preference`): compared as a tuple, greatest best.
Preference = tuple[int, bool, tuple[int, ...]]


def _preference(combo: Combo, reading: Reading, rank: int) -> Preference:
    """Sort key of /num-check/regles/#arbitrage-meilleure-lecture: total, then normal mode, then greatest references."""
    return _key(combo, reading.references, reading.mode, rank)


def _key(combo: Combo, refs: tuple[int, ...], mode: str, rank: int) -> Preference:
    """:func:`_preference` of a reading with these references and mode."""
    return (combo.base + sum(refs) + _bonus(combo, refs, rank), mode == "normal", refs)


def best_reading(
    combo: Combo,
    cards: Sequence[Card],
    rank: int,
    candidates: Iterable[Reading] | None = None,
    *,
    rainbows: bool | None = None,
) -> Reading | None:
    """The reading with the highest score at ``rank``, or ``None`` if the cards do not form it.
    ``candidates``: ``readings(combo, cards)`` already listed (:func:`rank_table` lists them
    once for its eight ranks). ``rainbows``: whether the cards hold a Rainbow, when the caller
    knows (the detector asks about many subsets of one hand); it only chooses how the same
    answer is found."""
    if candidates is not None:
        return _best_of(combo, candidates, rank)
    if len(cards) != combo.count:
        return None
    if combo.key == "couleur":
        return _best_couleur(cards, rank)
    if combo.key == "suite_couleur":
        return _best_suite_couleur(cards)
    if rainbows is None:
        rainbows = any(c.is_rainbow for c in cards)
    if rainbows and combo.key in _FAMILY_BLIND:
        # Rainbows multiply the readings: the best one is shared by the cards of one shape
        return _best_blind(combo.key, _shape(cards), rank, current_language())
    return _best_of(combo, readings(combo, cards), rank)


def _best_of(combo: Combo, candidates: Iterable[Reading], rank: int) -> Reading | None:
    """The first of the best ``candidates`` at ``rank`` (:func:`_preference`)."""
    best: Reading | None = None
    best_key: Preference | None = None
    for reading in candidates:
        if reading.mode == "elargi" and rank != 4:
            continue  # mode élargi exists at rank 4 only (#arbitrage-couleur-elargie)
        key = _preference(combo, reading, rank)
        if best_key is None or key > best_key:
            best, best_key = reading, key
    return best


def score(combo: str | Combo, cards: str | Sequence[object], rank: object) -> ClaimResult:
    """Score one claim (/num-check/regles/#reference-et-rang).

    Raises :class:`InputError` for bad input (unknown combination, bad or duplicate card, wrong
    card count, rank outside 1–8). A claim whose cards do not form the combination, or that holds
    an action card, is a valid answer « CHECK invalide » with its reason.
    """
    return _score_parsed(*_checked(combo, cards, rank))


def _checked(
    combo: str | Combo, cards: str | Sequence[object], rank: object
) -> tuple[Combo, list[AnyCard], int]:
    """The claim read and checked (:func:`score`'s input errors), not yet scored."""
    combo_obj = combo if isinstance(combo, Combo) else get_combo(combo)
    parsed = read_cards(cards)
    rank_value = check_rank(rank)
    if len(parsed) != combo_obj.count:
        raise InputError(
            "cards",
            gettext(
                "{capitalize} {name} compte {count} cartes : vous en avez donné {count2}."
            ).format(
                capitalize=combo_obj.article.capitalize(),
                name=gettext(combo_obj.name),
                count=combo_obj.count,
                count2=len(parsed),
            ),
        )
    return combo_obj, parsed, rank_value


def _score_parsed(
    combo: Combo,
    cards: Sequence[AnyCard],
    rank: int,
    candidates: Sequence[Reading] | None = None,
) -> ClaimResult:
    frozen = tuple(cards)
    if any(isinstance(c, ActionCard) for c in cards):
        return ClaimResult(
            False,
            combo,
            frozen,
            rank,
            reason=gettext("CHECK invalide : {ACTION_REASON}").format(
                ACTION_REASON=gettext(ACTION_REASON)
            ),
        )
    numeric = [c for c in cards if isinstance(c, Card)]
    reading = best_reading(combo, numeric, rank, candidates)
    if reading is None:
        return ClaimResult(False, combo, frozen, rank, reason=invalid_reason(combo, numeric))
    return _valid_result(combo, frozen, rank, reading, current_language())


def _valid_result(
    combo: Combo, cards: tuple[AnyCard, ...], rank: int, reading: Reading, language: str
) -> ClaimResult:
    """The valid answer for ``cards`` read as ``reading`` (their best reading at ``rank``),
    worded in ``language``, the engines' current language."""
    bonus = rank_bonus(combo, reading, rank)
    total = combo.base + sum(reading.references) + bonus
    described, explanation = _words(combo, reading, rank, language)
    return ClaimResult(
        True,
        combo,
        cards,
        rank,
        base=combo.base,
        references=reading.references,
        rank_bonus=bonus,
        total=total,
        reading=described,
        explanation=explanation,
        mode=reading.mode,
    )


@lru_cache(maxsize=8192)
def _words(combo: Combo, reading: Reading, rank: int, language: str) -> tuple[str, tuple[str, ...]]:
    """:func:`describe` and :func:`explain` of a reading at ``rank``, in ``language``: the
    detector words the same readings for many cards."""
    return describe(combo, reading), _explained(combo, reading.references, rank, language)


@lru_cache(maxsize=4096)
def _explained(combo: Combo, refs: tuple[int, ...], rank: int, language: str) -> tuple[str, ...]:
    """:func:`explain`, which reads of a reading only its references: shared by the readings
    that differ in their Rainbows' roles alone (outs words one per card shape)."""
    bonus = _bonus(combo, refs, rank)
    return explain(combo, Reading(refs), rank, bonus, combo.base + sum(refs) + bonus)


def rank_table(combo: str | Combo, cards: str | Sequence[object]) -> list[ClaimResult]:
    """The same claim scored at ranks 1 to 8 (« cette combinaison aux rangs 1 à 8 »): exactly
    ``[score(combo, cards, r) for r in RANKS]``, with the cards read and their readings listed
    once instead of eight times (five Rainbows in a Full have dozens of readings, and the page
    draws this table beside every result)."""
    combo_obj, parsed, _ = _checked(combo, cards, RANKS[0])  # every input check, once
    numeric = [c for c in parsed if isinstance(c, Card)]
    # A reading's preference is a function of its references and mode (two readings that
    # differ there never tie), and best_reading keeps the first of equals: the first reading
    # of each (references, mode) stands for the others (60 readings of five Rainbows → 20).
    firsts: dict[tuple[tuple[int, ...], str], Reading] = {}
    for reading in readings(combo_obj, numeric):
        firsts.setdefault((reading.references, reading.mode), reading)
    candidates = tuple(firsts.values())
    return [_score_parsed(combo_obj, parsed, rank, candidates) for rank in RANKS]


def elargi_note(result: ClaimResult) -> str:
    """Why a Couleur scored at rank 4 is read in mode élargi or stays normal (/num-check/regles/#carte-de-reference,
    « Couleur, mode élargi »; ruling ``/num-check/regles/#arbitrage-couleur-elargie``).

    Only at rank 4 may a Couleur use two references, its lowest and highest card, and then the
    bonus doubles their gap instead of the reference; the engine keeps the better mode (ties:
    normal). Returns ``""`` for anything but a valid Couleur at rank 4.
    """
    if not result.valid or result.combo.key != "couleur" or result.rank != 4:
        return ""
    numeric = [c for c in result.cards if isinstance(c, Card)]
    best: dict[str, tuple[Preference, Reading]] = {}
    for reading in readings(result.combo, numeric):
        key = _preference(result.combo, reading, 4)
        if reading.mode not in best or key > best[reading.mode][0]:
            best[reading.mode] = (key, reading)
    normal, elargi = best["normal"][1], best["elargi"][1]
    normal_total = total_of(result.combo, normal, 4)
    hi, lo = elargi.references
    elargi_total = total_of(result.combo, elargi, 4)
    how = gettext(
        "Au rang 4 seulement, une Couleur peut passer en mode élargi : deux références, sa plus haute ({hi}) et sa plus basse ({lo}) carte, et le bonus double leur écart — {base} + ({hi} + {lo}) + ({hi} − {lo}) × 2 = {elargi_total}, contre {normal_total} en mode normal{value}."
    ).format(
        hi=hi,
        lo=lo,
        base=result.combo.base,
        elargi_total=elargi_total,
        normal_total=normal_total,
        value=f" ({normal.note})" if normal.note else "",
    )
    if result.mode == "elargi":
        return gettext("{how} Le calcul garde le meilleur : le mode élargi.").format(how=how)
    if elargi_total == normal_total:
        return gettext("{how} À égalité, le mode normal est gardé.").format(how=how)
    return gettext("{how} Le mode normal rapporte plus : il est gardé.").format(how=how)


# --------------------------------------------------------------------------- explanations


def describe(combo: Combo, reading: Reading) -> str:
    """The reading in words: what each Rainbow stood for, which mode, which Shadow rule."""
    parts = list(reading.roles)
    if reading.note:
        parts.append(reading.note)
    if reading.mode == "elargi":
        hi, lo = reading.references
        parts.append(
            gettext("mode élargi : références la plus haute ({hi}) et la plus basse ({lo})").format(
                hi=hi, lo=lo
            )
        )
    elif combo.key == "couleur":
        parts.append(gettext("mode normal"))
    if not parts:
        parts.append(gettext("toutes les cartes comptent pour leur valeur imprimée"))
    text = " ; ".join(parts)
    return text[0].upper() + text[1:] + "."


def explain(combo: Combo, reading: Reading, rank: int, bonus: int, total: int) -> tuple[str, ...]:
    """The breakdown, line by line, in the rulebook's words, so that every point of a result is
    explained (« Base Full : 8 », « Rang 4 : écart (7 − 3) × 2 = 8 »)."""
    refs = reading.references
    lines = [gettext("Base {name} : {base}").format(name=gettext(combo.name), base=combo.base)]
    if len(refs) == 1:
        lines.append(gettext("Carte de référence : {refs}").format(refs=refs[0]))
    else:
        lines.append(
            gettext("Cartes de référence : {refs} + {refs2}").format(refs=refs[0], refs2=refs[1])
        )
    if rank in FIXED_BONUS:
        lines.append(gettext("Rang {rank} : +{bonus}").format(rank=rank, bonus=bonus))
    elif rank == 4 and reading.gap_bonus:
        lines.append(
            gettext("Rang 4 : écart ({max} − {min}) × 2 = {bonus}").format(
                max=max(refs), min=min(refs), bonus=bonus
            )
        )
    elif rank == 4:
        lines.append(
            gettext("Rang 4 : référence {refs} × 2 = {bonus}").format(refs=refs[0], bonus=bonus)
        )
    elif rank == 6:
        lines.append(
            gettext("Rang 6 : référence principale {refs} × 2 = {bonus}").format(
                refs=refs[0], bonus=bonus
            )
        )
    else:
        lines.append(
            gettext("Rang 8 : base {base} × 2 = {bonus}").format(base=combo.base, bonus=bonus)
        )
    lines.append(gettext("Total : {total}").format(total=total))
    return tuple(lines)


def invalid_reason(combo: Combo, cards: Sequence[Card]) -> str:
    """One sentence saying why the cards are not the announced combination."""
    detail = ""
    rainbows = sum(c.is_rainbow for c in cards)
    if combo.key in ("couleur", "suite_couleur") and rainbows == len(cards):
        detail = gettext(
            " La Rainbow n’est pas une famille : il faut au moins une carte naturelle."
        )
    elif combo.key in ("couleur", "suite_couleur"):
        families = {c.family for c in cards if not c.is_rainbow}
        if len(families) > 1:
            names = ", ".join(sorted(f.french for f in families))
            detail = gettext(" Les familles se mélangent ({names}).").format(names=names)
    elif combo.key == "full_cosmique":
        if not any(c.is_rainbow for c in cards) or not any(c.is_shadow for c in cards):
            detail = gettext(" Il lui faut au moins une Rainbow et une Shadow.")
        else:
            detail = gettext(" Toutes ses cartes comptent pour leur valeur imprimée.")
    elif combo.key == "suite_pivot":
        detail = gettext(" La Rainbow peut seulement remplacer le 8 manquant.")
    elif combo.key == "suite_zenith":
        detail = gettext(" La Rainbow peut seulement remplacer le 16 manquant.")
    elif combo.key in ("suite_longue", "double_paire", "suite_paire") and rainbows:
        detail = gettext(" Ici, la Rainbow compte pour sa valeur imprimée.")
    elif combo.key in ("full", "double_paire") and len({c.value for c in cards}) == 1:
        detail = gettext(" Les deux groupes doivent avoir des valeurs différentes.")
    return gettext(
        "CHECK invalide : ces cartes ne forment pas {article} {name} ({composition}).{detail}"
    ).format(
        article=combo.article,
        name=gettext(combo.name),
        composition=gettext(combo.composition),
        detail=detail,
    )


# --------------------------------------------------------------------------- readings


def readings(combo: Combo, cards: Sequence[Card]) -> Iterator[Reading]:
    """Every legal reading of ``cards`` as ``combo`` (/num-check/regles/#arbitrage-meilleure-lecture)."""
    if len(cards) != combo.count:
        return iter(())
    return _READERS[combo.key](cards)


def _same_value(cards: Sequence[Card]) -> Iterator[int]:
    """Values a same-value group may take: Rainbows are value jokers, one natural card at least.

    Ruling: the group's value is the printed value of a natural card (/num-check/regles/#arbitrage-meilleure-lecture).
    """
    fixed = {c.value for c in cards if not c.is_rainbow}
    if len(fixed) > 1:
        return
    if fixed:
        yield next(iter(fixed))
        return
    yield from sorted({c.value for c in cards}, reverse=True)


def _roles(cards: Sequence[Card], value: int) -> tuple[str, ...]:
    """What each Rainbow of ``cards`` stands for in a group of ``value``, in words."""
    return tuple(
        gettext("la Rainbow {value} compte comme un {value2}").format(value=c.value, value2=value)
        for c in cards
        if c.is_rainbow and c.value != value
    )


def _group_roles(*groups: tuple[Sequence[Card], int]) -> LazyRoles:
    """The roles of the Rainbows of each (cards, value) group, worded when read (a Full of
    five Rainbows has 60 readings and only the best one is explained)."""
    return LazyRoles(
        lambda: tuple(role for cards, value in groups for role in _roles(cards, value))
    )


def _group_readings(cards: Sequence[Card]) -> Iterator[Reading]:
    """Paire, Brelan, Carré, Num's: one value group (/num-check/regles/#arbitrage-meilleure-lecture value joker)."""
    for value in _same_value(cards):
        yield Reading((value,), roles=_group_roles((cards, value)))


def _full_readings(cards: Sequence[Card]) -> Iterator[Reading]:
    """Full: a three and a pair of different values; Rainbows are value jokers."""
    indices = range(len(cards))
    for three_idx in combinations(indices, 3):
        three = [cards[i] for i in three_idx]
        pair = [cards[i] for i in indices if i not in three_idx]
        for t in _same_value(three):
            for p in _same_value(pair):
                if t != p:
                    yield Reading((t, p), roles=_group_roles((three, t), (pair, p)))


def _full_cosmique_readings(cards: Sequence[Card]) -> Iterator[Reading]:
    """Full Cosmique: natural cards only, with at least one Rainbow and one Shadow (ruling)."""
    if not any(c.is_rainbow for c in cards) or not any(c.is_shadow for c in cards):
        return
    counts = Counter(c.value for c in cards)
    if sorted(counts.values()) == [2, 3]:
        three = next(v for v, n in counts.items() if n == 3)
        pair = next(v for v, n in counts.items() if n == 2)
        yield Reading((three, pair))


def _paire_cosmique_readings(cards: Sequence[Card]) -> Iterator[Reading]:
    """Paire Cosmique: the Rainbow and the Shadow of one value, both natural."""
    a, b = cards
    if {a.family, b.family} == {Family.RAINBOW, Family.SHADOW} and a.value == b.value:
        yield Reading((a.value,))


def _double_paire_readings(cards: Sequence[Card]) -> Iterator[Reading]:
    """Double Paire: two natural pairs of different values (ruling: Rainbow natural)."""
    counts = Counter(c.value for c in cards)
    if sorted(counts.values()) == [2, 2]:
        high, low = sorted(counts, reverse=True)
        yield Reading((high, low))


def _consecutive(values: Sequence[int]) -> bool:
    ordered = sorted(values)
    return all(b - a == 1 for a, b in zip(ordered, ordered[1:], strict=False))


def _suite_paire_readings(cards: Sequence[Card]) -> Iterator[Reading]:
    """Suite Paire: a natural run of 3 + a natural pair (which may repeat a run value)."""
    indices = range(len(cards))
    seen: set[tuple[int, int]] = set()
    for pair_idx in combinations(indices, 2):
        a, b = (cards[i] for i in pair_idx)
        if a.value != b.value:
            continue
        run = [cards[i].value for i in indices if i not in pair_idx]
        if _consecutive(run):
            refs = (max(run), a.value)
            if refs not in seen:
                seen.add(refs)
                yield Reading(refs)


def _suite_reference(values: Sequence[int], cards: Sequence[Card]) -> tuple[int, str]:
    """Single reference of a suite (/num-check/regles/#arbitrage-references-doubles): highest; lowest with a Shadow; pure Shadow
    suite (every card a natural Shadow): highest + lowest."""
    hi, lo = max(values), min(values)
    if cards and all(c.is_shadow for c in cards) and len(cards) == len(values):
        return hi + lo, gettext("suite Shadow pure : référence {hi} + {lo} = {value}").format(
            hi=hi, lo=lo, value=hi + lo
        )
    if any(c.is_shadow for c in cards):
        return lo, gettext(
            "une Shadow est présente : la référence est la plus basse carte ({lo})"
        ).format(lo=lo)
    return hi, ""


def _natural_suite(
    cards: Sequence[Card], stand_in: int | None, window_ok: Callable[[list[int]], bool]
) -> Iterator[Reading]:
    """Suites whose cards are natural, with optionally one Rainbow standing for ``stand_in``."""
    values = [c.value for c in cards]
    if _consecutive(values) and window_ok(values):
        ref, note = _suite_reference(values, cards)
        yield Reading((ref,), note=note)
    if stand_in is None or stand_in in values:
        return
    for i, card in enumerate(cards):
        if not card.is_rainbow:
            continue
        replaced = values[:i] + [stand_in] + values[i + 1 :]
        if _consecutive(replaced) and window_ok(replaced):
            others = [c for j, c in enumerate(cards) if j != i]
            ref, note = _suite_reference(replaced, others + [card])
            role = gettext("la Rainbow {value} remplace le {stand_in} manquant").format(
                value=card.value, stand_in=stand_in
            )
            yield Reading((ref,), roles=(role,), note=note)


def _suite_longue_readings(cards: Sequence[Card]) -> Iterator[Reading]:
    """Suite longue libre: 5 consecutive natural values, families free."""
    return _natural_suite(cards, None, lambda v: True)


def _suite_pivot_readings(cards: Sequence[Card]) -> Iterator[Reading]:
    """Suite Pivot: 4 consecutive values including 8; one Rainbow may be the missing 8."""
    return _natural_suite(cards, 8, lambda v: 8 in v)


def _suite_zenith_readings(cards: Sequence[Card]) -> Iterator[Reading]:
    """Suite Zénith: exactly 12–16; one Rainbow may be the missing 16."""
    return _natural_suite(cards, 16, lambda v: sorted(v) == [12, 13, 14, 15, 16])


def _one_family(cards: Sequence[Card]) -> Family | None:
    """The family of a Couleur / Suite couleur: every non-Rainbow card shares it (≥ 1 such)."""
    families = {c.family for c in cards if not c.is_rainbow}
    if len(families) != 1:
        return None
    return next(iter(families))


def _became(
    jokers: Sequence[Card], values: Sequence[int], family: Family, *, strict: bool = False
) -> tuple[str, ...]:
    """« la Rainbow 3 devient le 7 Rouge »: each Rainbow and the value it takes, in words."""
    return tuple(
        gettext("la Rainbow {value} devient le {v} {french}").format(
            value=j.value, v=v, french=family.french
        )
        for j, v in zip(jokers, values, strict=strict)
    )


@lru_cache(maxsize=8192)
def _couleur_choice(
    natural: tuple[int, ...], jokers: int, shadow: bool, rank: int
) -> tuple[int, int, str] | None:
    """The (lowest, highest, mode) of the best Couleur reading, from what decides it alone: the
    natural values (sorted, distinct), how many Rainbows, whether the family is Shadow, the
    rank. The same readings in :func:`_couleur_readings`' order, compared by the same key
    (:func:`_key`), the first of equals kept; a Couleur of Rainbows has hundreds of them."""
    base = COMBOS_BY_KEY["couleur"].base
    # _key of a one-reference reading is (base + r + bonus, True, (r,)), the bonus
    # slope * r + offset at every rank (/num-check/regles/#bonus-de-rang): computed here inline
    slope, offset = (0, FIXED_BONUS[rank]) if rank in FIXED_BONUS else (0, base * 2)
    if rank in (4, 6):
        slope, offset = 2, 0
    n_lo, n_hi = natural[0], natural[-1]
    present = set(natural)
    missing = [v for v in range(MAX_VALUE + 1) if v not in present]
    best: tuple[int, int, str] | None = None
    best_key: Preference | None = None
    for lo in sorted({n_lo, *[m for m in missing if m < n_lo]}):
        for hi in sorted({n_hi, *[m for m in missing if m > n_hi]}):
            placed = (lo not in present) + (hi not in present)
            if placed > jokers:
                continue
            free = bisect_left(missing, hi) - bisect_right(missing, lo)
            if jokers - placed > free:
                continue
            ref = lo if shadow else hi
            key: Preference = (base + ref + slope * ref + offset, True, (ref,))
            if best_key is None or key > best_key:
                best, best_key = (lo, hi, "normal"), key
            if rank == 4:  # mode élargi exists at rank 4 only (#arbitrage-couleur-elargie)
                key = (base + hi + lo + (hi - lo) * 2, False, (hi, lo))
                if key > best_key:
                    best, best_key = (lo, hi, "elargi"), key
    return best


def _best_couleur(cards: Sequence[Card], rank: int) -> Reading | None:
    """:func:`best_reading` of a Couleur: the reading :func:`_couleur_choice` keeps, built
    alone, with its family and its Rainbows' roles."""
    family = _one_family(cards)
    if family is None:
        return None
    natural = sorted(c.value for c in cards if not c.is_rainbow)
    if len(set(natural)) != len(natural):
        return None  # impossible with a valid deck, kept for safety
    jokers = [c for c in cards if c.is_rainbow]
    shadow = family is Family.SHADOW
    choice = _couleur_choice(tuple(natural), len(jokers), shadow, rank)
    if choice is None:
        return None
    lo, hi, mode = choice
    placed = [v for v in (lo, hi) if v not in natural]
    free = [m for m in range(lo + 1, hi) if m not in natural and m not in placed]
    values = placed + free[: len(jokers) - len(placed)]
    roles = LazyRoles(partial(_became, jokers, sorted(values, reverse=True), family))
    if mode == "elargi":
        return Reading((hi, lo), mode="elargi", roles=roles)
    if shadow:
        note = gettext(
            "une Shadow est présente : la référence est la plus basse carte ({lo})"
        ).format(lo=lo)
        return Reading((lo,), roles=roles, note=note)
    return Reading((hi,), roles=roles)


_RAINBOW, _SHADOW = Family.RAINBOW, Family.SHADOW

#: What the readers of :data:`_FAMILY_BLIND` see of cards: value, Rainbow?, Shadow? each.
Shape = tuple[tuple[int, bool, bool], ...]

#: The combinations whose readings see of a card only its value and whether it is a Rainbow
#: or a Shadow (not which other family): their best reading is shared by the cards that
#: differ only there (:func:`_best_blind`).
_FAMILY_BLIND = frozenset(
    {
        "paire", "brelan", "carre", "nums", "full", "full_cosmique", "paire_cosmique",
        "double_paire", "suite_paire", "suite_longue", "suite_pivot", "suite_zenith",
    }
)  # fmt: skip


@lru_cache(maxsize=65536)
def _best_blind(
    key: str, shape: tuple[tuple[int, bool, bool], ...], rank: int, language: str
) -> Reading | None:
    """:func:`best_reading` for cards of this shape (value, Rainbow?, Shadow? each, in order),
    read on stand-in cards of that shape: the readers of :data:`_FAMILY_BLIND` ask nothing else
    of a card. Memoised with the language its texts are in."""
    if key == "full":
        return _best_full(shape, rank)
    cards = [_STAND_INS[card] for card in shape]
    fast = _FAST_BEST.get(key)
    if fast is not None:
        return fast(cards, rank)
    return _best_of(COMBOS_BY_KEY[key], _READERS[key](cards), rank)


#: The stand-in card of each shape (:func:`_best_blind`): a plain card is read as a Red one.
_STAND_INS: dict[tuple[int, bool, bool], Card] = {
    (v, rainbow, shadow): Card(
        v, Family.RAINBOW if rainbow else Family.SHADOW if shadow else Family.RED
    )
    for v in range(MAX_VALUE + 1)
    for rainbow, shadow in ((False, False), (True, False), (False, True))
}


def _best_group(cards: Sequence[Card], rank: int) -> Reading | None:
    """``_best_of(combo, _group_readings(cards), rank)`` for Paire, Brelan, Carré and Num's
    (the combination only sets a constant base): the first reading. :func:`_same_value`
    yields distinct values, highest first, and a one-reference total grows with the value at
    every rank (/num-check/regles/#bonus-de-rang), so the first is the only best."""
    return next(_group_readings(cards), None)


#: The same-value groups: Paire, Brelan, Carré, Num's (:func:`_group_readings`).
_GROUPS = frozenset({"paire", "brelan", "carre", "nums"})


def _group_value(shape: Shape) -> int | None:
    """The first value :func:`_same_value` yields for cards of this shape (their group's best
    reading, :func:`_best_group`), or ``None``: the natural value if only one, else none if
    several; all Rainbows: the highest."""
    fixed = {value for value, rainbow, _ in shape if not rainbow}
    if len(fixed) > 1:
        return None
    if fixed:
        return next(iter(fixed))
    return max(value for value, _, _ in shape)


def _best_full(shape: Shape, rank: int) -> Reading | None:
    """``_best_of(full, _full_readings(cards), rank)`` for cards of this shape, the readings
    compared before any is made: the same (three, pair) values in the same order, the same key
    (:func:`_key`, all in mode normal), the first of equals kept; only the best one is made a
    :class:`Reading`, on stand-in cards. Five Rainbows have 60 readings."""
    base = COMBOS_BY_KEY["full"].base
    # _key((t, p)) is (base + t + p + bonus, True, (t, p)) (/num-check/regles/#bonus-de-rang):
    # compared here as (total, t, p), the same order
    fixed = FIXED_BONUS.get(rank, base * 2)
    best: tuple[tuple[int, ...], int, tuple[int, ...], int] | None = None
    best_key: tuple[int, int, int] | None = None
    for three_idx, pair_idx, take_three, take_pair in _splits(len(shape)):
        pair_values = _group_values(take_pair(shape))
        if not pair_values:
            continue
        for t in _group_values(take_three(shape)):
            for p in pair_values:
                if t == p:
                    continue
                if rank == 4:
                    bonus = abs(t - p) * 2
                elif rank == 6:
                    bonus = t * 2
                else:
                    bonus = fixed
                key = (base + t + p + bonus, t, p)
                if best_key is None or key > best_key:
                    best, best_key = (three_idx, t, pair_idx, p), key
    if best is None:
        return None
    three_idx, t, pair_idx, p = best
    three = [_STAND_INS[shape[i]] for i in three_idx]
    pair = [_STAND_INS[shape[i]] for i in pair_idx]
    return Reading((t, p), roles=_group_roles((three, t), (pair, p)))


Split = tuple[tuple[int, ...], tuple[int, ...], Callable[[Shape], Shape], Callable[[Shape], Shape]]


@lru_cache(maxsize=64)
def _splits(count: int) -> tuple[Split, ...]:
    """The (three, pair) positions :func:`_full_readings` tries, in its order, each with the
    functions that take those cards of a shape."""
    indices = range(count)
    found: list[Split] = []
    for three in combinations(indices, 3):
        pair = tuple(i for i in indices if i not in three)
        found.append((three, pair, _taker(three), _taker(pair)))
    return tuple(found)


def _taker(positions: tuple[int, ...]) -> Callable[[Shape], Shape]:
    """The cards of a shape at ``positions``, as a shape."""
    take = itemgetter(*positions)
    if len(positions) == 1:
        return lambda shape: (take(shape),)
    return take


@lru_cache(maxsize=4096)
def _group_values(shape: Shape) -> tuple[int, ...]:
    """Every value :func:`_same_value` yields for cards of this shape, in its order."""
    return tuple(_same_value([_STAND_INS[card] for card in shape]))


#: Readers of :func:`_best_blind` that find the best reading without listing every one.
_FAST_BEST: dict[str, Callable[[Sequence[Card], int], Reading | None]] = {
    "paire": _best_group,
    "brelan": _best_group,
    "carre": _best_group,
    "nums": _best_group,
}


def _couleur_readings(cards: Sequence[Card]) -> Iterator[Reading]:
    """Couleur: 5 cards of one family (R, V, B, J or S); Rainbows are missing cards of it.

    Only the lowest and highest represented values matter for the score, so the readings are
    enumerated as (lowest, highest) pairs that the Rainbows can reach with distinct missing
    values; the other Rainbows sit on missing values in between.
    """
    family = _one_family(cards)
    if family is None:
        return
    natural = sorted(c.value for c in cards if not c.is_rainbow)
    if len(set(natural)) != len(natural):
        return  # impossible with a valid deck, kept for safety
    jokers = [c for c in cards if c.is_rainbow]
    n_lo, n_hi = natural[0], natural[-1]
    missing = [v for v in range(MAX_VALUE + 1) if v not in natural]
    shadow = family is Family.SHADOW
    for lo in sorted({n_lo, *[m for m in missing if m < n_lo]}):
        for hi in sorted({n_hi, *[m for m in missing if m > n_hi]}):
            placed = [v for v in (lo, hi) if v not in natural]
            if len(placed) > len(jokers):
                continue
            free = [m for m in missing if lo < m < hi and m not in placed]
            rest = len(jokers) - len(placed)
            if rest > len(free):
                continue
            values = placed + free[:rest]
            roles = LazyRoles(partial(_became, jokers, sorted(values, reverse=True), family))
            if shadow:
                note = gettext(
                    "une Shadow est présente : la référence est la plus basse carte ({lo})"
                ).format(lo=lo)
                yield Reading((lo,), roles=roles, note=note)
            else:
                yield Reading((hi,), roles=roles)
            yield Reading((hi, lo), mode="elargi", roles=roles)


def _suite_couleur_readings(cards: Sequence[Card], *, last: bool = False) -> Iterator[Reading]:
    """Suite couleur: 5 consecutive values of one family; Rainbows fill any missing value.
    ``last``: only the last reading (the highest window)."""
    family = _one_family(cards)
    if family is None:
        return
    natural = sorted(c.value for c in cards if not c.is_rainbow)
    if len(set(natural)) != len(natural):
        return
    jokers = [c for c in cards if c.is_rainbow]
    starts = range(max(0, natural[-1] - 4), min(natural[0], MAX_VALUE - 4) + 1)
    for start in starts[-1:] if last else starts:
        window = list(range(start, start + 5))
        filled = [v for v in window if v not in natural]
        roles = LazyRoles(partial(_became, jokers, filled, family, strict=True))
        if family is Family.SHADOW and not jokers:
            hi, lo = window[-1], window[0]
            note = gettext("suite Shadow pure : référence {hi} + {lo} = {value}").format(
                hi=hi, lo=lo, value=hi + lo
            )
            yield Reading((hi + lo,), roles=roles, note=note)
        elif family is Family.SHADOW:
            note = gettext(
                "une Shadow est présente : la référence est la plus basse carte ({start})"
            ).format(start=start)
            yield Reading((start,), roles=roles, note=note)
        else:
            yield Reading((window[-1],), roles=roles)


def _best_suite_couleur(cards: Sequence[Card]) -> Reading | None:
    """:func:`best_reading` of a Suite couleur, at any rank: the last of its readings. Each is
    in mode normal with one reference that grows with its window (the highest value; with a
    Shadow, the lowest; a pure Shadow suite, highest + lowest), and a one-reference total never
    falls as the reference grows (/num-check/regles/#bonus-de-rang): the highest window has the
    greatest key (:func:`_key`), its references strictly greater than every other's."""
    return next(_suite_couleur_readings(cards, last=True), None)


_READERS = {
    "paire": _group_readings,
    "brelan": _group_readings,
    "carre": _group_readings,
    "nums": _group_readings,
    "full": _full_readings,
    "full_cosmique": _full_cosmique_readings,
    "paire_cosmique": _paire_cosmique_readings,
    "double_paire": _double_paire_readings,
    "suite_paire": _suite_paire_readings,
    "suite_longue": _suite_longue_readings,
    "suite_pivot": _suite_pivot_readings,
    "suite_zenith": _suite_zenith_readings,
    "couleur": _couleur_readings,
    "suite_couleur": _suite_couleur_readings,
}


# --------------------------------------------------------------------------- detector

#: How many cards the detector reads (/num-check/regles/#arbitrage-check-centre): the hand (4 cards, fewer accepted) and the
#: face-up centre (1 to 4 cards).
HAND_MAX = 4
CENTRE_MAX = 4


@dataclass(frozen=True, slots=True)
class Detected:
    """A possible CHECK: the claimed centre card, the combination, the hand cards it uses.

    ``cards`` are the hand cards used (in hand order) followed by the claimed card;
    ``result`` is the best reading at the detector's rank.
    """

    claim: Card
    combo: Combo
    hand: tuple[Card, ...]
    result: ClaimResult

    @property
    def cards(self) -> tuple[Card, ...]:
        return (*self.hand, self.claim)


def _excluded_keys(exclude: Iterable[object]) -> set[str]:
    if isinstance(exclude, str):
        exclude = [exclude]
    excluded = set()
    for key in exclude:
        try:
            excluded.add(get_combo(key).key)
        except InputError as err:
            raise InputError("exclude", err.message) from None
    return excluded


def _read_hand(hand: object) -> list[AnyCard]:
    """A player's hand: 1 to 4 cards, none twice (field ``hand``)."""
    cards = read_cards(hand, "hand")
    if not 1 <= len(cards) <= HAND_MAX:
        raise InputError(
            "hand",
            gettext("La main compte de 1 à {HAND_MAX} cartes : vous en avez donné {count}.").format(
                HAND_MAX=HAND_MAX, count=len(cards)
            ),
        )
    return cards


def detect(
    hand: str | Sequence[object],
    centre: str | Sequence[object],
    rank: object = 1,
    exclude: Iterable[object] = (),
) -> list[Detected]:
    """« Qu'est-ce que j'ai ? » (/num-check/regles/#arbitrage-check-centre, « Ce qu'un CHECK peut être »).

    A CHECK uses exactly one card claimed from the centre plus 1 to 4 cards of the hand, the
    claimed card always part of the combination (« jamais entièrement en main »). Lists every
    (claimed centre card, combination not in ``exclude``) that some hand cards complete, once,
    with its best reading at ``rank``; highest total first, equal totals in the order of the
    centre, then of the combinations' table (/num-check/regles/#combinaisons). Action cards may
    be in the hand or the centre: they are never claimed nor part of a CHECK.

    Bad input: 1–4 hand cards (field ``hand``), 1–4 centre cards (field ``centre``), a card in
    both the hand and the centre (field ``centre``).
    """
    hand_cards = _read_hand(hand)
    centre_cards = read_cards(centre, "centre")
    rank_value = check_rank(rank)
    if not 1 <= len(centre_cards) <= CENTRE_MAX:
        raise InputError(
            "centre",
            gettext(
                "Le centre compte de 1 à {CENTRE_MAX} cartes face visible : vous en avez donné {count}."
            ).format(CENTRE_MAX=CENTRE_MAX, count=len(centre_cards)),
        )
    in_hand = {c for c in hand_cards if isinstance(c, Card)}
    for card in centre_cards:
        if card in in_hand:
            raise InputError(
                "centre",
                gettext(
                    "« {card} » est à la fois dans votre main et au centre : chaque carte n’existe qu’une fois."
                ).format(card=card),
            )
    excluded = _excluded_keys(exclude)
    numeric_hand = [c for c in hand_cards if isinstance(c, Card)]
    claims = [c for c in centre_cards if isinstance(c, Card)]
    found: list[tuple[int, int, Detected]] = []
    for claim_index, claim in enumerate(claims):
        for combo_index, combo in enumerate(COMBOS):
            if combo.key in excluded:
                continue
            best = _best_check(combo, claim, numeric_hand, rank_value)
            if best is not None:
                found.append((claim_index, combo_index, best))
    found.sort(key=lambda f: (-f[2].result.total, f[0], f[1]))
    return [d for _, _, d in found]


def _best_check(
    combo: Combo, claim: Card, hand: Sequence[Card], rank: int, rainbows: bool | None = None
) -> Detected | None:
    """The best reading of ``combo`` made of ``claim`` and ``combo.count - 1`` hand cards."""
    found = _best_search(combo, claim, hand, rank, rainbows)
    if found is None:
        return None
    subset, reading = found
    cards = (*subset, claim)
    return Detected(
        claim, combo, subset, _valid_result(combo, cards, rank, reading, current_language())
    )


def _best_search(
    combo: Combo, claim: Card, hand: Sequence[Card], rank: int, rainbows: bool | None = None
) -> tuple[tuple[Card, ...], Reading] | None:
    """:func:`_best_check`'s search: the hand cards of the best subset (the first of equals, in
    :func:`itertools.combinations` order) and their best reading with ``claim``, or ``None``.
    The reading is the one :func:`best_reading` gives for those cards, which :func:`score`
    would keep."""
    best: tuple[tuple[Card, ...], Reading] | None = None
    best_key: Preference | None = None
    if rainbows is None:
        rainbows = claim.is_rainbow or any(c.is_rainbow for c in hand)
    if rainbows and combo.key in _FAMILY_BLIND:
        # the same search on the cards' shapes, shared by the claims of one shape (outs asks
        # it for every card of the deck)
        language = current_language()
        claim_shape, hand_shape = _shape((claim,))[0], _shape(hand)
        chosen = _best_subset_blind(combo.key, claim_shape, hand_shape, rank, language)
        if chosen is None:
            return None
        shape = (*(hand_shape[i] for i in chosen), claim_shape)
        reading = _best_blind(combo.key, shape, rank, language)
        assert reading is not None  # the search kept it
        return tuple(hand[i] for i in chosen), reading
    for subset in combinations(hand, combo.count - 1):
        found = best_reading(combo, (*subset, claim), rank, rainbows=rainbows)
        if found is None:
            continue
        key = _preference(combo, found, rank)
        if best_key is None or key > best_key:
            best, best_key = (subset, found), key
    return best


def _shape(cards: Sequence[Card]) -> Shape:
    """What the readers of :data:`_FAMILY_BLIND` see of each card: value, Rainbow?, Shadow?"""
    return tuple((c.value, c.family is _RAINBOW, c.family is _SHADOW) for c in cards)


@lru_cache(maxsize=16384)
def _best_subset_blind(
    key: str, claim: tuple[int, bool, bool], hand: Shape, rank: int, language: str
) -> tuple[int, ...] | None:
    """:func:`_best_check`'s search for a combination of :data:`_FAMILY_BLIND`, on shapes: the
    hand positions of the best subset (the same subsets in the same order, the same readings
    and keys, the first of equals kept), or ``None``."""
    combo = COMBOS_BY_KEY[key]
    best: tuple[int, ...] | None = None
    best_key: Preference | None = None
    if key in _GROUPS:  # the value of _best_group's reading, without making it
        for chosen in combinations(range(len(hand)), combo.count - 1):
            value = _group_value((*(hand[i] for i in chosen), claim))
            if value is None:
                continue
            found = _key(combo, (value,), "normal", rank)
            if best_key is None or found > best_key:
                best, best_key = chosen, found
        return best
    for chosen in combinations(range(len(hand)), combo.count - 1):
        reading = _best_blind(key, (*(hand[i] for i in chosen), claim), rank, language)
        if reading is None:
            continue
        found = _preference(combo, reading, rank)
        if best_key is None or found > best_key:
            best, best_key = chosen, found
    return best


@dataclass(frozen=True, slots=True)
class Out:
    """A card to watch for: it would make these CHECKs if it appeared in the centre, each with
    its best reading at the player's rank, highest total first."""

    card: Card
    checks: tuple[Detected, ...]

    @property
    def best(self) -> int:
        return self.checks[0].result.total


def outs(hand: object, rank: object = 1, exclude: Iterable[object] = ()) -> list[Out]:
    """« Quelles cartes guetter ? » (/num-check/regles/#arbitrage-cartes-a-guetter): from the hand
    alone (1 to 4 cards), every numeric card of the deck (values 0 to 16, the six families) not in
    the hand that, claimed from the centre, would make at least one CHECK with 1 to 4 hand cards
    (:func:`detect`'s rule), skipping the combinations in ``exclude``.

    Outs come best first (their best total), equal best totals by value then family (R V B J A
    S); each out's CHECKs highest total first, equal totals in the combinations' table order.
    Action cards in the hand are accepted and ignored. Bad input: 1–4 hand cards or a card twice
    (field ``hand``), an unknown combination (field ``exclude``), a rank outside 1–8.

    Exact by construction: each candidate card gets the answer of :func:`_best_check`, the very
    search :func:`detect` runs for a centre card, so an out is listed iff the detector would list
    a CHECK for that card in the centre, with the same reading. Two shortcuts change only how
    that answer is found: a combination of :data:`_FAMILY_BLIND` is searched once per shape of
    candidate (value, Rainbow?, Shadow?: the four plain families of a value share it), and each
    result is built from the best reading the search found instead of reading the cards again."""
    hand_cards = _read_hand(hand)
    rank_value = check_rank(rank)
    excluded = _excluded_keys(exclude)
    numeric_hand = tuple(c for c in hand_cards if isinstance(c, Card))
    held = set(numeric_hand)
    candidates = [card for card in _DECK if card not in held]
    hand_shape = _shape(numeric_hand)
    hand_rainbows = any(c.is_rainbow for c in numeric_hand)
    language = current_language()
    checks: dict[Card, list[Detected]] = {card: [] for card in candidates}
    for combo in COMBOS:  # the table's order: each card's CHECKs are appended in it
        if combo.key in excluded:
            continue
        if combo.key in _FAMILY_BLIND:
            _blind_outs(combo, numeric_hand, hand_shape, candidates, rank_value, language, checks)
            continue
        for card in candidates:
            found = _best_search(combo, card, numeric_hand, rank_value, hand_rainbows)
            if found is not None:
                subset, reading = found
                result = _valid_result(combo, (*subset, card), rank_value, reading, language)
                checks[card].append(Detected(card, combo, subset, result))
    listed: list[Out] = []
    for card in candidates:  # the deck's order: by value, then family
        made = checks[card]
        if made:
            made.sort(key=_minus_total)  # stable: the table's order among equal totals
            listed.append(Out(card, tuple(made)))
    listed.sort(key=_minus_best)  # stable: equal best totals stay by value, then family
    return listed


#: Every numeric card of the NUM CHECK deck, by value then family (R V B J A S).
_DECK: tuple[Card, ...] = tuple(
    Card(value, family) for value in range(MAX_VALUE + 1) for family in FAMILIES
)


#: The shape of each card of :data:`_DECK` (:func:`_shape`).
_CARD_SHAPES: dict[Card, tuple[int, bool, bool]] = {card: _shape((card,))[0] for card in _DECK}


def _minus_total(found: Detected) -> int:
    return -found.result.total


def _minus_best(out: Out) -> int:
    return -out.checks[0].result.total


def _blind_outs(
    combo: Combo,
    hand: tuple[Card, ...],
    hand_shape: Shape,
    candidates: Sequence[Card],
    rank: int,
    language: str,
    checks: dict[Card, list[Detected]],
) -> None:
    """:func:`outs` for a combination of :data:`_FAMILY_BLIND`: :func:`_best_check`'s blind
    search (:func:`_best_subset_blind`) and its result once per shape of candidate, only the
    cards put together per candidate."""
    shared: dict[tuple[int, bool, bool], tuple[tuple[Card, ...], ClaimResult] | None] = {}
    for card in candidates:
        claim = _CARD_SHAPES[card]
        if claim in shared:
            found = shared[claim]
        else:
            found = shared[claim] = _blind_fields(combo, claim, hand, hand_shape, rank, language)
        if found is None:
            continue
        subset, t = found  # the shape's result; only its cards differ from card to card
        result = ClaimResult(
            True, combo, (*subset, card), rank, t.base, t.references, t.rank_bonus, t.total,
            t.reading, t.explanation, t.reason, t.mode,
        )  # fmt: skip
        checks[card].append(Detected(card, combo, subset, result))


def _blind_fields(
    combo: Combo,
    claim: tuple[int, bool, bool],
    hand: tuple[Card, ...],
    hand_shape: Shape,
    rank: int,
    language: str,
) -> tuple[tuple[Card, ...], ClaimResult] | None:
    """The hand cards and the result (its ``cards`` left empty) of the best CHECK of ``combo``
    for a claimed card of this shape, as :func:`_best_check` finds it, or ``None``."""
    chosen = _best_subset_blind(combo.key, claim, hand_shape, rank, language)
    if chosen is None:
        return None
    reading = _best_blind(combo.key, (*(hand_shape[i] for i in chosen), claim), rank, language)
    assert reading is not None  # the search kept it
    return tuple(hand[i] for i in chosen), _valid_result(combo, (), rank, reading, language)


def detect_cards(
    cards: str | Sequence[object], rank: object = 1, exclude: Iterable[object] = ()
) -> list[Detected]:
    """The older detector form (``num-check/detect`` with ``cards``, docs/api.md): 2 to 5
    cards, the last one claimed from the centre and the others in hand. Only CHECKs that use
    the last card are listed (/num-check/regles/#arbitrage-check-centre: a combination is never
    entirely in hand)."""
    parsed = read_cards(cards)
    if not 2 <= len(parsed) <= HAND_MAX + 1:
        raise InputError(
            "cards",
            gettext(
                "Le détecteur lit de 2 à {value} cartes (la main puis la carte réclamée) : vous en avez donné {count}."
            ).format(value=HAND_MAX + 1, count=len(parsed)),
        )
    return detect(parsed[:-1], parsed[-1:], rank, exclude)


# --------------------------------------------------------------------------- sheets


@dataclass(frozen=True, slots=True)
class SheetClaim:
    """A claim on a player's sheet: its rank (``None`` when invalid) and its result."""

    rank: int | None
    result: ClaimResult

    @property
    def total(self) -> int:
        return self.result.total if self.result.valid else 0


@dataclass(frozen=True, slots=True)
class PlayerSheet:
    name: str
    claims: tuple[SheetClaim, ...]
    total: int
    title: str

    @property
    def valid_count(self) -> int:
        return sum(1 for c in self.claims if c.rank is not None)

    @property
    def used(self) -> frozenset[str]:
        return frozenset(c.result.combo.key for c in self.claims if c.rank is not None)


@dataclass(frozen=True, slots=True)
class Sheet:
    """Every player's sheet; ``ranking`` the names by total; ``standings`` the same order with
    shared positions « 1, 2, 2, 4 » (:func:`standings.standings`)."""

    players: tuple[PlayerSheet, ...]
    ranking: tuple[str, ...]
    standings: tuple[Standing[PlayerSheet], ...] = ()


def title_for(total: int) -> str:
    """NUM CHECK title (/num-check/regles/#arbitrage-titres; the upper title wins at a shared bound)."""
    return gettext(next(name for bound, name in TITLES if total >= bound))


def player_sheet(
    name: str, claims: Sequence[tuple[object, object]], field: str | None = "players"
) -> PlayerSheet:
    """Score one player's claims in the order announced (/num-check/regles/#arbitrage-check-invalide).

    Memoised on the exact input and the language (a sheet is a pure function of both): a
    table's board, drawn after each write, scores again only the sheet the write changed.
    """
    try:
        key = (current_language(), _typed(name), tuple(_typed(c) for c in claims), field)
        hash(key)
    except TypeError:  # unhashable input (lists from JSON): scored as it is
        return _player_sheet(name, claims, field)
    return _player_sheet_memo(key, name, tuple(claims), field)


def _typed(value: object) -> object:
    """A memo key that tells ``1`` from ``True`` and ``"1"``: each value with its type."""
    if isinstance(value, tuple):
        return tuple((type(v).__name__, v) for v in value)
    return (type(value).__name__, value)


@lru_cache(maxsize=4096)
def _player_sheet_memo(
    key: object, name: str, claims: tuple[tuple[object, object], ...], field: str | None
) -> PlayerSheet:
    return _player_sheet(name, claims, field)


def _player_sheet(
    name: str, claims: Sequence[tuple[object, object]], field: str | None
) -> PlayerSheet:
    """:func:`player_sheet`, computed.

    A valid claim takes the next rank; an invalid CHECK takes no rank and uses nothing up
    (ruling). A combination validly claimed twice, or a 9th valid claim, is bad input.

    Every error is reported on ``field``; with ``field=None``, each on its own: ``combo`` for
    the combination (unknown, already made, a 9th one), ``cards`` for the cards.
    """
    scored: list[SheetClaim] = []
    used: set[str] = set()
    for number, (combo_key, cards) in enumerate(claims, start=1):
        where = gettext("{name}, annonce {number}").format(name=name, number=number)
        try:
            combo = get_combo(combo_key)
            parsed = read_cards(cards)
            next_rank = len(used) + 1
            result = score(combo, parsed, min(next_rank, 8))
        except InputError as err:
            raise InputError(
                field or err.field,
                gettext("{where} : {message}").format(where=where, message=err.message),
            ) from None
        if not result.valid:
            scored.append(SheetClaim(None, result))
            continue
        if combo.key in used:
            raise InputError(
                field or "combo",
                gettext(
                    "{where} : {name} est déjà réalisée par {name2} (une combinaison une seule fois par joueur)."
                ).format(where=where, name=gettext(combo.name), name2=name),
            )
        if next_rank > 8:
            raise InputError(
                field or "combo",
                gettext("{where} : {name} a déjà 8 combinaisons, le maximum.").format(
                    where=where, name=name
                ),
            )
        used.add(combo.key)
        scored.append(SheetClaim(next_rank, result))
    total = sum(c.total for c in scored)
    return PlayerSheet(name, tuple(scored), total, title_for(total))


#: The most announcements one player's sheet may hold: the 8 combinations a game allows
#: (/num-check/regles/#arbitrage-fin-de-partie) and as many invalid CHECKs, which take no rank
#: and do not count in the 8 (/num-check/regles/#arbitrage-check-invalide).
MAX_ANNOUNCEMENTS = 2 * 8


def sheet(players: Sequence[tuple[object, Sequence[tuple[object, object]]]]) -> Sheet:
    """Score every player's sheet; ``ranking`` by total, highest first (ties keep order).

    Bounded as a game is: at most :data:`MAX_PLAYERS` players and :data:`MAX_ANNOUNCEMENTS`
    announcements each (field ``players``), refused before anything is scored.

    Names follow the one names rule (:mod:`.names`): « Léa » and « léa » are one player, so a
    case-only duplicate is refused, naming both; a name that is not a string (JSON input) is
    refused the same way.
    """
    if not players:
        raise InputError("players", gettext("Ajoutez au moins un joueur."))
    if len(players) > MAX_PLAYERS:
        raise InputError(
            "players",
            gettext(
                "NUM CHECK se joue à {high} joueurs au plus : la feuille en compte {count}."
            ).format(high=MAX_PLAYERS, count=len(players)),
        )
    names = clean_names([name for name, _ in players])  # the one names rule (names.py)
    scored = []
    for clean, (_, claims) in zip(names, players, strict=True):
        if len(claims) > MAX_ANNOUNCEMENTS:
            raise InputError(
                "players",
                gettext(
                    "{name} : {count} annonces, c’est plus qu’une partie n’en permet ({high} au plus : 8 combinaisons et autant de CHECK invalides)."
                ).format(name=clean, count=len(claims), high=MAX_ANNOUNCEMENTS),
            )
        scored.append(player_sheet(clean, claims))
    ranked = tuple(standings(scored, key=lambda p: p.total))
    return Sheet(tuple(scored), tuple(s.item.name for s in ranked), ranked)


#: Claims that end the game: « la partie s'arrête dès qu'un joueur a réalisé 8 combinaisons ».
CLAIMS_TO_END = 8


def finished_by(sheets: Sequence[PlayerSheet]) -> tuple[str, ...]:
    """The players whose 8 valid claims end the game (/num-check/regles/#arbitrage-fin-de-partie, game end)."""
    return tuple(
        s.name for s in sheets if sum(1 for c in s.claims if c.rank is not None) >= CLAIMS_TO_END
    )


def deck_turns(mode: str, players: int) -> int:
    """Deck turns before the game ends (/num-check/regles/#arbitrage-fin-de-partie): 2 in Classique, 3 in Famille — and
    always 3 with 7 players or more (« Bascule automatique en 3 tours de paquet »)."""
    return 3 if mode == FAMILY or players >= 7 else 2


@dataclass(frozen=True, slots=True)
class GameEnd(Generic[K]):
    """Where the game clock stands (/num-check/regles/#arbitrage-horloge): who made their 8
    combinations (each player as the caller names them), and the deck turns done out of the
    game's limit. The game stops the moment either is reached."""

    full: tuple[K, ...]
    turns_done: int
    turns: int

    @property
    def last_turn(self) -> bool:
        """Whether the deck turn that reaches the limit was played."""
        return self.turns_done >= self.turns

    @property
    def reached(self) -> bool:
        return bool(self.full) or self.last_turn

    def over(self, lifted: GameEnd[K] | None = None) -> bool:
        """Whether the clock ends the game. ``lifted``: the end the table lifted when it
        reopened the game (the clock as it stood then): the clock ends it again only for a
        reason not reached then (another player's 8th combination, the last deck turn)."""
        if lifted is None:
            return self.reached
        return bool(set(self.full) - set(lifted.full)) or (self.last_turn and not lifted.last_turn)


def game_end(
    made: Iterable[tuple[K, PlayerSheet]], turns_done: int, mode: str, players: int
) -> GameEnd[K]:
    """The game clock (/num-check/regles/#arbitrage-horloge) of a table of ``players`` in
    ``mode``: ``made``, each player's key and sheet (the players with fewer than 8 claims may
    be left out), and the deck turns the table has played."""
    full = tuple(key for key, s in made if s.valid_count >= CLAIMS_TO_END)
    return GameEnd(full, turns_done, deck_turns(mode, players))


def announce(
    name: str, claims: Sequence[tuple[object, object]], combo: object, cards: object
) -> SheetClaim:
    """A CHECK announced by a player whose sheet holds ``claims`` (rank order): valid at their
    next rank, or an invalid CHECK (rank ``None``) with its reason. A combination the player
    already made is an invalid CHECK whatever the cards
    (/num-check/regles/#arbitrage-combinaison-annoncee-a-nouveau); bad input (an unknown
    combination, unreadable cards, a card twice) is still an :class:`InputError`."""
    combo_obj = get_combo(combo)
    sheet = player_sheet(name, claims, None)
    if combo_obj.key not in sheet.used:
        return player_sheet(name, [*claims, (combo_obj.key, cards)], None).claims[-1]
    rank = min(sheet.valid_count + 1, CLAIMS_TO_END)
    result = score(combo_obj, read_cards(cards), rank)  # the cards are still read and checked
    return SheetClaim(
        None, ClaimResult(False, combo_obj, result.cards, rank, reason=again_reason(combo_obj))
    )


def again_reason(combo: str | Combo) -> str:
    """Why a CHECK announcing a combination the player already made is invalid."""
    name = (combo if isinstance(combo, Combo) else get_combo(combo)).name
    return gettext(
        "{name} est déjà réalisée : une combinaison ne se réalise qu’une fois par joueur, ce CHECK est invalide."
    ).format(name=gettext(name))
