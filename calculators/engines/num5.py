"""Num 5 tally: round totals, round winners, a game to three round wins (/num-5/regles/#arbitrage-manche-saisie).

A round is entered per player either as the cards they collected (validated against the
102-card deck, each card collected by one player at most) or as two numbers: the sum of their
positive cards and the sum of their Shadow cards. R/V/B/J and Rainbow count plus their value,
Shadow minus its value.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .cards import FULL_DECK, Card, InputError, ensure_unique, parse_cards
from .i18n import gettext
from .names import clean_names
from .numbers import parse_whole

MIN_PLAYERS, MAX_PLAYERS = 3, 8
WINS_TO_WIN = 3
#: The most the deck can give: five non-Shadow families of 0..16, and the Shadows.
MAX_PLUS = 5 * sum(FULL_DECK.values)
MAX_MINUS = sum(FULL_DECK.values)


@dataclass(frozen=True, slots=True)
class Entry:
    """One player's round as entered: ``cards`` (a list) or ``plus``/``minus`` numbers."""

    cards: tuple[Card, ...] | None = None
    plus: int = 0
    minus: int = 0

    @property
    def total(self) -> int:
        return self.plus - self.minus


@dataclass(frozen=True, slots=True)
class PlayerRound:
    name: str
    plus: int
    minus: int
    total: int
    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class RoundResult:
    players: tuple[PlayerRound, ...]
    winners: tuple[str, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(p.total for p in self.players)


@dataclass(frozen=True, slots=True)
class GameResult:
    players: tuple[str, ...]
    rounds: tuple[RoundResult, ...]
    wins: dict[str, int]
    points: dict[str, int]
    finished: bool
    winners: tuple[str, ...]
    ruling: str = ""  # set when several players reached 3 wins in the same round
    #: after each round, per player (seat order): (points so far, round wins so far)
    running: tuple[tuple[tuple[int, int], ...], ...] = ()


def check_names(names: Sequence[object], field: str = "players") -> tuple[str, ...]:
    """3 to 8 players, named by the one names rule (:mod:`.names`)."""
    if not isinstance(names, list | tuple):
        raise InputError(field, gettext("Les joueurs doivent être une liste de noms."))
    return clean_names(names, field, low=MIN_PLAYERS, high=MAX_PLAYERS, game="Num 5")


def _number(value: object, what: str, bound: int, who: str, field: str) -> int:
    if isinstance(value, bool):
        raise InputError(
            field, gettext("{who} : {what} doit être un nombre entier.").format(who=who, what=what)
        )
    if isinstance(value, float):
        # JSON's 1e999 is infinity: refused with the fractions (int() would overflow).
        if not value.is_integer():
            raise InputError(
                field,
                gettext("{who} : {what} doit être un nombre entier.").format(who=who, what=what),
            )
        number: int | None = int(value)
    elif isinstance(value, int):
        number = value
    else:
        number = parse_whole(value, signed=True)  # text in ASCII digits; None for the rest
    if number is None:
        raise InputError(
            field,
            gettext("{who} : {what} « {value} » n’est pas un nombre entier.").format(
                who=who, what=what, value=value
            ),
        )
    if number < 0:
        raise InputError(
            field,
            gettext("{who} : {what} ne peut pas être négative ({number}).").format(
                who=who, what=what, number=number
            ),
        )
    if number > bound:
        raise InputError(
            field,
            gettext(
                "{who} : {what} vaut au plus {bound} avec ce paquet ({number} indiqué)."
            ).format(who=who, what=what, bound=bound, number=number),
        )
    return number


_NUMBERS = re.compile(r"^\s*\+?\s*([0-9]+)?\s*(?:(-)\s*([0-9]+)?)?\s*$")


def _sum(digits: str) -> int | str:
    """A sum as typed: its number, or the text itself when it has more digits than any number
    of the site (refused by :func:`make_entry`, naming it)."""
    number = parse_whole(digits)
    return digits if number is None else number


def parse_cell(text: str | None) -> dict[str, object]:
    """A sheet cell: cards (« 12R 3S ») or numbers (« 31 - 4 »: positive sum, Shadow sum).

    Ruling « a round counts only once it is entered » (/num-5/regles/#arbitrage-manche-saisie): a blank cell is *not
    entered* (``{}``), never a zero. ``0`` is "collected nothing"; a lone number is the positive
    sum with no Shadow (« 31 » = « 31 - 0 »); « - 4 » is Shadows only. A dash with a blank side
    (« 31 - ») leaves that sum not entered, which :func:`entry_gap` reports.
    """
    text = (text or "").strip()
    if not text:
        return {}
    match = _NUMBERS.match(text)
    if match and (match.group(1) or match.group(3) or match.group(2)):
        plus, dash, minus = match.groups()
        cell: dict[str, object] = {}
        if plus is not None:
            cell["plus"] = _sum(plus)
        elif dash:
            cell["plus"] = 0 if minus is not None else None
        if minus is not None:
            cell["minus"] = _sum(minus)
        elif not dash:
            cell["minus"] = 0
        return {k: v for k, v in cell.items() if v is not None}
    return {"cards": text}


def entry_gap(raw: object) -> str | None:
    """What is still missing from one player's entry, or ``None`` when it is entered.

    Ruling « a round counts only once it is entered » (/num-5/regles/#arbitrage-manche-saisie): an entry is the cards
    collected (a list, ``[]`` = nothing) or both sums; anything less is not entered yet.
    """
    if isinstance(raw, Entry):
        return None
    if not isinstance(raw, Mapping):
        return gettext("ses cartes ou ses deux sommes")
    cards = raw.get("cards")
    if cards is not None and not (isinstance(cards, str) and not cards.strip()):
        return None
    has_plus = raw.get("plus") not in (None, "")
    has_minus = raw.get("minus") not in (None, "")
    if has_plus and has_minus:
        return None
    if has_plus:
        return gettext("la somme des Shadow")
    if has_minus:
        return gettext("la somme des cartes positives")
    return gettext("ses cartes ou ses deux sommes")


def check_entered(names: Sequence[str], raws: Sequence[object], field: str, where: str) -> None:
    """Refuse a round in which some player is not entered yet, naming each one and the gap."""
    gaps = [(n, g) for n, r in zip(names, raws, strict=True) if (g := entry_gap(r))]
    if gaps:
        listed = ", ".join(f"{name} ({gap})" for name, gap in gaps)
        raise InputError(
            field,
            gettext(
                "{where} : pas encore saisi pour {listed}. Une manche ne compte qu’entière."
            ).format(where=where, listed=listed),
        )


def make_entry(raw: Mapping[str, object] | Entry, who: str, field: str = "players") -> Entry:
    """Read one player's round: ``{"cards": [...]}`` or ``{"plus": n, "minus": m}``."""
    if isinstance(raw, Entry):
        return raw
    if not isinstance(raw, Mapping):
        raise InputError(
            field, gettext("{who} : indiquez les cartes ou les deux nombres.").format(who=who)
        )
    gap = entry_gap(raw)
    if gap:
        raise InputError(
            field, gettext("{who} : pas encore saisi ({gap}).").format(who=who, gap=gap)
        )
    if raw.get("cards") is not None:
        if raw.get("plus") is not None or raw.get("minus") is not None:
            # Ruling « a round counts only once it is entered »: cards or sums, one way only;
            # which of the two would count is not for the site to guess.
            raise InputError(
                field,
                gettext(
                    "{who} : indiquez les cartes ou les deux sommes, pas les deux à la fois."
                ).format(who=who),
            )
        parsed = parse_cards(raw["cards"], FULL_DECK, field)
        cards = tuple(c for c in parsed if isinstance(c, Card))
        plus = sum(c.value for c in cards if not c.is_shadow)
        minus = sum(c.value for c in cards if c.is_shadow)
        return Entry(cards, plus, minus)
    plus = _number(raw.get("plus"), gettext("la somme des cartes positives"), MAX_PLUS, who, field)
    minus = _number(raw.get("minus"), gettext("la somme des Shadow"), MAX_MINUS, who, field)
    return Entry(None, plus, minus)


def round_result(
    names: Sequence[str], entries: Sequence[Entry], field: str = "players"
) -> RoundResult:
    """Totals and winners of one round (ruling: a tie gives the round to every tied player)."""
    all_cards = [c for e in entries if e.cards for c in e.cards]
    try:
        ensure_unique(all_cards, FULL_DECK, field)
    except InputError as err:
        holders = [n for n, e in zip(names, entries, strict=True) if e.cards and _holds(e, err)]
        who = gettext(" et ").join(holders)
        raise InputError(field, f"{err.message} ({who})" if who else err.message) from None
    if sum(e.plus for e in entries) > MAX_PLUS or sum(e.minus for e in entries) > MAX_MINUS:
        raise InputError(
            field, gettext("Ensemble, les joueurs ont plus de points que le paquet n’en contient.")
        )
    players = tuple(
        PlayerRound(n, e.plus, e.minus, e.total, e.cards)
        for n, e in zip(names, entries, strict=True)
    )
    best = max(p.total for p in players)
    return RoundResult(players, tuple(p.name for p in players if p.total == best))


def _holds(entry: Entry, err: InputError) -> bool:
    return any(f"« {c} »" in err.message for c in entry.cards or ())


def score_round(players: Sequence[Mapping[str, object]]) -> RoundResult:
    """API shape: ``[{"name", "cards"} | {"name", "plus", "minus"}, ...]`` (3–8 players)."""
    if not isinstance(players, list | tuple):
        raise InputError("players", gettext("Les joueurs doivent être une liste."))
    names = check_names([p.get("name") if isinstance(p, Mapping) else None for p in players])
    check_entered(names, players, "players", gettext("Manche"))
    entries = [make_entry(p, n) for p, n in zip(players, names, strict=True)]
    return round_result(names, entries)


def play_game(names: Sequence[object], rounds: Sequence[Sequence[object]]) -> GameResult:
    """Wins and points over the rounds; finished when someone reaches 3 round wins.

    Ruling (/num-5/regles/#arbitrage-trois-manches): several players reaching 3 wins in the same round — the most points
    over all rounds wins; still tied, they share the victory. A round after the end is refused.
    """
    players = check_names(names)
    if not isinstance(rounds, list | tuple):
        raise InputError("rounds", gettext("Les manches doivent être une liste."))
    wins = dict.fromkeys(players, 0)
    points = dict.fromkeys(players, 0)
    results: list[RoundResult] = []
    running: list[tuple[tuple[int, int], ...]] = []
    winners: tuple[str, ...] = ()
    ruling = ""
    for number, row in enumerate(rounds, start=1):
        if winners:
            raise InputError(
                "rounds",
                gettext("La partie est terminée avant la manche {number}.").format(number=number),
            )
        if not isinstance(row, list | tuple) or len(row) != len(players):
            raise InputError(
                "rounds",
                gettext("Manche {number} : indiquez une ligne par joueur ({count}).").format(
                    number=number, count=len(players)
                ),
            )
        result = _scored_round(players, number, row)
        results.append(result)
        for p in result.players:
            points[p.name] += p.total
        for name in result.winners:
            wins[name] += 1
        running.append(tuple((points[n], wins[n]) for n in players))
        reached = [n for n in players if wins[n] >= WINS_TO_WIN]
        if len(reached) == 1:
            winners = tuple(reached)
        elif reached:
            best = max(points[n] for n in reached)
            winners = tuple(n for n in reached if points[n] == best)
            names_text = ", ".join(reached)
            ruling = gettext(
                "{names_text} atteignent 3 manches ensemble : le plus de points cumulés l’emporte"
            ).format(names_text=names_text) + (
                gettext(" ; encore à égalité, la victoire est partagée.")
                if len(winners) > 1
                else "."
            )
    return GameResult(
        players, tuple(results), wins, points, bool(winners), winners, ruling, tuple(running)
    )


def _score_row(players: tuple[str, ...], number: int, row: Sequence[Any]) -> RoundResult:
    """One round of :func:`play_game`: every player entered, each entry read, the round scored."""
    check_entered(players, row, "rounds", gettext("Manche {number}").format(number=number))
    entries = [
        make_entry(
            raw, gettext("Manche {number}, {name}").format(number=number, name=name), "rounds"
        )
        for raw, name in zip(row, players, strict=True)
    ]
    return round_result(players, entries, "rounds")


#: A stored cell's value, frozen with its type (``3``, ``3.0``, ``True`` and ``"3"`` are read
#: differently by :func:`make_entry`, but are equal as dictionary keys).
_SCALARS = (str, int, float, bool, type(None))
_FrozenCell = tuple[tuple[str, type, object], ...]


def _frozen_cell(raw: object) -> _FrozenCell | None:
    """A cell as a memo key, or ``None`` when it is not a plain ``dict`` of scalars and lists
    of text (what the sheets store and JSON sends): such a cell is scored as it is."""
    if not isinstance(raw, dict) or type(raw) is not dict:
        return None
    items: list[tuple[str, type, object]] = []
    for key, value in raw.items():
        kind = type(value)
        if type(key) is not str:
            return None
        if kind in _SCALARS:
            items.append((key, kind, value))
        elif isinstance(value, list | tuple) and kind in (list, tuple):
            if not all(type(card) is str for card in value):
                return None
            items.append((key, kind, tuple(value)))
        else:
            return None
    return tuple(items)


def _thawed_cell(frozen: _FrozenCell) -> dict[str, object]:
    """The cell :func:`_frozen_cell` froze, as it was (same keys, order, types and values)."""
    cell: dict[str, object] = {}
    for key, kind, value in frozen:
        cell[key] = list(value) if kind is list and isinstance(value, tuple) else value
    return cell


def _scored_round(players: tuple[str, ...], number: int, row: Sequence[Any]) -> RoundResult:
    """:func:`_score_row`, memoised on its exact input when every cell is a plain one.

    Exact: a round's result is a pure function of the players' names, the round's number and
    its cells, all in the key (each cell's values with their types); it holds no translated
    text (only names, numbers and cards), so the language is not part of it. An error is never
    memoised (``lru_cache`` keeps only returned values): it is raised again, in the reader's
    language, each time. The results are frozen, so sharing them is safe. A game's board and
    each write replay every round of the game: only the round that changed is scored again."""
    frozen: list[_FrozenCell] = []
    for raw in row:
        cell = _frozen_cell(raw)
        if cell is None:
            return _score_row(players, number, row)
        frozen.append(cell)
    return _round_memo(players, number, tuple(frozen))


#: Bound of the memo of scored rounds: some twenty rounds for each Num 5 game being played
#: (a round of cards holds at most the deck's 102 cards).
ROUND_CACHE_SIZE = 2048


@lru_cache(maxsize=ROUND_CACHE_SIZE)
def _round_memo(
    players: tuple[str, ...], number: int, frozen: tuple[_FrozenCell, ...]
) -> RoundResult:
    return _score_row(players, number, [_thawed_cell(cell) for cell in frozen])
