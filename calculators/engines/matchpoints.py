"""Matchpoints: each seat compared with the same seat at the other tables of the same deal
(docs/deals.md#donnes-matchpoints).

A seat earns 2 matchpoints for each other table where the same seat scored worse and 1 for each
where it scored the same; its result is a percentage of the top, 2 × (tables − 1)
(docs/deals.md#donnes-top). Over the tables, one seat's matchpoints add up to exactly
tables × (tables − 1) = top × tables / 2, ties or not: each pair of tables hands out 2
(docs/deals.md#donnes-invariant).
"""

from __future__ import annotations

from collections.abc import Sequence
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
    if len(scores) < 2:
        raise InputError(
            "scores", gettext("Les matchpoints comparent au moins deux tables de la même donne.")
        )
    seats = len(scores[0])
    if seats == 0 or any(len(table) != seats for table in scores):
        raise InputError(
            "scores",
            gettext("Les tables d’une même donne ont toutes le même nombre de sièges."),
        )
    best = top(len(scores))
    sign = 1 if higher_is_better else -1
    results = []
    for t, table in enumerate(scores):
        line = []
        for s, mine in enumerate(table):
            points = 0
            for u, other in enumerate(scores):
                if u == t:
                    continue
                theirs = other[s]
                if sign * mine > sign * theirs:
                    points += WIN
                elif mine == theirs:
                    points += TIE
            line.append(SeatResult(t, s, mine, points, Fraction(100 * points, best)))
        results.append(tuple(line))
    return Matchpoints(best, tuple(results))
