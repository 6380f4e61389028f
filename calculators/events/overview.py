"""An event as its pages and its API show it: the players, each round's tables with their
Party, state, confirmations and result, in one shape for both (names, never ids)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engines import seating
from ..parties import kinds
from ..parties.models import Game
from . import services
from .models import Event, EventPlayer, Round, Table


@dataclass
class TableView:
    number: int
    players: list[str]
    state: str
    state_label: str
    dispute: str
    confirmed_by: list[str]
    result: list[dict[str, object]]
    game: Game | None
    #: which players may still confirm (the table's players who have not)
    waiting: list[str] = field(default_factory=list)


@dataclass
class RoundView:
    number: int
    state: str
    state_label: str
    swiss: bool
    byes: list[str]
    reasons: list[str]
    tables: list[TableView]


@dataclass
class Overview:
    event: Event
    players: list[EventPlayer]
    rounds: list[RoundView]

    @property
    def current(self) -> RoundView | None:
        return self.rounds[-1] if self.rounds else None

    def seat_of(self, name: str) -> TableView | None:
        """The table ``name`` plays at in the current round, if any."""
        current = self.current
        if current is None:
            return None
        return next((t for t in current.tables if name in t.players), None)


def overview(event: Event) -> Overview:
    """Everything the pages and the API show of ``event``, in a few queries."""
    players = list(event.players.all())
    names = {p.pk: p.name for p in players}
    rounds: list[RoundView] = []
    listed = list(event.round_set.prefetch_related("tables__game"))
    # which playing tables' Parties the game's own rules ended (NUM CHECK's clock), asked once
    # for them all (a constant number of queries, as the tablées do), not table by table
    open_games = [
        t.game
        for r in listed
        for t in r.tables.all()
        if t.state == Table.State.PLAYING and t.game is not None and not t.game.finished
    ]
    ended = kinds.for_spec(event.spec).ended_among(open_games) if open_games else set()
    # the rounds' reasons, each from the rounds before it: recorded as the listing goes
    order = {p.pk: p.order for p in players}
    past = seating.Past(len(players))
    for r in listed:
        tables = []
        for t in r.tables.all():
            over = t.game is not None and (t.game.finished or t.game.pk in ended)
            state = Table.State.FINISHED if t.state == Table.State.PLAYING and over else t.state
            tables.append(
                TableView(
                    number=t.number,
                    players=[names[p] for p in t.seats],
                    state=state,
                    state_label=str(Table.State(state).label),
                    dispute=t.dispute,
                    confirmed_by=[names[p] for p in t.confirmations],
                    result=[
                        {
                            "player": names[line["player"]],
                            "place": line["place"],
                            "points": line["points"],
                        }
                        for line in t.result
                    ],  # fmt: skip
                    game=t.game,
                    waiting=[names[p] for p in t.seats if p not in t.confirmations],
                )
            )
        rounds.append(
            RoundView(
                number=r.number,
                state=r.state,
                state_label=str(Round.State(r.state).label),
                swiss=r.swiss,
                byes=[names[p] for p in r.byes],
                reasons=services.reasons(event, r, players, past),
                tables=tables,
            )
        )
        past.record(services.seated_as(r, order))
    return Overview(event, players, rounds)
