"""Standings: one way to rank players everywhere (table mode, sheets, Parties, API ``position``).

A ``position`` in the API and on the pages is the standing, ties sharing a position (1, 2, 2, 4):
competition ranking. Players are ordered by their key, highest first; equal keys share the
position of the first of them, and the next key takes the position its rank in the list gives
(after two players at 2, the next is 4). Equal keys keep the players' order. No Django import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:  # typeshed's protocol of what ``sorted`` accepts as a key
    from _typeshed import SupportsRichComparison

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Standing(Generic[T]):
    """A player (any object) and their shared position, 1 first."""

    position: int
    item: T


def standings(items: Iterable[T], key: Callable[[T], SupportsRichComparison]) -> list[Standing[T]]:
    """``items`` ordered by ``key`` (highest first, ties in the given order) with positions
    « 1, 2, 2, 4 ». ``key`` may return a tuple (Num 5: round wins, then points)."""
    ordered = sorted(items, key=key, reverse=True)  # sorted is stable even when reversed
    result: list[Standing[T]] = []
    for index, item in enumerate(ordered):
        if result and key(item) == key(result[-1].item):
            position = result[-1].position
        else:
            position = index + 1
        result.append(Standing(position, item))
    return result


def positions(items: Iterable[T], key: Callable[[T], SupportsRichComparison]) -> list[int]:
    """The position of each item, in the items' own order (for answers that keep seat order)."""
    listed = list(items)
    by_id = {id(s.item): s.position for s in standings(listed, key)}
    return [by_id[id(item)] for item in listed]
