"""The writes every game has (create, rename, add a player, finish, reopen, new links) and
their entries in the action table, with undo's and redo's; the helpers the games' own writes
name a player with. Each goes through the write frame (:mod:`.frame`); each game's own writes
are in its folder (docs/architecture.md « How to add a Parties write »)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from ..core import registry
from ..engines.cards import InputError
from ..engines.names import clean_name, clean_names, name_key
from ..engines.numbers import parse_whole
from . import actions, kinds
from .actions import ANY, Action
from .frame import Conflict, State, check_seen, finished, lock, record, write
from .models import Game, HistoryEntry, Player, RetiredToken, new_token
from .summaries import message, names_text


def create_game(kind: object, mode: object, names: Sequence[object], values: object = "") -> Game:
    """A new game with its players in seating order; history entry 1 is ``create``."""
    spec = registry.party_game(kind)
    game_mode = spec.resolve_mode(mode)  # the game's first mode when none is given
    low, high = spec.players
    clean = clean_names(list(names), "players", low=low, high=high, game=spec.name)
    deck = kinds.for_spec(spec).deck(values, len(clean))
    with transaction.atomic():
        game = Game.objects.create(kind=spec.kind, mode=game_mode, values=deck)
        Player.objects.bulk_create(
            [Player(game=game, name=name, seat=i) for i, name in enumerate(clean)]
        )
        record(game, "create", message("create", players=clean), {}, State.FIXED)
    return game


def rematch(game: Game) -> Game:
    """« Nouvelle partie avec les mêmes joueurs »."""
    return create_game(game.kind, game.mode, [p.name for p in game.players.all()], game.values)


def _finished(value: bool) -> Callable[[Game, dict[str, Any]], None]:
    def apply(game: Game, data: dict[str, Any]) -> None:
        Game.objects.filter(pk=game.pk).update(finished=value)
        game.finished = value

    return apply


def _name(which: str) -> Callable[[Game, dict[str, Any]], None]:
    def apply(game: Game, data: dict[str, Any]) -> None:
        Player.objects.filter(pk=data["player"], game=game).update(name=data[which])

    return apply


def _player_create(game: Game, data: dict[str, Any]) -> None:
    p = data["player"]
    player = Player.objects.create(id=p.get("id"), game=game, name=p["name"], seat=p["seat"])
    p["id"] = player.pk


def _player_remove(game: Game, data: dict[str, Any]) -> None:
    Player.objects.filter(pk=data["player"]["id"], game=game).delete()


def _nothing(game: Game, data: dict[str, Any]) -> None:
    """``create`` and ``rotate`` are never undone or redone."""
    raise Conflict("party", gettext("Cette écriture ne peut pas être annulée."))


def whole_number(value: object, field: str, message: str) -> int:
    """A positive whole number from a form or JSON value, or an :class:`InputError`."""
    if isinstance(value, bool):
        raise InputError(field, message)
    # ASCII digits only: int() would take « ٣ » (an Arabic-Indic 3) or « ² »
    number = value if isinstance(value, int) else parse_whole(value)
    if number is None or not 0 < number < 2**31:
        raise InputError(field, message)
    return number


def _player_id(player: object, field: str) -> tuple[int, str]:
    """The id a write names a player by (``Player`` accepted), and the refusal's message."""
    if isinstance(player, Player):
        player = player.pk
    message = gettext("Choisissez un joueur de la partie.")
    return whole_number(player, field, message), message


@dataclass(frozen=True)
class Named:
    """A player named by name, as the JSON API names them: found by the write among the
    players it reads under the game's lock (:func:`player_among`, :func:`player_at`), so a
    player renamed by another phone meanwhile is looked for as the party is when it writes."""

    name: object

    def among(self, players: Iterable[Player], field: str) -> Player:
        wanted = name_key(self.name.strip()) if isinstance(self.name, str) else None
        for candidate in players:
            if wanted is not None and name_key(candidate.name) == wanted:
                return candidate
        raise InputError(
            field, gettext("« {name} » ne joue pas dans cette partie.").format(name=self.name)
        )


def player_at(game: Game, player: object, field: str = "player") -> Player:
    """A player of the game by id (``Player`` accepted) or by name (:class:`Named`)."""
    if isinstance(player, Named):
        return player.among(game.players.all(), field)
    number, message = _player_id(player, field)
    try:
        return game.players.get(pk=number)
    except Player.DoesNotExist:
        raise InputError(field, message) from None


def player_among(players: Sequence[Player], player: object, field: str = "player") -> Player:
    """:func:`player_at` among the game's players that the write has read already (no
    query): the same player, or the same refusal."""
    if isinstance(player, Named):
        return player.among(players, field)
    number, message = _player_id(player, field)
    for candidate in players:
        if candidate.pk == number:
            return candidate
    raise InputError(field, message)


def player_by_seat(game: Game, seat: object, field: str = "seat") -> Player:
    message = gettext("Aucun joueur à cette place.")
    try:
        number = int(str(seat))
    except (TypeError, ValueError):
        raise InputError(field, message) from None
    try:
        return game.players.get(seat=number)
    except Player.DoesNotExist:
        raise InputError(field, message) from None


def require_game(game: Game, *games: registry.GameSpec) -> None:
    if game.kind not in [g.kind for g in games]:
        raise InputError(
            "game",
            gettext("Cette saisie ne concerne pas {get_kind_display}.").format(
                get_kind_display=game.get_kind_display()
            ),
        )


def rename(game: Game, player: object, name: object, if_version: object = None) -> HistoryEntry:
    """Rename a player at any time (entries are stored by player, so they follow)."""

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        players = list(g.players.all())
        target = player_among(players, player)
        new = clean_name(name, "name")
        others = [p.name for p in players if p.pk != target.pk]
        clean_names([*others, new], "name")  # unique ignoring case, naming both
        if new == target.name:
            raise InputError(
                "name", gettext("{name} s’appelle déjà ainsi.").format(name=target.name)
            )
        summary = message("rename", before=target.name, after=new)
        return summary, {"player": target.pk, "before": target.name, "after": new}

    return write(game, "rename", if_version, build)


#: What fixes a Party's players from outside its sheet: each a function of the game giving the
#: reason no player joins it, or ``""``. An app that seats a Party's players itself registers
#: one with :func:`seats_fixed_by` when it is ready (the events: a table « en donnes
#: préparées », docs/events.md#tournoi-donnes-sieges); the core names none of them.
_SEATS_FIXED: list[Callable[[Game], str]] = []


def seats_fixed_by(check: Callable[[Game], str]) -> Callable[[Game], str]:
    """Register ``check`` (:data:`_SEATS_FIXED`), once however often it is given."""
    if check not in _SEATS_FIXED:
        _SEATS_FIXED.append(check)
    return check


def seats_open(game: Game, field: str = "name") -> None:
    """Refuse at ``field`` (HTTP 400) a player joining ``game`` when a registered check fixes
    its seats, with that check's reason."""
    for check in _SEATS_FIXED:
        reason = check(game)
        if reason:
            raise InputError(field, reason)


def add_player(game: Game, name: object, if_version: object = None) -> HistoryEntry:
    """Add a player at the end of the table, only before the first entry: once anything was
    entered the sheet's state refuses it (a :class:`Conflict`, 409), whatever the name; never
    where another app fixed the seats (:func:`seats_open`, 400 at ``name``)."""

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        seats_open(g)
        if kinds.of(g).has_entries(g):
            raise Conflict("name", gettext("On n’ajoute un joueur qu’avant la première saisie."))
        players = list(g.players.all())
        new = clean_name(name, "name")
        low, high = g.spec.players
        clean_names(
            [p.name for p in players] + [new], "name", low=1, high=high, game=g.get_kind_display()
        )
        seat = max((p.seat for p in players), default=-1) + 1
        return message("player_add", name=new), {"player": {"name": new, "seat": seat}}

    return write(game, "player_add", if_version, build)


def finish(game: Game, if_version: object = None) -> HistoryEntry:
    """The table closes the sheet (NUM CHECK: the deck turns are over)."""
    return write(game, "finish", if_version, lambda g: (message("finish"), {}))


def reopen(game: Game, if_version: object = None) -> HistoryEntry:
    """Open a finished game again, whoever ended it. Its entry keeps whether the table had
    finished it (undo finishes it again only then) and the end its rules had reached
    (``lifted``, :meth:`.kinds.PartyKind.lifted`): that end no longer closes the sheet, so the
    table can correct it; a new one does."""

    def build(g: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        if not finished(g):
            raise Conflict("party", gettext("La partie n’est pas terminée."))
        data = {"manual": g.finished, "lifted": kinds.of(g).lifted(g)}
        return message("reopen"), data

    return write(game, "reopen", if_version, build)


def rotate(game: Game, if_version: object = None) -> HistoryEntry:
    """« Nouveaux liens »: both tokens change, the old links stop working at once; a digest of
    each old token is kept, so that a phone still on one is told (never the token itself)."""
    with lock(game, if_version, finished_ok=True) as locked:
        check_seen(locked, if_version, (ANY,))
        RetiredToken.objects.bulk_create(
            [
                RetiredToken(game=locked, digest=RetiredToken.digest_of(old))
                for old in (locked.edit_token, locked.read_token)
            ],
            ignore_conflicts=True,
        )
        locked.edit_token, locked.read_token = new_token(), new_token()
        Game.objects.filter(pk=locked.pk).update(
            edit_token=locked.edit_token, read_token=locked.read_token
        )
        return record(locked, "rotate", message("rotate"), {}, State.FIXED)


actions.register(
    Action(
        "create",
        _nothing,
        _nothing,
        ("players",),
        lambda p: gettext("Partie créée : {players}").format(players=names_text(p["players"])),
    ),
    Action(
        "rotate",
        _nothing,
        _nothing,
        (),
        lambda p: gettext("Nouveaux liens de partage"),
    ),
    Action(
        "rename",
        _name("after"),
        _name("before"),
        ("before", "after"),
        lambda p: gettext("{before} s’appelle désormais {after}").format(
            before=p["before"], after=p["after"]
        ),
        subject=lambda d: f"player:{d['player']}",
        values=lambda d: (d["before"], d["after"]),
        # names are unique at the table: a later name may be the one it gave up
        scope=lambda d: (f"player:{d['player']}", "names"),
    ),
    Action(
        "player_add",
        _player_create,
        _player_remove,
        ("name",),
        lambda p: gettext("{name} rejoint la partie").format(name=p["name"]),
        scope=lambda d: (ANY,),  # every later write may concern the player it added
    ),
    Action(
        "finish",
        _finished(True),
        _finished(False),
        (),
        lambda p: gettext("Partie terminée"),
        watch=lambda d: (ANY,),
    ),
    Action(
        "reopen",
        _finished(False),
        # older entries hold no "manual": every game reopened then was finished by the table
        lambda game, data: _finished(data.get("manual", True))(game, data),
        (),
        lambda p: gettext("Partie rouverte"),
        watch=lambda d: (ANY,),
    ),
    # the target entry's summary fills ``{summary}`` (summaries.render)
    Action("undo", _nothing, _nothing, (), lambda p: gettext("Annulé : {summary}")),
    Action("redo", _nothing, _nothing, (), lambda p: gettext("Rétabli : {summary}")),
)
