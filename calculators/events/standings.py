"""An event's standings: its counted tables read into the standings engine
(:mod:`calculators.engines.event_standings`, docs/events.md « Classement »), and its players'
ratings from the same tables (:mod:`calculators.engines.ratings`, docs/ratings.md).

Only confirmed and settled tables count (#tournoi-resultats): a table still playing, finished
but unconfirmed, or disputed is left out, and the standings say how many are waiting.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ..engines import event_standings, matchpoints
from ..engines import ratings as rating_engine
from ..parties import kinds
from . import duplicate as dealing
from .models import COUNTED, Event, Round, Table


@dataclass(frozen=True)
class Standings:
    lines: list[event_standings.Line]
    #: the rounds counted (every round started so far)
    rounds: int
    #: tables of those rounds whose result does not count yet, as ``(round, table)``
    pending: list[tuple[int, int]]

    #: every round of the event closed
    closed: bool = False
    #: an event « en donnes préparées »: the matchpoint standings (#tournoi-donnes-classement)
    duplicate: list[matchpoints.DuplicateLine] | None = None

    @property
    def final(self) -> bool:
        """Every round of the event closed: the standings no longer change."""
        return self.closed and not self.pending


def standings(event: Event) -> Standings:
    players = list(event.players.all())
    names = {p.pk: p.name for p in players}
    played = list(event.round_set.exclude(state=Round.State.SEATED).prefetch_related("tables"))
    results: list[event_standings.TableResult] = []
    pending: list[tuple[int, int]] = []
    byes: dict[int, list[str]] = {}
    # the game's own total: points (higher better) or Num Connect's cards left (lower better)
    higher_better = kinds.for_spec(event.spec).total_higher_better
    for r in played:
        byes[r.number] = [names[p] for p in r.byes]
        for t in r.tables.all():
            if t.state not in COUNTED or not t.result:
                pending.append((r.number, t.number))
                continue
            results.append(
                event_standings.TableResult(
                    round=r.number,
                    table=t.number,
                    players=tuple(names[line["player"]] for line in t.result),
                    places=tuple(line["place"] for line in t.result),
                    points=tuple(line["points"] for line in t.result),
                    higher_better=higher_better,
                )
            )
    rounds = max((r.number for r in played), default=0)
    lines = event_standings.standings(
        [p.name for p in players],
        rounds,
        results,
        byes,
        joined={p.name: p.joined for p in players if p.joined > 1},
        # the engine counts the last round played; the event stores the first one missed
        dropped={p.name: p.dropped - 1 for p in players if p.dropped is not None},
    )
    closed = len(played) == event.rounds and all(r.state == Round.State.CLOSED for r in played)
    by_deal = None
    if event.duplicate:
        by_deal = dealing.standings(event, {line.name: line.position for line in lines})
    return Standings(lines, rounds, pending, closed, by_deal)


def places(event: Event) -> dict[int, int]:
    """Each player's place in the standings, by player number (the Swiss seating's input)."""
    order = dict(event.players.values_list("name", "order"))
    return {order[line.name]: line.position for line in standings(event).lines}


def as_json(found: Standings) -> dict[str, Any]:
    """The standings as the API and the JSON export give them (docs/api.md « Standings »)."""
    out: dict[str, Any] = {
        "final": found.final,
        "rounds": found.rounds,
        "pending": [{"round": r, "table": t} for r, t in found.pending],
        "lines": [line.as_json() for line in found.lines],
    }
    if found.duplicate is not None:
        out["matchpoints"] = [line.as_json() for line in found.duplicate]
    return out


def ratings(event: Event) -> list[dict[str, Any]]:
    """Each player's rating in the event's game (docs/ratings.md), best first, over the counted
    tables in the order they were played: recomputed, never stored, so a settled dispute or a
    reopened table changes it."""
    names = dict(event.players.values_list("pk", "name"))
    tables = (
        Table.objects.filter(round__event=event, state__in=COUNTED)
        .select_related("round")
        .order_by("round__number", "number")
    )
    game = event.spec.api_name
    parties = [
        rating_engine.Party(
            (t.round.number, t.number),
            game,
            tuple(rating_engine.Seat(line["player"], line["place"]) for line in t.result),
        )
        for t in tables
        if t.result
    ]
    where: dict[Hashable, tuple[int, int]] = {
        (t.round.number, t.number): (t.round.number, t.number) for t in tables
    }
    rated = rating_engine.rate(parties).get(game, {})
    return [
        {
            "name": names[r.player],
            "value": r.value,
            "provisional": r.provisional,
            "played": r.played,
            "change": r.change,
            "history": [
                {
                    "round": where[step.party][0],
                    "table": where[step.party][1],
                    "value": step.value,
                    "change": step.change,
                }
                for step in r.history
            ],
        }  # fmt: skip
        for r in rating_engine.ranking(rated)
        if r.player in names
    ]
