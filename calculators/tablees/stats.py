"""A tablée's statistics, recomputed by the engines from its stored parties
(docs/tablees.md#statistics).

This module keeps the numbers every game has; each game's own numbers, cells and chart come
from its Parties hooks (``stats_seat``, ``stats``, ``stats_cells``, ``stats_chart``,
``stats_template``). One pass reads everything in a constant number of queries and is cached
under the tablée's ``stamp``, which every write of the tablée or of its parties changes
(docs/tablees.md#scale-a-constant-number-of-queries-then-the-cache).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.utils import translation
from django.utils.translation import gettext

from ..core import registry
from ..engines import ratings as rating_engine
from ..engines.names import name_key
from ..parties import kinds
from ..parties.board import Board, BoardRow
from .daily import daily_number
from .models import Member, Tablee, TableeParty
from .services import seat_members

#: a player's recent form: their last results
RECENT = 10
#: the score-over-time chart shows each game's last parties
CHART_PARTIES = 30
CACHE_SECONDS = 24 * 3600


@dataclass
class Seat:
    """One player in one party, as the board has it."""

    member: int | None
    name: str
    total: int
    title: str
    position: int
    won: bool
    #: what the game's ``stats_seat`` hook keeps of this seat (JSON)
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def numbers(self) -> dict[str, Any]:
        """The seat as a game's ``stats`` hooks read it: its total and its game's detail."""
        return {"total": self.total, **self.detail}


@dataclass
class PartyResult:
    game_id: int
    api_name: str
    mode: str
    created: str
    finished: bool
    winners: tuple[str, ...]
    players: list[str]
    seats: list[Seat]
    #: the party's last write (UTC, ``YYYY-MM-DDTHH:MM:SSZ``): the BG Stats file's modification date
    updated: str = ""
    #: the number of the deal of the day the party plays (20261205), ``None`` for any other
    #: party (docs/deals.md#donnes-du-jour)
    daily: int | None = None


def mode_label(api_name: str, mode: str) -> str:
    """A mode's name in the active language (« Classique », « Row Explosion »), as the party
    page shows it; an unknown one as stored."""
    try:
        return gettext(registry.by_api_name(api_name).mode(mode).label)
    except KeyError:
        return mode


def _seat(
    kind: kinds.PartyKind, board: Board, row: BoardRow, index: int, member: Member | None
) -> Seat:
    return Seat(
        member.pk if member else None,
        row.player.name,
        row.total,
        row.title,
        row.position,
        row.player.name in board.winners,
        kind.stats_seat(board, row, index),
    )


def results(tablee: Tablee, members: list[Member]) -> list[PartyResult]:
    """Every party of the tablée, newest first, scored by the engines (a constant number of
    queries: links and games, players, rounds, and what each game's ``boards`` hook reads in
    bulk)."""
    links = list(
        TableeParty.objects.filter(tablee=tablee)
        .select_related("game")
        .prefetch_related("game__players", "game__rounds")
        .order_by("-game__created_at", "-game_id")
    )
    boards: dict[int, Board] = {}
    for spec in registry.PARTY_GAMES:
        mine = [link.game for link in links if link.game.kind == spec.kind]
        if mine:
            boards.update(kinds.for_spec(spec).boards(mine))
    out = []
    for link in links:
        game = link.game
        players = list(game.players.all())
        board = boards[game.pk]
        kind = kinds.of(game)
        seated = seat_members(players, members, link.seats)
        by_player = {r.player.pk: r for r in board.rows}
        seats = [
            _seat(kind, board, by_player[p.pk], i, m)
            for i, (p, m) in enumerate(zip(players, seated, strict=True))
        ]
        out.append(
            PartyResult(
                game.pk,
                game.api_name,
                game.mode,
                game.created_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
                board.finished,
                tuple(board.winners) if board.finished else (),
                [p.name for p in players],
                seats,
                updated=game.updated_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
                daily=daily_number(game),
            )
        )
    return out


def _average(values: list[int]) -> float:
    return round(sum(values) / len(values), 1) if values else 0.0


def _game_stats(game: registry.GameSpec, seats: list[Seat]) -> dict[str, Any]:
    """A member's numbers over their finished parties of ``game``: those every game has, then
    the game's own (its ``stats`` hook)."""
    totals = [s.total for s in seats]
    wins = sum(1 for s in seats if s.won)
    return {
        "played": len(seats),
        "wins": wins,
        "win_rate": round(wins / len(seats), 3),
        "best": max(totals),
        "average": _average(totals),
        "titles": dict(Counter(s.title for s in seats if s.title)),
        **kinds.for_spec(game).stats([s.numbers for s in seats]),
    }


def _histogram(values: list[int], bins: int = 8) -> list[dict[str, int]]:
    """Scores grouped into at most ``bins`` ranges of equal width (inclusive bounds)."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, -(-(high - low + 1) // bins))
    counts = Counter((v - low) // width for v in values)
    return [
        {"low": low + i * width, "high": low + (i + 1) * width - 1, "count": counts.get(i, 0)}
        for i in range((high - low) // width + 1)
    ]


def compute(tablee: Tablee) -> dict[str, Any]:
    """The statistics, the parties' summaries and the charts' numbers (no token anywhere)."""
    members = list(tablee.members.all())
    parties = results(tablee, members)
    finished = [p for p in parties if p.finished]
    games = [g for g in registry.PARTY_GAMES]
    by_member: dict[int, dict[str, list[Seat]]] = {m.pk: defaultdict(list) for m in members}
    for party in finished:
        for seat in party.seats:
            if seat.member in by_member:
                by_member[seat.member][party.api_name].append(seat)
    rated = ratings(members, finished)
    drawn = charts(members, finished)
    for api_name, rows in rated.items():
        drawn[api_name]["ratings"] = rating_chart(api_name, rows, finished)
    players = [
        {
            "name": m.name,
            "games": {
                g.api_name: _game_stats(g, by_member[m.pk][g.api_name])
                for g in games
                if by_member[m.pk][g.api_name]
            },
        }
        for m in members
    ]
    return {
        "members": [m.name for m in members],
        "parties": [
            {
                "id": p.game_id,
                "game": p.api_name,
                "mode": p.mode,
                "created": p.created,
                "finished": p.finished,
                "winners": list(p.winners),
                "players": p.players,
                "daily_deal": p.daily,
            }
            for p in parties
        ],
        "seats": {
            str(p.game_id): [
                {"name": s.name, "total": s.total, "position": s.position, "won": s.won}
                for s in p.seats
            ]
            for p in parties
        },
        "stats": {
            "players": players,
            "head_to_head": head_to_head(members, finished),
            "recent": recent(members, finished),
        },
        "charts": drawn,
        "ratings": rated,
    }


def head_to_head(members: list[Member], finished: list[PartyResult]) -> list[dict[str, Any]]:
    """For each pair of members who finished a party together: how often each was ahead."""
    index = {m.pk: i for i, m in enumerate(members)}
    pairs: dict[tuple[int, int], list[int]] = {}
    for party in finished:
        seated = sorted(
            (
                (index[s.member], s)
                for s in party.seats
                if s.member is not None and s.member in index
            ),
            key=lambda pair: pair[0],
        )
        for i, (_, a) in enumerate(seated):
            for _, b in seated[i + 1 :]:
                assert a.member is not None and b.member is not None
                tally = pairs.setdefault((a.member, b.member), [0, 0, 0, 0])
                tally[0] += 1
                if a.position < b.position:
                    tally[1] += 1
                elif b.position < a.position:
                    tally[2] += 1
                else:
                    tally[3] += 1
    names = {m.pk: m.name for m in members}
    return [
        {"players": [names[a], names[b]], "played": t[0], "ahead": [t[1], t[2]], "ties": t[3]}
        for (a, b), t in sorted(pairs.items(), key=lambda kv: (index[kv[0][0]], index[kv[0][1]]))
    ]


def recent(members: list[Member], finished: list[PartyResult]) -> dict[str, list[dict[str, Any]]]:
    """Each member's last :data:`RECENT` results, newest first."""
    out: dict[str, list[dict[str, Any]]] = {m.name: [] for m in members}
    names = {m.pk: m.name for m in members}
    for party in finished:  # newest first already
        for seat in party.seats:
            if seat.member in names and len(out[names[seat.member]]) < RECENT:
                out[names[seat.member]].append(
                    {
                        "game": party.api_name,
                        "created": party.created,
                        "position": seat.position,
                        "of": len(party.seats),
                        "total": seat.total,
                        "won": seat.won,
                    }
                )
    return out


def charts(members: list[Member], finished: list[PartyResult]) -> dict[str, Any]:
    """The numbers of the charts, per game: each member's score over the game's last
    :data:`CHART_PARTIES` finished parties, the distribution of every score, and what the
    game adds (its ``stats_chart`` hook)."""
    names = {m.pk: m.name for m in members}
    out: dict[str, Any] = {}
    for game in registry.PARTY_GAMES:
        mine = [p for p in finished if p.api_name == game.api_name]
        if not mine:
            continue
        last = list(reversed(mine[:CHART_PARTIES]))  # oldest first
        lines: dict[str, list[int | None]] = {}
        for m in members:
            row = [next((s.total for s in p.seats if s.member == m.pk), None) for p in last]
            if any(v is not None for v in row):
                lines[m.name] = row
        entry: dict[str, Any] = {
            "dates": [p.created[:10] for p in last],
            "lines": lines,
            "histogram": _histogram([s.total for p in mine for s in p.seats if s.member in names]),
        }
        seats = [s.numbers for p in mine for s in p.seats if s.member in names]
        entry.update(kinds.for_spec(game).stats_chart(seats))
        out[game.api_name] = entry
    return out


def _rated_parties(finished: list[PartyResult]) -> list[rating_engine.Party]:
    """The finished parties as the ratings engine reads them, in the order they finished
    (docs/ratings.md#cote-ordre: their last write, to the second, then their id): a member by
    their id, a guest by their name's key."""
    ordered = sorted(finished, key=lambda p: (p.updated, p.game_id))
    return [
        rating_engine.Party(
            p.game_id,
            p.api_name,
            tuple(
                rating_engine.Seat(
                    s.member if s.member is not None else f"guest:{name_key(s.name)}", s.position
                )
                for s in p.seats
            ),
        )
        for p in ordered
    ]


def ratings(members: list[Member], finished: list[PartyResult]) -> dict[str, Any]:
    """Each game's ratings of the members (docs/ratings.md), best first: the number shown,
    « provisoire », parties rated, the last change with its reason (opponents by name, each
    with whether they were rated higher before), the history (party id, its finish time, the
    number after it, its change), and OpenSkill's mu and sigma (the win chances)."""
    names: dict[Any, str] = {m.pk: m.name for m in members}
    finish: dict[Any, str] = {p.game_id: p.updated for p in finished}
    for p in finished:
        for s in p.seats:
            if s.member is None:
                names.setdefault(f"guest:{name_key(s.name)}", s.name)
    rated = rating_engine.rate(_rated_parties(finished))

    def opponents(group: tuple[rating_engine.Opponent, ...]) -> list[dict[str, Any]]:
        return [{"name": names.get(o.player, ""), "higher": o.higher} for o in group]

    out: dict[str, Any] = {}
    for game in registry.PARTY_GAMES:
        table = rated.get(game.api_name)
        if not table:
            continue
        rows = []
        for r in rating_engine.ranking(table):
            if not isinstance(r.player, int) or r.player not in names:
                continue  # a guest: rated, never shown
            reason = r.reason
            rows.append(
                {
                    "member": r.player,
                    "name": names[r.player],
                    "value": r.value,
                    "provisional": r.provisional,
                    "played": r.played,
                    "change": r.change,
                    "mu": r.skill.mu,
                    "sigma": r.skill.sigma,
                    "reason": None
                    if reason is None
                    else {
                        "place": reason.place,
                        "of": reason.of,
                        "ahead_of": opponents(reason.ahead_of),
                        "behind": opponents(reason.behind),
                        "tied_with": opponents(reason.tied_with),
                    },
                    "history": [
                        [step.party, finish[step.party], step.value, step.change]
                        for step in r.history
                    ],
                }
            )
        if rows:
            out[game.api_name] = rows
    return out


def rating_chart(
    api_name: str, rows: list[dict[str, Any]], finished: list[PartyResult]
) -> dict[str, Any]:
    """Each member's rating after each of the game's last :data:`CHART_PARTIES` rated parties
    (oldest first; a member who did not play keeps their number, none before their first)."""
    order = sorted(
        (p for p in finished if p.api_name == api_name), key=lambda p: (p.updated, p.game_id)
    )
    after = {r["name"]: {step[0]: step[2] for step in r["history"]} for r in rows}
    current: dict[str, int | None] = dict.fromkeys(after)
    lines: dict[str, list[int | None]] = {name: [] for name in after}
    dates = []
    start = max(0, len(order) - CHART_PARTIES)
    for i, party in enumerate(order):
        for name, steps in after.items():
            if party.game_id in steps:
                current[name] = steps[party.game_id]
        if i >= start:
            dates.append(party.updated[:10])
            for name in after:
                lines[name].append(current[name])
    return {
        "dates": dates,
        "lines": {n: v for n, v in lines.items() if any(x is not None for x in v)},
    }


def cache_key(tablee: Tablee) -> str:
    return f"tablees:stats:{tablee.cache_stamp}:{translation.get_language() or ''}"


def _fill(tablee: Tablee, key: str) -> dict[str, Any]:
    """Compute once, and keep the whole (the API, the exports) and the page's part apart: the
    page reads only its summary and one page of parties, never the thousand parties' list."""
    data = compute(tablee)
    summary = {k: v for k, v in data.items() if k not in ("parties", "seats")}
    summary["party_count"] = len(data["parties"])
    cache.set_many(
        {f"{key}:full": data, f"{key}:summary": summary, f"{key}:count": len(data["parties"])},
        CACHE_SECONDS,
    )
    return data


def statistics(tablee: Tablee) -> dict[str, Any]:
    """:func:`compute`, kept in the cache until the tablée or one of its parties changes."""
    key = cache_key(tablee)
    data = cache.get(f"{key}:full")
    return data if data is not None else _fill(tablee, key)


def summary(tablee: Tablee) -> dict[str, Any]:
    """The members, statistics and charts' numbers, with the number of parties (no list)."""
    key = cache_key(tablee)
    data = cache.get(f"{key}:summary")
    if data is None:
        _fill(tablee, key)
        data = cache.get(f"{key}:summary")
        if data is None:  # a cache that keeps nothing (DummyCache)
            full = compute(tablee)
            data = {k: v for k, v in full.items() if k not in ("parties", "seats")}
            data["party_count"] = len(full["parties"])
    summary: dict[str, Any] = data
    return summary


def party_count(tablee: Tablee) -> int:
    """How many parties the tablée holds (the page's paging), from the cache."""
    count = cache.get(f"{cache_key(tablee)}:count")
    return count if count is not None else len(statistics(tablee)["parties"])


def party_page(tablee: Tablee, start: int, stop: int) -> list[dict[str, Any]]:
    """The summaries of the parties ``start:stop`` (newest first), cached per slice."""
    key = f"{cache_key(tablee)}:parties:{start}:{stop}"
    data = cache.get(key)
    if data is None:
        data = statistics(tablee)["parties"][start:stop]
        cache.set(key, data, CACHE_SECONDS)
    page: list[dict[str, Any]] = data
    return page
