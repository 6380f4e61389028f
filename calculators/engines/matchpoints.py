"""Matchpoints: each seat compared with the same seat at the other tables of the same deal
(docs/deals.md#donnes-matchpoints).

A seat earns 2 matchpoints for each other table where the same seat scored worse and 1 for each
where it scored the same; its result is a percentage of the top, 2 × (tables − 1)
(docs/deals.md#donnes-top). Over the tables, one seat's matchpoints add up to exactly
tables × (tables − 1) = top × tables / 2, ties or not: each pair of tables hands out 2
(docs/deals.md#donnes-invariant).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .cards import InputError
from .i18n import gettext

#: Matchpoints for a seat beaten, and for a tie (docs/deals.md#donnes-matchpoints).
WIN, TIE = 2, 1


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat at one table: its score, its matchpoints and its percentage of the top."""

    table: int  # 0-based, in the order given
    seat: int  # 0-based
    score: int
    matchpoints: int
    percentage: Fraction


@dataclass(frozen=True, slots=True)
class Matchpoints:
    """The matchpoints of a deal played at several tables: ``results[table][seat]``."""

    top: int
    results: tuple[tuple[SeatResult, ...], ...]


def top(tables: int) -> int:
    """The most matchpoints a seat can earn: beating the same seat at every other table."""
    return WIN * (tables - 1)


def score(scores: Sequence[Sequence[int]], higher_is_better: bool = True) -> Matchpoints:
    """The matchpoints of ``scores[table][seat]``, every table of the same deal and size.
    ``higher_is_better`` says which way a score goes (NUM DRAFT and Num 5: higher wins). An
    :class:`InputError` on ``scores`` for fewer than two tables or tables of different sizes."""
    best = _top_of(scores)
    return Matchpoints(
        best,
        tuple(_table(scores, t, higher_is_better, best) for t in range(len(scores))),
    )


def one_table(
    scores: Sequence[Sequence[int]], table: int, higher_is_better: bool = True
) -> tuple[SeatResult, ...]:
    """``score(scores, higher_is_better).results[table]`` alone, in time linear in the tables:
    a tablée's « donne du jour » compares its own Party with every Party on the site
    (docs/deals.md#donnes-du-jour). The same :class:`InputError` as :func:`score`."""
    return _table(scores, table, higher_is_better, _top_of(scores))


def _top_of(scores: Sequence[Sequence[int]]) -> int:
    """The top of a deal played at ``len(scores)`` tables, once the tables are found comparable."""
    if len(scores) < 2:
        raise InputError(
            "scores", gettext("Les matchpoints comparent au moins deux tables de la même donne.")
        )
    seats = len(scores[0])
    if seats == 0 or any(len(t) != seats for t in scores):
        raise InputError(
            "scores",
            gettext("Les tables d’une même donne ont toutes le même nombre de sièges."),
        )
    return top(len(scores))


def _table(
    scores: Sequence[Sequence[int]], table: int, higher_is_better: bool, best: int
) -> tuple[SeatResult, ...]:
    """Each seat of ``scores[table]`` against the same seat at every other table."""
    sign = 1 if higher_is_better else -1
    line = []
    for s, mine in enumerate(scores[table]):
        others = [other[s] for u, other in enumerate(scores) if u != table]
        points = WIN * sum(sign * mine > sign * theirs for theirs in others)
        points += TIE * sum(mine == theirs for theirs in others)
        line.append(SeatResult(table, s, mine, points, Fraction(100 * points, best)))
    return tuple(line)


#: What a seat scores when no other table played its deal, and for a bye
#: (docs/deals.md#donnes-seule, docs/events.md#tournoi-donnes-classement): the average.
AVERAGE = Fraction(50)


def percentages(
    scores: Sequence[Sequence[int]], higher_is_better: bool = True
) -> tuple[tuple[Fraction, ...], ...]:
    """Each seat's percentage of the top, ``[table][seat]``, for the tables of one deal. A table
    alone with its deal has no one to be compared with: each of its seats gets the average,
    50 % (docs/deals.md#donnes-seule), what a seat earns on average at any number of tables."""
    if len(scores) == 1:
        return (tuple(AVERAGE for _ in scores[0]),)
    return tuple(
        tuple(r.percentage for r in table) for table in score(scores, higher_is_better).results
    )


def shown(percentage: Fraction | None) -> float | None:
    """A percentage as the answers and exports give it: rounded to two decimals."""
    return None if percentage is None else float(round(percentage, 2))


@dataclass(frozen=True, slots=True)
class DuplicateLine:
    """A player's line in a duplicate event's standings (docs/events.md#tournoi-donnes-classement):
    the sum of their percentages, and each round's percentage (``None``: absent; a bye is 50)."""

    position: int
    name: str
    total: Fraction
    rounds: tuple[Fraction | None, ...]
    byes: tuple[int, ...]

    def as_json(self) -> dict[str, object]:
        return {
            "position": self.position,
            "name": self.name,
            "percentages": shown(self.total),
            "rounds": [
                {
                    "round": n,
                    "percentage": shown(p),
                    "bye": n in self.byes,
                }
                for n, p in enumerate(self.rounds, start=1)
            ],
        }


Key = tuple[Fraction, int]


def duplicate_standings(
    names: Sequence[str],
    rounds: int,
    scored: Mapping[str, Mapping[int, Fraction]],
    byes: Mapping[int, Sequence[str]],
    tiebreak: Mapping[str, int],
) -> list[DuplicateLine]:
    """A duplicate event's standings (docs/events.md#tournoi-donnes-classement): each player's
    percentages summed over ``rounds`` (``scored[name][round]``), a bye worth the average 50,
    a round neither scored nor a bye worth 0 (absent). Ties are broken by ``tiebreak``, the
    player's position in the event's ordinary standings (rank points, wins, opponents,
    relative points: docs/events.md « Classement »); players equal on both share a position
    (1, 2, 2, 4), listed by name ignoring case."""
    lines = []
    for name in names:
        mine = scored.get(name, {})
        per_round: list[Fraction | None] = []
        their_byes = []
        for n in range(1, rounds + 1):
            if n in mine:
                per_round.append(mine[n])
            elif name in byes.get(n, ()):
                per_round.append(AVERAGE)
                their_byes.append(n)
            else:
                per_round.append(None)
        total = sum((p for p in per_round if p is not None), Fraction(0))
        lines.append((name, total, tuple(per_round), tuple(their_byes)))

    def key(line: tuple[str, Fraction, tuple[Fraction | None, ...], tuple[int, ...]]) -> Key:
        return (-line[1], tiebreak.get(line[0], len(names) + 1))

    lines.sort(key=lambda line: (*key(line), line[0].casefold()))
    out: list[DuplicateLine] = []
    for i, line in enumerate(lines):
        shared = i > 0 and key(lines[i - 1]) == key(line)
        position = out[-1].position if shared else i + 1
        out.append(DuplicateLine(position, line[0], line[1], line[2], line[3]))
    return out
