"""An event's standings: rank points over the rounds, then three tie-breaks.

Each rule is a paragraph of docs/events.md « Classement » (the anchors below):

1. rank points, a table's places normalised for its size
   (docs/events.md#classement-points-de-rang):
   place *k* of *n* gets (*n* − *k*)/(*n* − 1); tied players share the mean of the places they
   occupy (docs/events.md#classement-egalites);
2. wins, a shared first place counting 1/*k* to each of *k* tied winners
   (docs/events.md#classement-victoires);
3. the opponents' average rank points (docs/events.md#classement-adversaires);
4. the game's own points relative to each table's average, divided by the table's spread
   (docs/events.md#classement-points-relatifs).

A bye gives the mean of a table, 1/2 (docs/events.md#classement-exempt); a round missed
before joining, after dropping out, or without a result gives 0
(docs/events.md#classement-absence); a player who drops out keeps their results and their
line (docs/events.md#classement-abandon). Players tied on every criterion share a position,
listed by name (docs/events.md#classement-position).

All arithmetic is exact (:class:`fractions.Fraction`) and floats appear only in the answer, so
the order of the input never changes a tie. No Django import.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import TypeGuard

from .cards import InputError
from .i18n import gettext

#: The most players and rounds one event ranks (the seating's own bounds).
MAX_PLAYERS = 300
MAX_ROUNDS = 20
#: The most players at one table.
MAX_TABLE = 10
#: What a bye gives: the mean rank points of a table of any size (docs/events.md#classement-exempt).
BYE_RANK_POINTS = Fraction(1, 2)

_NO_BYES: Mapping[int, Sequence[str]] = MappingProxyType({})
_NO_ROUNDS: Mapping[str, int] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table of one round, as the event entered it.

    ``points`` are the game's own points per player (``None``: Num Connect has none);
    ``higher_better`` says their direction, true for the four games (NUM CHECK, NUM DRAFT and
    Num 5 totals: the highest wins, a Num 5 total may be negative)."""

    round: int  # 1-based
    table: int  # 1-based
    players: tuple[str, ...]  # seat order (names, unique ignoring case in an event)
    places: tuple[int, ...]  # each player's place, 1 first, ties share (1, 2, 2, 4)
    points: tuple[int, ...] | None  # the game's own points per player; None: no points
    higher_better: bool = True


@dataclass(frozen=True, slots=True)
class RoundLine:
    """A player's round: their table, place and its size, or a bye, or an absence."""

    round: int
    table: int | None
    place: int | None
    size: int | None
    rank_points: float
    bye: bool = False
    absent: bool = False
    wins: float = 0.0
    relative_points: float = 0.0
    points: int | None = None

    def as_json(self) -> dict[str, object]:
        """The round as docs/api.md « Standings (events) » shows it."""
        return {
            "round": self.round,
            "table": self.table,
            "place": self.place,
            "size": self.size,
            "rank_points": self.rank_points,
            "wins": self.wins,
            "relative_points": self.relative_points,
            "points": self.points,
            "bye": self.bye,
            "absent": self.absent,
        }


@dataclass(frozen=True, slots=True)
class Line:
    """A player's standing. ``joined``: the first round they could play; ``dropped``: the last
    round before they left (``None``: still in the event)."""

    position: int  # shared when every criterion ties (competition ranking 1, 2, 2, 4)
    name: str
    rank_points: float  # sum over rounds
    wins: float
    opponents: float  # opponents' average rank points (tie-break 2)
    relative_points: float  # the game's points relative to the table's average (tie-break 3)
    rounds: tuple[RoundLine, ...]
    played: int = 0
    joined: int = 1
    dropped: int | None = None

    def as_json(self) -> dict[str, object]:
        """The line as docs/api.md « Standings (events) » shows it."""
        return {
            "position": self.position,
            "name": self.name,
            "rank_points": self.rank_points,
            "wins": self.wins,
            "opponents": self.opponents,
            "relative_points": self.relative_points,
            "played": self.played,
            "joined": self.joined,
            "dropped": self.dropped,
            "rounds": [entry.as_json() for entry in self.rounds],
        }


@dataclass(frozen=True, slots=True)
class _Seat:
    table: int
    place: int
    size: int
    rank_points: Fraction
    wins: Fraction
    relative: Fraction
    points: int | None
    opponents: tuple[str, ...]  # canonical names


def _whole(value: object) -> TypeGuard[int]:
    """An ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def _is_competition_ranking(places: Sequence[int]) -> bool:
    """Places « 1, 2, 2, 4 »: the first is 1; each is its predecessor's or its own rank."""
    ordered = sorted(places)
    return all(p == (ordered[i - 1] if i else 1) or p == i + 1 for i, p in enumerate(ordered))


def _rank_points(place: int, size: int, tied: int) -> Fraction:
    """Places ``place`` … ``place + tied − 1`` of ``size``, each (n − k)/(n − 1), averaged:
    (n − place − (tied − 1)/2)/(n − 1) (docs/events.md#classement-egalites)."""
    return (size - place - Fraction(tied - 1, 2)) / (size - 1)


def rank_points(place: int, size: int, places: Sequence[int]) -> float:
    """Rank points of ``place`` at a table of ``size`` whose places are ``places``.

    Place *k* of *n* gets (*n* − *k*)/(*n* − 1): the first 1, the last 0, evenly spaced, so a
    table of any size hands out *n*/2 in all (docs/events.md#classement-points-de-rang).
    Players tied at a place share the mean of the places they occupy: two tied 2nd of 4 get
    the mean of 2/3 and 1/3, 1/2 each (docs/events.md#classement-egalites)."""
    if (
        not _whole(size)
        or not 2 <= size <= MAX_TABLE
        or len(places) != size
        or not all(_whole(p) for p in places)
        or not _is_competition_ranking(places)
    ):
        raise InputError(
            "places",
            gettext("Les places d’une table de {size} joueurs vont de 1 à {size}.").format(
                size=size
            ),
        )
    if not _whole(place) or place not in places:
        raise InputError(
            "places", gettext("La place {place} n’est pas à cette table.").format(place=place)
        )
    return float(_rank_points(place, size, list(places).count(place)))


def _relative(points: Sequence[int], higher_better: bool) -> list[Fraction]:
    """Each player's points minus the table's mean, over the table's spread (best − worst): 0 for
    all when everyone scored alike; signed so that more is better whatever the game's direction
    (docs/events.md#classement-points-relatifs)."""
    oriented = [p if higher_better else -p for p in points]
    spread = max(oriented) - min(oriented)
    if not spread:
        return [Fraction(0)] * len(oriented)
    mean = Fraction(sum(oriented), len(oriented))
    return [(p - mean) / spread for p in oriented]


def _seats(table: TableResult, canon: Sequence[str]) -> list[_Seat]:
    size = len(table.players)
    winners = table.places.count(1)
    relative = (
        _relative(table.points, table.higher_better)
        if table.points is not None
        else [Fraction(0)] * size
    )
    return [
        _Seat(
            table=table.table,
            place=place,
            size=size,
            rank_points=_rank_points(place, size, table.places.count(place)),
            wins=Fraction(1, winners) if place == 1 else Fraction(0),
            relative=relative[i],
            points=table.points[i] if table.points is not None else None,
            opponents=tuple(o for j, o in enumerate(canon) if j != i),
        )
        for i, place in enumerate(table.places)
    ]


class _Event:
    """The input read and checked: canonical names, each player's seat or bye per round."""

    def __init__(
        self,
        players: Sequence[str],
        rounds: int,
        results: Sequence[TableResult],
        byes: Mapping[int, Sequence[str]],
        joined: Mapping[str, int],
        dropped: Mapping[str, int],
    ) -> None:
        if not _whole(rounds) or not 0 <= rounds <= MAX_ROUNDS:
            raise InputError(
                "rounds",
                gettext("Le nombre de manches va de 0 à {most}.").format(most=MAX_ROUNDS),
            )
        self.rounds = rounds
        self.names = self._names(players)
        self.joined = {n: 1 for n in self.names}
        self.dropped: dict[str, int | None] = dict.fromkeys(self.names)
        for name, value in joined.items():
            self.joined[self.known(name, "joined")] = self._round(value, "joined", 1)
        for name, value in dropped.items():
            who = self.known(name, "dropped")
            left = self._round(value, "dropped", 0)
            if left < self.joined[who] - 1:
                raise InputError(
                    "dropped",
                    gettext("{name} abandonne avant d’arriver.").format(name=who),
                )
            self.dropped[who] = left
        self.seats: dict[tuple[str, int], _Seat] = {}
        self.byes: set[tuple[str, int]] = set()
        self.tables: set[tuple[int, int]] = set()
        for result in results:
            self._table(result)
        for number, names in byes.items():
            self._byes(number, names)

    def _names(self, players: Sequence[str]) -> list[str]:
        if isinstance(players, str) or len(players) > MAX_PLAYERS:
            raise InputError(
                "players",
                gettext("Un classement compte au plus {most} joueurs.").format(most=MAX_PLAYERS),
            )
        names: list[str] = []
        self.by_key: dict[str, str] = {}
        for name in players:
            if not isinstance(name, str) or not name.strip():
                raise InputError("players", gettext("Chaque joueur a un nom."))
            key = name.strip().casefold()
            if key in self.by_key:
                raise InputError(
                    "players",
                    gettext("« {name} » figure deux fois parmi les joueurs.").format(name=name),
                )
            self.by_key[key] = name.strip()
            names.append(name.strip())
        return names

    def known(self, name: object, field: str) -> str:
        found = self.by_key.get(name.strip().casefold()) if isinstance(name, str) else None
        if found is None:
            raise InputError(
                field,
                gettext("« {name} » n’est pas un joueur de l’événement.").format(name=name),
            )
        return found

    def _round(self, value: object, field: str, lowest: int) -> int:
        if not _whole(value) or not lowest <= value <= MAX_ROUNDS:
            raise InputError(
                field,
                gettext("Une manche va de {lowest} à {most}.").format(
                    lowest=lowest, most=MAX_ROUNDS
                ),
            )
        return value

    def played(self, name: str) -> list[_Seat]:
        """The player's seats, round by round."""
        found = (self.seats.get((name, number)) for number in range(1, self.rounds + 1))
        return [seat for seat in found if seat is not None]

    def present(self, name: str, number: int) -> bool:
        """Joined by round ``number`` and not dropped out before it."""
        left = self.dropped[name]
        return self.joined[name] <= number and (left is None or number <= left)

    def _where(self, number: int, table: int | None = None) -> str:
        if table is None:
            return gettext("Manche {round}").format(round=number)
        return gettext("Manche {round}, table {table}").format(round=number, table=table)

    def _take(self, name: str, number: int, where: str, field: str) -> None:
        if (name, number) in self.seats or (name, number) in self.byes:
            raise InputError(
                field,
                gettext("{where} : {name} a déjà une place dans cette manche.").format(
                    where=where, name=name
                ),
            )
        if not self.present(name, number):
            raise InputError(
                field,
                gettext("{where} : {name} n’est pas présent à cette manche.").format(
                    where=where, name=name
                ),
            )

    def _table(self, result: TableResult) -> None:
        if not _whole(result.round) or not 1 <= result.round <= self.rounds:
            raise InputError(
                "results",
                gettext("Une table appartient à une manche de 1 à {rounds}.").format(
                    rounds=self.rounds
                ),
            )
        if not _whole(result.table) or result.table < 1:
            raise InputError(
                "results",
                gettext("Manche {round} : les tables sont numérotées à partir de 1.").format(
                    round=result.round
                ),
            )
        where = self._where(result.round, result.table)
        if (result.round, result.table) in self.tables:
            raise InputError(
                "results", gettext("{where} : cette table figure deux fois.").format(where=where)
            )
        self.tables.add((result.round, result.table))
        size = len(result.players)
        if not 2 <= size <= MAX_TABLE:
            raise InputError(
                "results",
                gettext("{where} : une table compte de 2 à {most} joueurs.").format(
                    where=where, most=MAX_TABLE
                ),
            )
        if len(result.places) != size or (result.points is not None and len(result.points) != size):
            raise InputError(
                "results",
                gettext("{where} : une place et des points par joueur.").format(where=where),
            )
        if not all(_whole(p) for p in result.places) or not _is_competition_ranking(result.places):
            raise InputError(
                "results",
                gettext(
                    "{where} : les places vont de 1 à {size}, les ex æquo partagent la leur"
                    " (1, 2, 2, 4)."
                ).format(where=where, size=size),
            )
        if result.points is not None and not all(_whole(p) for p in result.points):
            raise InputError(
                "results", gettext("{where} : les points sont des entiers.").format(where=where)
            )
        canon = [self.known(name, "results") for name in result.players]
        if len({n.casefold() for n in canon}) != size:
            raise InputError(
                "results",
                gettext("{where} : un joueur y figure deux fois.").format(where=where),
            )
        for name in canon:
            self._take(name, result.round, where, "results")
        for name, seat in zip(canon, _seats(result, canon), strict=True):
            self.seats[(name, result.round)] = seat

    def _byes(self, number: object, names: Sequence[str]) -> None:
        if not _whole(number) or not 1 <= number <= self.rounds:
            raise InputError(
                "byes",
                gettext("Un exempt appartient à une manche de 1 à {rounds}.").format(
                    rounds=self.rounds
                ),
            )
        if isinstance(names, str):
            names = [names]
        for name in names:
            who = self.known(name, "byes")
            self._take(who, number, self._where(number), "byes")
            self.byes.add((who, number))


def standings(
    players: Sequence[str],
    rounds: int,
    results: Sequence[TableResult],
    byes: Mapping[int, Sequence[str]] = _NO_BYES,
    joined: Mapping[str, int] = _NO_ROUNDS,
    dropped: Mapping[str, int] = _NO_ROUNDS,
) -> list[Line]:
    """The standings after ``rounds`` rounds, best first.

    ``results``: the tables entered, in any order; ``byes``: who sat each round out (round →
    names); ``joined``: a late arrival's first round; ``dropped``: the last round of a player
    who left. Rounds where a present player has neither a table nor a bye count as absences.
    Lines are ordered by rank points, wins, opponents' average, relative points, all highest
    first; equal on all four, they share a position and are listed by name, ignoring case
    (docs/events.md#classement-position). Bad input raises :class:`InputError`."""
    event = _Event(players, rounds, results, byes, joined, dropped)
    totals: dict[str, tuple[Fraction, Fraction, Fraction]] = {}
    lines: dict[str, tuple[RoundLine, ...]] = {}
    strength: dict[str, Fraction] = {}
    for name in event.names:
        total = wins = relative = Fraction(0)
        ledger: list[RoundLine] = []
        for number in range(1, rounds + 1):
            seat = event.seats.get((name, number))
            if seat is not None:
                total += seat.rank_points
                wins += seat.wins
                relative += seat.relative
                ledger.append(
                    RoundLine(
                        number,
                        seat.table,
                        seat.place,
                        seat.size,
                        float(seat.rank_points),
                        wins=float(seat.wins),
                        relative_points=float(seat.relative),
                        points=seat.points,
                    )
                )
            elif (name, number) in event.byes:
                total += BYE_RANK_POINTS
                ledger.append(RoundLine(number, None, None, None, float(BYE_RANK_POINTS), bye=True))
            else:
                ledger.append(RoundLine(number, None, None, None, 0.0, absent=True))
        totals[name] = (total, wins, relative)
        lines[name] = tuple(ledger)
        at_tables = [s.rank_points for s in event.played(name)]
        strength[name] = Fraction(sum(at_tables), len(at_tables)) if at_tables else Fraction(0)

    def opponents(name: str) -> Fraction:
        """The mean, over every opponent met (once per meeting), of that opponent's rank points
        per table played, byes and absences left out (docs/events.md#classement-adversaires)."""
        met = [o for s in event.played(name) for o in s.opponents]
        return Fraction(sum(strength[o] for o in met), len(met)) if met else Fraction(0)

    keys = {
        name: (totals[name][0], totals[name][1], opponents(name), totals[name][2])
        for name in event.names
    }
    ordered = sorted(
        event.names,
        key=lambda n: (tuple(-k for k in keys[n]), n.casefold(), n),
    )
    result: list[Line] = []
    for index, name in enumerate(ordered):
        shared = result and keys[name] == keys[ordered[index - 1]]
        total, wins, opposed, relative = keys[name]
        result.append(
            Line(
                position=result[-1].position if shared else index + 1,
                name=name,
                rank_points=float(total),
                wins=float(wins),
                opponents=float(opposed),
                relative_points=float(relative),
                rounds=lines[name],
                played=sum(1 for line in lines[name] if line.table is not None),
                joined=event.joined[name],
                dropped=event.dropped[name],
            )
        )
    return result
