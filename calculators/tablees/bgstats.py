"""« Envoyer à BG Stats »: a finished party as a play of the Board Game Stats app.

BG Stats documents how other apps and websites push a play to it
(https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/): a
link to ``https://app.bgstatsapp.com/createPlay.html?data=<data>``, ``<data>`` being the play as
URL-encoded JSON; the app, when installed, opens its import dialog, where the game and the
players are matched to the user's own. The play holds only what the party's read link shows:
the game, its date, each player's name, score, rank and whether they won, and who sat first.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from django.utils import timezone

from ..parties.board import Board
from ..parties.models import Game

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="


def play(game: Game, board: Board) -> dict[str, Any]:
    """The play in BG Stats' import format (field names as its page documents them)."""
    created = timezone.localtime(game.created_at)
    return {
        "sourceName": "Numsite",
        "playDate": created.strftime("%Y-%m-%d %H:%M:%S"),
        "location": "",
        "comments": f"{game.spec.name} · {game.mode_label}",
        "game": {
            "name": game.spec.name,
            "highestWins": True,
            "noPoints": False,
            "sourceGameId": game.api_name,
        },
        "players": [
            {
                "name": r.player.name,
                "score": r.total,
                "rank": r.position,
                "winner": r.player.name in board.winners,
                "startPlayer": r.player.seat == 0,
                "sourcePlayerId": str(r.player.seat),
                "role": "",
            }
            for r in sorted(board.rows, key=lambda r: r.player.seat)
        ],
    }


def url(game: Game, board: Board) -> str:
    """The link that opens the play in BG Stats (for a finished party)."""
    data = json.dumps(play(game, board), ensure_ascii=False, separators=(",", ":"))
    return CREATE_PLAY + quote(data, safe="")
