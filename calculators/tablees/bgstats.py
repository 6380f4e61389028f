"""BG Stats: a finished party as a play of the Board Game Stats app (« Envoyer à BG Stats »), and
every finished party of a tablée as one ``.bgsplay`` file (docs/tablees.md#bg-stats).

The app matches a play by its ``sourcePlayId`` and a player by their ``sourcePlayerId`` from one
import to the next, so both are UUIDs derived (:func:`uuid.uuid5`, in :data:`NAMESPACE`) from
what never changes and is no secret: a party's row id, a member's row id, else a player's name
key. No token is in any of them, nor anywhere in a play.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from django.utils import timezone

from ..core import registry
from ..engines.names import name_key
from ..parties import kinds
from ..parties.board import Board
from ..parties.models import Game
from .models import Member, Tablee
from .services import party_links, seat_members
from .stats import mode_label, results

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Numsite"
#: the namespace of every id Numsite gives BG Stats (fixed for ever: changing it would make
#: every party and player a new one in the app)
NAMESPACE = uuid.UUID("d71a5ea8-a53e-4657-88d7-da684a9aa41c")
#: the play file's own note, as the app writes it in its files
ABOUT = (
    "This is a Play file that can be read by Board Game Stats. If you see this text, try to use"
    " a share, export or open-in function to open it with Board Game Stats."
)
DATE = "%Y-%m-%d %H:%M:%S"


def play_id(game_pk: int) -> str:
    """The party's stable public id (``sourcePlayId``, the file's play ``uuid``)."""
    return str(uuid.uuid5(NAMESPACE, f"party:{game_pk}"))


def member_id(member_pk: int) -> str:
    """A tablée member's stable id (``sourcePlayerId``): renamed, they stay the same person."""
    return str(uuid.uuid5(NAMESPACE, f"member:{member_pk}"))


def name_id(name: str) -> str:
    """The stable id of a player who is no tablée member: their name key."""
    return str(uuid.uuid5(NAMESPACE, f"name:{name_key(name)}"))


def game_id(api_name: str) -> str:
    """The file's game ``uuid`` (one per NUM game)."""
    return str(uuid.uuid5(NAMESPACE, f"game:{api_name}"))


def player_id(name: str, member: int | None) -> str:
    return member_id(member) if member is not None else name_id(name)


def _game(api_name: str) -> dict[str, Any]:
    spec = registry.by_api_name(api_name)
    return {
        "name": spec.name,
        "sourceGameId": api_name,
        # the score sent is the board's total: Num Connect's is the cards left, fewer is better
        "highestWins": kinds.for_spec(spec).total_higher_better,
        "noPoints": False,
        "cooperative": False,
        "usesTeams": False,
    }


def seated_members(game: Game) -> dict[int, int]:
    """``{player id: member id}`` for a party of a tablée (empty for another): two queries."""
    links = party_links(game, ("tablee_id", "seats"), first=True)
    if not links:
        return {}
    tablee_id, seats = links[0]
    if isinstance(seats, str):  # a raw query's JSON column, as some databases answer it
        seats = json.loads(seats)
    players = list(game.players.all())
    members = list(Member.objects.filter(tablee_id=tablee_id))
    matched = seat_members(players, members, seats or {})
    return {p.pk: m.pk for p, m in zip(players, matched, strict=True) if m is not None}


def play(game: Game, board: Board, members: Mapping[int, int] | None = None) -> dict[str, Any]:
    """The play in BG Stats' push format (field names as its page documents them); ``members``
    maps the party's players to their tablée members (:func:`seated_members`)."""
    members = {} if members is None else members
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play_id(game.pk),
        "playDate": timezone.localtime(game.created_at).strftime(DATE),
        "location": "",
        # a game played one way (Num Connect) has no mode to name
        "comments": " · ".join(filter(None, (game.spec.name, game.mode_label))),
        "ignored": False,
        # the winners are the board's (Num 5's by rounds won), never the app's highest score
        "manualWinner": True,
        "game": _game(game.api_name),
        "players": [
            {
                "name": r.player.name,
                "sourcePlayerId": player_id(r.player.name, members.get(r.player.pk)),
                "score": r.total,
                "rank": r.position,
                "seatOrder": r.player.seat,
                "winner": r.player.name in board.winners,
                "startPlayer": r.player.seat == 0,
                "newPlayer": False,
                "role": "",
            }
            for r in sorted(board.rows, key=lambda r: r.player.seat)
        ],
    }


def url(game: Game, board: Board) -> str:
    """The link that opens the play in BG Stats (for a finished party)."""
    data = json.dumps(
        play(game, board, seated_members(game)), ensure_ascii=False, separators=(",", ":")
    )
    return CREATE_PLAY + quote(data, safe="")


def _local(utc: str) -> str:
    """A stored UTC time (``YYYY-MM-DDTHH:MM:SSZ``) in the site's time zone, as BG Stats dates."""
    moment = datetime.strptime(utc, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    return timezone.localtime(moment).strftime(DATE)


def play_file(tablee: Tablee) -> dict[str, Any]:
    """Every finished party of the tablée, oldest first, as one BG Stats play file."""
    members = list(tablee.members.all())
    names = {m.pk: m.name for m in members}
    finished = [p for p in reversed(results(tablee, members)) if p.finished]
    players: dict[str, dict[str, Any]] = {}
    games: dict[str, dict[str, Any]] = {}
    plays = []
    for party in finished:
        if party.api_name not in games:
            games[party.api_name] = {
                "id": len(games) + 1,
                "uuid": game_id(party.api_name),
                "modificationDate": _local(party.updated),
                **_game(party.api_name),
            }
        scores = []
        for order, seat in enumerate(party.seats):
            uid = player_id(seat.name, seat.member)
            if uid not in players:
                players[uid] = {
                    "id": len(players) + 1,
                    "uuid": uid,
                    "name": names.get(seat.member, seat.name),  # type: ignore[arg-type]
                    "isAnonymous": False,
                    "bggUsername": "",
                    "modificationDate": _local(party.updated),
                }
            scores.append(
                {
                    "playerRefId": players[uid]["id"],
                    "score": str(seat.total),
                    "rank": seat.position,
                    "seatOrder": order,
                    "winner": seat.won,
                    "startPlayer": order == 0,
                    "newPlayer": False,
                    "role": "",
                }
            )
        plays.append(
            {
                "uuid": play_id(party.game_id),
                "sourceName": SOURCE_NAME,
                "playDate": _local(party.created),
                "entryDate": _local(party.created),
                "modificationDate": _local(party.updated),
                "gameRefId": games[party.api_name]["id"],
                # a game played one way (Num Connect) has no mode to name
                "comments": " · ".join(
                    filter(
                        None,
                        (games[party.api_name]["name"], mode_label(party.api_name, party.mode)),
                    )
                ),
                "board": "",
                "durationMin": 0,
                "rounds": 0,
                "scoringSetting": 0,
                "usesTeams": False,
                "ignored": False,
                "manualWinner": True,
                "playerScores": scores,
            }
        )
    return {
        "about": ABOUT,
        "players": list(players.values()),
        "locations": [],
        "games": list(games.values()),
        "plays": plays,
    }
