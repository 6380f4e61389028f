"""Num Connect's writes to a party: a hand and its removal, each with its do/undo registered in
the Parties action table. The engine checks each hand and ranks the table
(/num-connect/regles/#arbitrage-partie-connect)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext

from ....core.registry import NUM_CONNECT
from ....engines import numconnecthands
from ....engines.cards import InputError
from ....engines.names import name_key
from ....parties import services
from ....parties.actions import Action, register
from ....parties.models import Game, HistoryEntry, Player, Round
from ....parties.rows import NumberedRows
from ....parties.summaries import message


class CountError(InputError):
    """A player's cards left refused: the page puts the message at that player's field."""

    def __init__(self, field: str, message: str, player: int | None) -> None:
        super().__init__(field, message)
        self.player = player


#: this game's hands' do and undo steps (:mod:`calculators.parties.rows`)
HANDS = NumberedRows("hand")
_hand_create = HANDS.create
_hand_remove = HANDS.remove
_hand_delete = HANDS.delete
_hand_restore = HANDS.restore


def stored_hand(entries: Mapping[str, Any], players: Sequence[Player]) -> numconnecthands.Hand:
    """A stored hand (by player id) as the engine's :class:`~numconnecthands.Hand` (seat order).
    A hand whose player who went out was removed since reads as refused by the engine."""
    out = next((i for i, p in enumerate(players) if (entries.get(str(p.pk)) or {}).get("out")), -1)
    left = tuple((entries.get(str(p.pk)) or {}).get("left") for p in players)
    if out >= 0 and any(n is not None for n in left):
        left = tuple(0 if i == out else n for i, n in enumerate(left))
    return numconnecthands.Hand(out, left)


def tally(players: Sequence[Player], hands: Sequence[Round | Mapping[str, Any]]) -> Any:
    """The engine's standings after the stored ``hands`` (rounds or their entries)."""
    return numconnecthands.tally(
        [p.name for p in players],
        [stored_hand(h.entries if isinstance(h, Round) else h, players) for h in hands],
    )


def _seated(players: Sequence[Player], key: object, field: str) -> Player:
    """The player ``key`` names: a player or their id (an int, from the page), or a name (from
    the API). A text is matched as a name first, so a player named « 12 » is never taken for
    the player whose id is 12."""
    if isinstance(key, Player):
        key = key.pk
    if isinstance(key, int) and not isinstance(key, bool):
        found = next((p for p in players if p.pk == key), None)
    else:
        wanted = str(key).strip()
        found = next((p for p in players if name_key(p.name) == name_key(wanted)), None)
        if found is None:
            found = next((p for p in players if str(p.pk) == wanted), None)
    if found is None:
        raise InputError(field, gettext("« {key} » ne joue pas dans cette partie.").format(key=key))
    return found


def add_hand(
    game: Game, out: object, left: Mapping[Any, object] | None = None, if_version: object = None
) -> HistoryEntry:
    """Add a hand (/num-connect/regles/#arbitrage-partie-connect): ``out`` laid their last card
    first; ``left``, the cards each other player still held, for all of them or for none."""
    if left is not None and not isinstance(left, Mapping):
        raise InputError("left", gettext("Indiquez les cartes restantes par joueur."))
    read: dict[str, Any] = {}

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        services.require_game(g, NUM_CONNECT)
        players = list(g.players.all())
        rounds = list(g.rounds.all())
        read.update(players=players, rounds=rounds)
        if out is None or (isinstance(out, str) and not out.strip()):
            raise InputError("out", gettext("Indiquez le joueur qui a posé sa dernière carte."))
        winner = _seated(players, out, "out")
        given: dict[int, object] = {}
        for key, value in (left or {}).items():
            given[_seated(players, key, "left").pk] = value
        for p in players:  # each count refused at its player
            try:
                numconnecthands.count(given.get(p.pk), p.name)
            except InputError as err:
                raise CountError("left", err.message, p.pk) from None
        seat = [p.pk for p in players].index(winner.pk)
        hand = numconnecthands.read_hand(
            [p.name for p in players], seat, [given.get(p.pk) for p in players]
        )
        entries: dict[str, dict[str, Any]] = {str(winner.pk): {"out": True}}
        if hand.counted:
            for p, n in zip(players, hand.left, strict=True):
                if p.pk != winner.pk:
                    entries[str(p.pk)] = {"left": n}
        tally(players, [*rounds, entries])  # the engine checks the whole sheet
        number = len(rounds) + 1
        summary = message("hand_add", number=number, player=winner.name)
        return summary, {"hand": {"number": number, "entries": entries}}

    entry = services.write(game, "hand_add", if_version, build)
    # what it read under the lock, with the hand its do created, is the new version's sheet
    added = entry.data["hand"]
    entries = json.loads(json.dumps(added["entries"]))  # as its JSON column gives it back
    stored = Round(id=added["id"], game=game, number=added["number"], entries=entries)
    services.remember(game, read["players"], rounds=[*read["rounds"], stored])
    return entry


def delete_hand(game: Game, number: object, if_version: object = None) -> HistoryEntry:
    """Remove a hand; the later ones are renumbered."""

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        services.require_game(g, NUM_CONNECT)
        gone = gettext("Cette manche n’existe plus.")
        wanted = services.whole_number(number, "hand", gone)
        stored = g.rounds.filter(number=wanted).first()
        if stored is None:
            raise InputError("hand", gone)
        players = list(g.players.all())
        out = stored_hand(stored.entries, players).out
        who = players[out].name if out >= 0 else ""
        data = {"hand": {"id": stored.pk, "number": stored.number, "entries": stored.entries}}
        return message("hand_delete", number=stored.number, player=who), data

    return services.write(game, "hand_delete", if_version, build)


register(
    Action(
        "hand_add",
        _hand_create,
        _hand_remove,
        ("number", "player"),
        lambda p: gettext("Manche {number} : {player} pose sa dernière carte").format(
            number=p["number"], player=p["player"]
        ),
        # the hands are one sequence, numbered in order
        scope=lambda d: ("hands",),
        named=lambda p: gettext("manche {number} ({player})").format(
            number=p["number"], player=p["player"]
        ),
    ),
    Action(
        "hand_delete",
        _hand_delete,
        _hand_restore,
        ("number", "player"),
        lambda p: gettext("Manche {number} supprimée ({player})").format(
            number=p["number"], player=p["player"]
        ),
        subject=lambda d: "hands",
    ),
)
