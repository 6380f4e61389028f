"""Every read and write of a party: the one service layer of the pages and the Parties API.

Writes
------
Each write runs in one transaction that **locks the game row first** (``select_for_update``; on
SQLite the transaction takes the database's write lock at BEGIN, ``transaction_mode=IMMEDIATE``).
Every writer takes the same first lock, so two writers never wait on each other in different
orders: no deadlock by construction. Under that lock a write

1. checks ``if_version`` (a stale phone gets :class:`Conflict`, HTTP 409) and that the game is
   not finished (only ``reopen``, ``undo`` and ``redo`` write to a finished game);
2. validates by asking the engines about the whole resulting sheet (each combination once, 8
   claims at most, duplicate cards at the table, a round entered for every player…) — Parties
   never re-implement a rule;
3. applies the change through the action's ``do`` function, records one :class:`HistoryEntry`
   holding the data that ``do``/``undo`` need, and bumps ``version`` by one.

So after any sequence of writes, ``version`` is the number of writes (``create`` is write 1).

Undo and redo
-------------
*Undo* reverts exactly the latest write still in effect (state ``active``), whatever its kind:
its ``undo`` function restores what the write replaced (a deleted claim comes back with its id
and rank, later ranks move back; an edited cell gets its old value; a finished game reopens).
Every write after it is already undone, so the sheet is exactly as the write left it, which is
what makes the revert exact. Undo is itself a write (``fixed``, never undone by undo), so
pressing it again walks further back. *Redo* re-applies the write undone most recently, with the
same ``do`` function and data (same ids), while nothing else was written since: any other write
turns the undone entries ``dropped``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, OperationalError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from ..engines import num5, num5turn, numcheck, numdraft
from ..engines.cards import InputError, format_line
from ..engines.names import clean_name, clean_names, name_key
from ..engines.standings import standings
from ..games import registry
from ..games.registry import NUM5, NUM_CHECK, NUM_DRAFT
from .models import Claim, Game, HistoryEntry, Player, Round, new_token
from .summaries import french, message

State = HistoryEntry.State

CONFLICT = gettext_noop("Un autre téléphone vient de modifier la feuille : rechargez et réessayez.")
FINISHED = gettext_noop("La partie est terminée : rouvrez-la pour la modifier.")
UNDOABLE = {
    "claim_add",
    "claim_edit",
    "claim_delete",
    "grid_set",
    "round_add",
    "round_edit",
    "round_delete",
    "finish",
    "reopen",
    "rename",
    "player_add",
    "turn",
    "round_tally",
}


class Conflict(Exception):
    """A write refused because of the party's state (HTTP 409): stale version, finished game,
    nothing to undo or redo, or a race lost to another phone."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


# --------------------------------------------------------------------------- creation


def create_game(kind: object, mode: object, names: Sequence[object], values: object = "") -> Game:
    """A new game with its players in seating order; history entry 1 is ``create``."""
    spec = registry.party_game(kind)
    game_mode = spec.resolve_mode(mode)  # the game's first mode when none is given
    low, high = spec.players
    clean = clean_names(list(names), "players", low=low, high=high, game=spec.name)
    deck = ""
    if spec.decks:
        deck = str(values or ("0-12" if len(clean) <= 5 else "0-16"))
        numdraft.deck_for(deck)  # the engine refuses an unknown deck
    elif values not in (None, ""):
        raise InputError("values", gettext("Le choix du paquet ne concerne que NUM DRAFT."))
    with transaction.atomic():
        game = Game.objects.create(kind=spec.kind, mode=game_mode, values=deck)
        Player.objects.bulk_create(
            [Player(game=game, name=name, seat=i) for i, name in enumerate(clean)]
        )
        _record(game, "create", message("create", players=clean), {}, State.FIXED)
    return game


def rematch(game: Game) -> Game:
    """« Nouvelle partie avec les mêmes joueurs »."""
    return create_game(game.kind, game.mode, [p.name for p in game.players.all()], game.values)


def find(token: str) -> tuple[Game, bool]:
    """The game of a token and whether it is the edit token; :class:`Game.DoesNotExist` else."""
    token = str(token or "")
    if not 20 <= len(token) <= 64:
        raise Game.DoesNotExist
    game = Game.objects.filter(edit_token=token).first()
    if game is not None:
        return game, True
    return Game.objects.get(read_token=token), False


# --------------------------------------------------------------------------- the write frame


@contextmanager
def _locked(game: Game, if_version: object = None, *, finished_ok: bool = False) -> Iterator[Game]:
    """One write: a transaction holding the game row's lock (always the first lock taken)."""
    try:
        with transaction.atomic():
            try:
                locked = Game.objects.select_for_update().get(pk=game.pk)
            except Game.DoesNotExist:
                raise Conflict("party", gettext("Cette partie n'existe plus.")) from None
            if if_version not in (None, "") and str(if_version) != str(locked.version):
                raise Conflict(
                    "if_version",
                    gettext(
                        "La feuille a changé (version {version}, vous aviez {if_version}) : rechargez avant de saisir."
                    ).format(version=locked.version, if_version=if_version),
                )
            if locked.finished and not finished_ok:
                raise Conflict("party", gettext(FINISHED))
            yield locked
    except (IntegrityError, OperationalError) as err:
        # A constraint or a lock time-out: another phone won the race. Never a 500.
        if isinstance(err, OperationalError) and "lock" not in str(err).lower():
            raise
        raise Conflict("party", gettext(CONFLICT)) from None
    game.refresh_from_db()


def _record(
    game: Game,
    action: str,
    summary: dict[str, Any],
    data: dict[str, Any],
    state: str = State.ACTIVE,
    target: HistoryEntry | None = None,
) -> HistoryEntry:
    """Bump the version and record the write (under the game lock), with its structured
    ``summary`` (:func:`.summaries.message`) in ``data`` and its French text beside."""
    if action not in ("undo", "redo"):
        # a new write: what was undone can no longer be redone
        game.history.filter(state=State.UNDONE).update(state=State.DROPPED)
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1, updated_at=timezone.now())
    game.refresh_from_db(fields=["version", "updated_at", "finished"])
    return HistoryEntry.objects.create(
        game=game,
        version=game.version,
        action=action,
        summary=french(summary, target)[:200],
        data={**data, "summary": summary},
        state=state,
        target=target,
    )


def _write(
    game: Game, action: str, if_version: object, build: Callable[[Game], tuple[dict, dict]]
) -> HistoryEntry:
    """Validate and build ``(structured summary, data)`` under the lock, apply ``do``, record the entry."""
    with _locked(game, if_version, finished_ok=action == "reopen") as locked:
        summary, data = build(locked)
        ACTIONS[action].do(locked, data)
        return _record(locked, action, summary, data)


# --------------------------------------------------------------------------- undo / redo


def undo(game: Game, if_version: object = None) -> HistoryEntry:
    """Revert the latest write still in effect (never an undo or redo; not ``create``)."""
    with _locked(game, if_version, finished_ok=True) as locked:
        target = (
            locked.history.select_for_update()
            .filter(state=State.ACTIVE)
            .order_by("-version")
            .first()
        )
        if target is None:
            raise Conflict("party", gettext("Rien à annuler."))
        ACTIONS[target.action].undo(locked, target.data)
        target.state = State.UNDONE
        target.save(update_fields=["state"])
        return _record(locked, "undo", message("undo"), {}, State.FIXED, target)


def redo(game: Game, if_version: object = None) -> HistoryEntry:
    """Re-apply the write undone most recently, if nothing else was written since."""
    with _locked(game, if_version, finished_ok=True) as locked:
        last_undo = (
            locked.history.filter(action="undo", target__state=State.UNDONE)
            .select_related("target")
            .order_by("-version")
            .first()
        )
        if last_undo is None or last_undo.target is None:
            raise Conflict("party", gettext("Rien à rétablir."))
        target = last_undo.target
        ACTIONS[target.action].do(locked, target.data)
        target.state = State.ACTIVE
        target.save(update_fields=["state"])
        return _record(locked, "redo", message("redo"), {}, State.FIXED, target)


def next_undo(game: Game) -> HistoryEntry | None:
    return game.history.filter(state=State.ACTIVE).order_by("-version").first()


def next_redo(game: Game) -> HistoryEntry | None:
    last_undo = (
        game.history.filter(action="undo", target__state=State.UNDONE)
        .select_related("target")
        .order_by("-version")
        .first()
    )
    return last_undo.target if last_undo else None


# --------------------------------------------------------------------------- the actions


@dataclass(frozen=True)
class Action:
    """How a recorded write is applied (``do``: first time and redo) and reverted (``undo``)."""

    do: Callable[[Game, dict], None]
    undo: Callable[[Game, dict], None]


def _shift_claims(player_id: int, after: int, step: int) -> None:
    """Move the ranks above ``after`` by ``step``, in an order that never collides."""
    later = Claim.objects.filter(player_id=player_id, position__gt=after)
    for claim in later.order_by("position" if step < 0 else "-position"):
        claim.position += step
        claim.save(update_fields=["position"])


def _claim_create(game: Game, data: dict) -> None:
    c = data["claim"]
    claim = Claim.objects.create(
        id=c.get("id"), player_id=c["player"], position=c["position"], combo=c["combo"],
        cards=c["cards"],
    )  # fmt: skip
    c["id"] = claim.pk


def _claim_remove(game: Game, data: dict) -> None:
    Claim.objects.filter(pk=data["claim"]["id"], player__game=game).delete()


def _claim_set(which: str) -> Callable[[Game, dict], None]:
    def apply(game: Game, data: dict) -> None:
        Claim.objects.filter(pk=data["id"], player__game=game).update(**data[which])

    return apply


def _claim_delete(game: Game, data: dict) -> None:
    c = data["claim"]
    _claim_remove(game, data)
    _shift_claims(c["player"], c["position"], -1)


def _claim_restore(game: Game, data: dict) -> None:
    c = data["claim"]
    _shift_claims(c["player"], c["position"] - 1, +1)
    _claim_create(game, data)


def _grid(which: str) -> Callable[[Game, dict], None]:
    def apply(game: Game, data: dict) -> None:
        Player.objects.filter(pk=data["player"], game=game).update(grid=data[which])

    return apply


def _round_create(game: Game, data: dict) -> None:
    r = data["round"]
    stored = Round.objects.create(
        id=r.get("id"), game=game, number=r["number"], entries=r["entries"]
    )
    r["id"] = stored.pk


def _round_remove(game: Game, data: dict) -> None:
    Round.objects.filter(pk=data["round"]["id"], game=game).delete()


def _shift_rounds(game: Game, after: int, step: int) -> None:
    later = Round.objects.filter(game=game, number__gt=after)
    for stored in later.order_by("number" if step < 0 else "-number"):
        stored.number += step
        stored.save(update_fields=["number"])


def _round_delete(game: Game, data: dict) -> None:
    _round_remove(game, data)
    _shift_rounds(game, data["round"]["number"], -1)


def _round_restore(game: Game, data: dict) -> None:
    _shift_rounds(game, data["round"]["number"] - 1, +1)
    _round_create(game, data)


def _round_set(which: str) -> Callable[[Game, dict], None]:
    def apply(game: Game, data: dict) -> None:
        Round.objects.filter(game=game, number=data["number"]).update(entries=data[which])

    return apply


def _finished(value: bool) -> Callable[[Game, dict], None]:
    def apply(game: Game, data: dict) -> None:
        Game.objects.filter(pk=game.pk).update(finished=value)
        game.finished = value

    return apply


def _name(which: str) -> Callable[[Game, dict], None]:
    def apply(game: Game, data: dict) -> None:
        Player.objects.filter(pk=data["player"], game=game).update(name=data[which])

    return apply


def _player_create(game: Game, data: dict) -> None:
    p = data["player"]
    player = Player.objects.create(id=p.get("id"), game=game, name=p["name"], seat=p["seat"])
    p["id"] = player.pk


def _player_remove(game: Game, data: dict) -> None:
    Player.objects.filter(pk=data["player"]["id"], game=game).delete()


def _turns(which: str) -> Callable[[Game, dict], None]:
    def apply(game: Game, data: dict) -> None:
        Game.objects.filter(pk=game.pk).update(turns=data[which])
        game.turns = data[which]

    return apply


def _tally_do(game: Game, data: dict) -> None:
    _round_create(game, data)
    _turns("after")(game, data)


def _tally_undo(game: Game, data: dict) -> None:
    _round_remove(game, data)
    _turns("before")(game, data)


def _nothing(game: Game, data: dict) -> None:
    """``create`` and ``rotate`` are never undone or redone."""
    raise Conflict("party", gettext("Cette écriture ne peut pas être annulée."))


ACTIONS: dict[str, Action] = {
    "create": Action(_nothing, _nothing),
    "rotate": Action(_nothing, _nothing),
    "claim_add": Action(_claim_create, _claim_remove),
    "claim_edit": Action(_claim_set("after"), _claim_set("before")),
    "claim_delete": Action(_claim_delete, _claim_restore),
    "grid_set": Action(_grid("after"), _grid("before")),
    "round_add": Action(_round_create, _round_remove),
    "round_edit": Action(_round_set("after"), _round_set("before")),
    "round_delete": Action(_round_delete, _round_restore),
    "finish": Action(_finished(True), _finished(False)),
    "reopen": Action(_finished(False), _finished(True)),
    "rename": Action(_name("after"), _name("before")),
    "player_add": Action(_player_create, _player_remove),
    "turn": Action(_turns("after"), _turns("before")),
    "round_tally": Action(_tally_do, _tally_undo),
}


# --------------------------------------------------------------------------- helpers


def _id(value: object, field: str, message: str) -> int:
    """A positive whole number from a form or JSON value, or an :class:`InputError`."""
    if isinstance(value, bool):
        raise InputError(field, message)
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        raise InputError(field, message) from None
    if not 0 < number < 2**31:
        raise InputError(field, message)
    return number


def player_at(game: Game, player: object, field: str = "player") -> Player:
    """A player of the game by id (``Player`` accepted)."""
    if isinstance(player, Player):
        player = player.pk
    message = gettext("Choisissez un joueur de la partie.")
    try:
        return game.players.get(pk=_id(player, field, message))
    except Player.DoesNotExist:
        raise InputError(field, message) from None


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


def _kind(game: Game, *games: registry.GameSpec) -> None:
    if game.kind not in [g.kind for g in games]:
        raise InputError(
            "game",
            gettext("Cette saisie ne concerne pas {get_kind_display}.").format(
                get_kind_display=game.get_kind_display()
            ),
        )


def _has_entries(game: Game) -> bool:
    return (
        Claim.objects.filter(player__game=game).exists()
        or game.rounds.exists()
        or bool(game.turns)
        or any(any(p.grid or []) for p in game.players.all())
    )


# --------------------------------------------------------------------------- players


def rename(game: Game, player: object, name: object, if_version: object = None) -> HistoryEntry:
    """Rename a player at any time (entries are stored by player, so they follow)."""

    def build(g: Game) -> tuple[dict, dict]:
        target = player_at(g, player)
        new = clean_name(name, "name")
        others = [p.name for p in g.players.exclude(pk=target.pk)]
        clean_names([*others, new], "name")  # unique ignoring case, naming both
        if new == target.name:
            raise InputError(
                "name", gettext("{name} s'appelle déjà ainsi.").format(name=target.name)
            )
        summary = message("rename", before=target.name, after=new)
        return summary, {"player": target.pk, "before": target.name, "after": new}

    return _write(game, "rename", if_version, build)


def add_player(game: Game, name: object, if_version: object = None) -> HistoryEntry:
    """Add a player at the end of the table, only before the first entry."""

    def build(g: Game) -> tuple[dict, dict]:
        if _has_entries(g):
            raise InputError("name", gettext("On n'ajoute un joueur qu'avant la première saisie."))
        players = list(g.players.all())
        new = clean_name(name, "name")
        low, high = g.spec.players
        clean_names(
            [p.name for p in players] + [new], "name", low=1, high=high, game=g.get_kind_display()
        )
        seat = max((p.seat for p in players), default=-1) + 1
        return message("player_add", name=new), {"player": {"name": new, "seat": seat}}

    return _write(game, "player_add", if_version, build)


# --------------------------------------------------------------------------- NUM CHECK


def _sheet_after(game: Game, player: Player, claims: list[tuple[str, str]]) -> numcheck.PlayerSheet:
    """The engine's verdict on the player's whole resulting sheet."""
    try:
        return numcheck.player_sheet(player.name, claims, "cards")
    except InputError as err:
        field = "combo" if gettext("combinaison") in err.message else "cards"
        raise InputError(field, err.message) from None


def _game_over(game: Game) -> str:
    """The engine's end of a NUM CHECK game (someone made 8 combinations), or ``""``."""
    sheets = [
        numcheck.player_sheet(p.name, [(c.combo, c.cards) for c in p.claims.all()])
        for p in game.players.all()
    ]
    done = numcheck.finished_by(sheets)
    return (
        gettext("{done} a réalisé 8 combinaisons : la partie est finie.").format(
            done=", ".join(done)
        )
        if done
        else ""
    )


def add_claim(
    game: Game, player: object, combo: object, cards: object, if_version: object = None
) -> HistoryEntry:
    """Store a valid CHECK at the player's next rank; refuse it with the reason otherwise."""

    def build(g: Game) -> tuple[dict, dict]:
        _kind(g, NUM_CHECK)
        over = _game_over(g)
        if over:
            raise Conflict("party", over)
        who = player_at(g, player)
        combo_obj = numcheck.get_combo(combo)
        existing = [(c.combo, c.cards) for c in who.claims.order_by("position")]
        sheet = _sheet_after(g, who, [*existing, (combo_obj.key, cards)])
        scored = sheet.claims[-1]
        if scored.rank is None:
            raise InputError("cards", scored.result.reason)
        claim = {
            "player": who.pk,
            "position": scored.rank,
            "combo": combo_obj.key,
            "cards": format_line(scored.result.cards),
        }
        summary = message("claim_add", player=who.name, combo=combo_obj.key, rank=scored.rank)
        return summary, {"claim": claim}

    return _write(game, "claim_add", if_version, build)


def _claim(game: Game, claim: object) -> Claim:
    message = gettext("Cette annonce n'existe plus.")
    try:
        return Claim.objects.select_related("player").get(
            player__game=game, pk=_id(claim, "claim", message)
        )
    except Claim.DoesNotExist:
        raise InputError("claim", message) from None


def edit_claim(
    game: Game, claim: object, combo: object, cards: object, if_version: object = None
) -> HistoryEntry:
    """Correct a claim: same rank, new combination and/or cards, checked again by the engine."""

    def build(g: Game) -> tuple[dict, dict]:
        _kind(g, NUM_CHECK)
        stored = _claim(g, claim)
        combo_obj = numcheck.get_combo(combo if combo not in (None, "") else stored.combo)
        new_cards = cards if cards not in (None, "") else stored.cards
        claims = [
            (combo_obj.key, new_cards) if c.pk == stored.pk else (c.combo, c.cards)
            for c in stored.player.claims.order_by("position")
        ]
        sheet = _sheet_after(g, stored.player, claims)
        scored = sheet.claims[stored.position - 1]
        if scored.rank is None:
            raise InputError("cards", scored.result.reason)
        after = {"combo": combo_obj.key, "cards": format_line(scored.result.cards)}
        before = {"combo": stored.combo, "cards": stored.cards}
        if after == before:
            raise InputError("cards", gettext("Rien n'a changé dans cette annonce."))
        summary = message(
            "claim_edit", player=stored.player.name, combo=combo_obj.key, rank=stored.position
        )
        return summary, {"id": stored.pk, "before": before, "after": after}

    return _write(game, "claim_edit", if_version, build)


def delete_claim(game: Game, claim: object, if_version: object = None) -> HistoryEntry:
    """Remove a claim; the player's later claims move up one rank (scores follow)."""

    def build(g: Game) -> tuple[dict, dict]:
        _kind(g, NUM_CHECK)
        stored = _claim(g, claim)
        data = {
            "claim": {
                "id": stored.pk,
                "player": stored.player_id,
                "position": stored.position,
                "combo": stored.combo,
                "cards": stored.cards,
            }
        }
        summary = message(
            "claim_delete", player=stored.player.name, combo=stored.combo, rank=stored.position
        )
        return summary, data

    return _write(game, "claim_delete", if_version, build)


# --------------------------------------------------------------------------- NUM DRAFT


def _grid_rows(cells: Sequence[object]) -> list[list[str | None]]:
    padded = [str(c) if c else "" for c in list(cells or [])] + [""] * 9
    return [[padded[y * 3 + x] or None for x in range(3)] for y in range(3)]


def set_grid(
    game: Game, player: object, cells: Sequence[object], if_version: object = None
) -> HistoryEntry:
    """Store a player's grid; the engine checks the whole table (a card twice names both)."""
    if not isinstance(cells, list | tuple) or len(cells) != 9:
        raise InputError("cells", gettext("La grille a 9 cases, ligne par ligne."))
    tokens = []
    for cell in cells:
        if cell is not None and not isinstance(cell, str):
            raise InputError("cells", gettext("Chaque case est une carte (« 7R ») ou vide."))
        tokens.append((cell or "").strip())

    def build(g: Game) -> tuple[dict, dict]:
        _kind(g, NUM_DRAFT)
        who = player_at(g, player)
        players = list(g.players.all())
        grids = [
            {"name": p.name, "grid": _grid_rows(tokens if p.pk == who.pk else p.grid)}
            for p in players
        ]
        try:
            table = numdraft.table(grids, g.mode, g.values or None)
        except InputError as err:
            raise InputError("cells", err.message) from None
        mine = table.players[[p.pk for p in players].index(who.pk)]
        after = [_cell(mine.result.pool.at((x, y))) for y in range(3) for x in range(3)]
        before = list(who.grid or [])  # exactly what is stored: undo restores it as it was
        shown = [str(c or "") for c in (before + [""] * 9)[:9]]
        if after == shown:
            raise InputError("cells", gettext("Rien n'a changé dans cette grille."))
        changed = sum(a != b for a, b in zip(after, shown, strict=True))
        summary = message("grid_set", player=who.name, count=changed)
        return summary, {"player": who.pk, "before": before, "after": after}

    return _write(game, "grid_set", if_version, build)


def _cell(card: object) -> str:
    return "" if card is None else str(card)


# --------------------------------------------------------------------------- Num 5


def _round_table(game: Game, rounds: Sequence[Round | dict]) -> list[list[object]]:
    """Stored rounds (by player id) as the engine's rows (seat order)."""
    players = list(game.players.all())
    rows = []
    for stored in rounds:
        entries = stored.entries if isinstance(stored, Round) else stored
        rows.append([dict(entries.get(str(p.pk)) or {}) for p in players])
    return rows


def _entries(game: Game, raw: Mapping[object, object], field: str) -> dict[str, dict]:
    """``{player (id, Player or name): cell text or entry dict}`` → ``{player id: entry}``."""
    if not isinstance(raw, Mapping):
        raise InputError(field, gettext("Indiquez une entrée par joueur."))
    players = list(game.players.all())
    by_key = {name_key(p.name): p for p in players}
    by_id = {str(p.pk): p for p in players}
    out: dict[str, dict] = {}
    for key, value in raw.items():
        if isinstance(key, Player):
            player = by_id.get(str(key.pk))
        else:
            player = by_id.get(str(key)) or by_key.get(name_key(str(key)))
        if player is None:
            raise InputError(
                field, gettext("« {key} » ne joue pas dans cette partie.").format(key=key)
            )
        if isinstance(value, str):
            entry: object = num5.parse_cell(value)
        else:
            entry = value
        if not isinstance(entry, Mapping):
            raise InputError(
                field,
                gettext("{name} : indiquez les cartes ou les deux nombres.").format(
                    name=player.name
                ),
            )
        entry = {k: entry[k] for k in ("cards", "plus", "minus") if k in entry}
        cards = entry.get("cards")
        if isinstance(cards, str):
            entry["cards"] = cards.replace(",", " ").split()
        elif isinstance(cards, list | tuple):
            entry["cards"] = [str(c) for c in cards]
        out[str(player.pk)] = entry
    return out


def _check_rounds(game: Game, rows: list[list[object]], field: str) -> num5.GameResult:
    names = [p.name for p in game.players.all()]
    try:
        return num5.play_game(names, rows)
    except InputError as err:
        raise InputError(field, err.message) from None


def add_round(
    game: Game, entries: Mapping[object, object], if_version: object = None
) -> HistoryEntry:
    """Add a round; every player must be entered (/num-5/regles/#arbitrage-manche-saisie), the whole game is checked."""

    def build(g: Game) -> tuple[dict, dict]:
        _kind(g, NUM5)
        rounds = list(g.rounds.all())
        before = _check_rounds(g, _round_table(g, rounds), "entries")
        if before.finished:
            raise Conflict("party", gettext("La partie est gagnée : aucune manche de plus."))
        new = _entries(g, entries, "entries")
        _check_rounds(g, _round_table(g, [*rounds, new]), "entries")
        number = len(rounds) + 1
        return message("round_add", number=number), {"round": {"number": number, "entries": new}}

    return _write(game, "round_add", if_version, build)


def _round(game: Game, number: object) -> Round:
    message = gettext("Cette manche n'existe plus.")
    try:
        return game.rounds.get(number=_id(number, "round", message))
    except Round.DoesNotExist:
        raise InputError("round", message) from None


def edit_round(
    game: Game, number: object, changes: Mapping[object, object], if_version: object = None
) -> HistoryEntry:
    """Correct a round: only the players in ``changes`` change; the others are untouched."""

    def build(g: Game) -> tuple[dict, dict]:
        _kind(g, NUM5)
        stored = _round(g, number)
        updates = _entries(g, changes, "entries")
        after = {**stored.entries, **updates}
        if after == stored.entries:
            raise InputError("entries", gettext("Rien n'a changé dans cette manche."))
        rounds = [after if r.pk == stored.pk else r for r in g.rounds.all()]
        _check_rounds(g, _round_table(g, rounds), "entries")
        names = [p.name for p in g.players.all() if str(p.pk) in updates]
        summary = message("round_edit", number=stored.number, players=names)
        return summary, {"number": stored.number, "before": stored.entries, "after": after}

    return _write(game, "round_edit", if_version, build)


def delete_round(game: Game, number: object, if_version: object = None) -> HistoryEntry:
    """Remove a round; the later ones are renumbered."""

    def build(g: Game) -> tuple[dict, dict]:
        _kind(g, NUM5)
        stored = _round(g, number)
        data = {"round": {"id": stored.pk, "number": stored.number, "entries": stored.entries}}
        return message("round_delete", number=stored.number), data

    return _write(game, "round_delete", if_version, build)


# --------------------------------------------------------------------------- Num 5, turn by turn


def round_in_play(game: Game) -> num5turn.RoundPlay:
    """The round being played turn by turn, replayed by the engine from the set-up."""
    names = [p.name for p in game.players.all()]
    return num5turn.play_round(names, list(game.turns or []), game.mode)


def play_turn(
    game: Game, cards: Mapping[object, object], if_version: object = None
) -> HistoryEntry:
    """One turn of the round in play: each player's revealed card (NUM5-TURN.md §3)."""

    def build(g: Game) -> tuple[dict, dict]:
        _kind(g, NUM5)
        if _check_rounds(g, _round_table(g, list(g.rounds.all())), "cards").finished:
            raise Conflict("party", gettext("La partie est gagnée : aucune manche de plus."))
        if not isinstance(cards, Mapping):
            raise InputError("cards", gettext("Indiquez la carte révélée de chaque joueur."))
        players = list(g.players.all())
        by_key = {name_key(p.name): p for p in players} | {str(p.pk): p for p in players}
        given: dict[int, object] = {}
        for key, card in cards.items():
            player = by_key.get(str(key.pk) if isinstance(key, Player) else str(key))
            player = player or by_key.get(name_key(str(key)))
            if player is None:
                raise InputError(
                    "cards", gettext("« {key} » ne joue pas dans cette partie.").format(key=key)
                )
            given[player.pk] = card
        missing = [p.name for p in players if not str(given.get(p.pk) or "").strip()]
        if missing:
            raise InputError(
                "cards",
                gettext("Carte révélée manquante : {missing}.").format(missing=", ".join(missing)),
            )
        before = list(g.turns or [])
        current = round_in_play(g)
        try:
            state, result = num5turn.play_round_turn(
                current.state, [str(given[p.pk]).strip() for p in players]
            )
        except InputError as err:
            raise InputError("cards", err.message) from None
        after = [*before, [str(p.card) for p in result.players]]  # canonical, seat order
        return message("turn", turn=state.turn, number=g.rounds.count() + 1), {
            "before": before,
            "after": after,
        }

    return _write(game, "turn", if_version, build)


def tally_turns(game: Game, if_version: object = None) -> HistoryEntry:
    """« Reporter la manche »: the round played turn by turn becomes a round of the sheet."""

    def build(g: Game) -> tuple[dict, dict]:
        _kind(g, NUM5)
        if not g.turns:
            raise InputError("cards", gettext("Aucun tour joué dans cette manche."))
        play = round_in_play(g)
        players = list(g.players.all())
        entries = {
            str(p.pk): {"cards": [str(c) for c in cards]}
            for p, cards in zip(players, play.state.collected, strict=True)
        }
        rounds = list(g.rounds.all())
        _check_rounds(g, _round_table(g, [*rounds, entries]), "cards")
        number = len(rounds) + 1
        data = {
            "round": {"number": number, "entries": entries},
            "before": list(g.turns),
            "after": [],
        }
        return message("round_tally", number=number, turns=len(g.turns)), data

    return _write(game, "round_tally", if_version, build)


# --------------------------------------------------------------------------- all games


def finish(game: Game, if_version: object = None) -> HistoryEntry:
    """The table closes the sheet (NUM CHECK: the deck turns are over)."""
    return _write(game, "finish", if_version, lambda g: (message("finish"), {}))


def reopen(game: Game, if_version: object = None) -> HistoryEntry:
    def build(g: Game) -> tuple[dict, dict]:
        if not g.finished:
            raise Conflict("party", gettext("La partie n'est pas terminée."))
        return message("reopen"), {}

    return _write(game, "reopen", if_version, build)


def rotate(game: Game, if_version: object = None) -> HistoryEntry:
    """« Nouveaux liens »: both tokens change, the old links stop working at once."""
    with _locked(game, if_version, finished_ok=True) as locked:
        Game.objects.filter(pk=locked.pk).update(edit_token=new_token(), read_token=new_token())
        return _record(locked, "rotate", message("rotate"), {}, State.FIXED)


# --------------------------------------------------------------------------- reading


@dataclass
class BoardRow:
    """One player on the live board."""

    player: Player
    total: int
    title: str = ""
    position: int = 0
    wins: int = 0
    detail: Any = None  # engine result for this player (claims, pool, …)


@dataclass
class Board:
    game: Game
    rows: list[BoardRow]
    finished: bool
    winners: tuple[str, ...] = ()
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ranking(self) -> list[BoardRow]:
        return sorted(self.rows, key=lambda r: (r.position, r.player.seat))


def _positions(rows: list[BoardRow], key: Callable[[BoardRow], tuple]) -> None:
    """Shared positions « 1, 2, 2, 4 », by the engines' one standings rule."""
    for standing in standings(rows, key):
        standing.item.position = standing.position


def board(game: Game) -> Board:
    """Every score of the game, recomputed by the engines."""
    players = list(game.players.all())
    builder = {
        NUM_CHECK.kind: _check_board,
        NUM_DRAFT.kind: _draft_board,
        NUM5.kind: _num5_board,
    }[game.kind]
    return builder(game, players)


def _leaders(rows: list[BoardRow]) -> tuple[str, ...]:
    return tuple(
        r.player.name for r in sorted(rows, key=lambda r: r.player.seat) if r.position == 1
    )


def _check_board(game: Game, players: list[Player]) -> Board:
    claims: dict[int, list[Claim]] = {p.pk: [] for p in players}
    for claim in Claim.objects.filter(player__game=game).order_by("position"):
        claims[claim.player_id].append(claim)
    rows = []
    sheets = []
    for p in players:
        sheet = numcheck.player_sheet(p.name, [(c.combo, c.cards) for c in claims[p.pk]])
        sheets.append(sheet)
        rows.append(
            BoardRow(
                p,
                sheet.total,
                sheet.title,
                detail=list(zip(claims[p.pk], sheet.claims, strict=True)),
            )
        )
    _positions(rows, lambda r: (r.total,))
    full = numcheck.finished_by(sheets)
    turns = numcheck.deck_turns(game.mode, len(players))
    finished = game.finished or bool(full)
    if full:
        note = gettext("{full} a réalisé 8 combinaisons : la partie s'arrête.").format(
            full=", ".join(full)
        )
    elif game.finished:
        note = gettext("La table a déclaré la fin des {turns} tours de paquet.").format(turns=turns)
    else:
        note = gettext(
            "Fin de partie : 8 combinaisons pour un joueur, ou après {turns} tours de paquet."
        ).format(turns=turns)
    return Board(game, rows, finished, _leaders(rows) if finished else (), note, {"turns": turns})


def _draft_board(game: Game, players: list[Player]) -> Board:
    table = numdraft.table(
        [{"name": p.name, "grid": _grid_rows(p.grid)} for p in players],
        game.mode,
        game.values or None,
    )
    rows = [
        BoardRow(p, t.result.total, t.result.title, detail=t)
        for p, t in zip(players, table.players, strict=True)
    ]
    _positions(rows, lambda r: (r.total,))
    return Board(
        game,
        rows,
        game.finished,
        _leaders(rows) if game.finished else (),
        extra={"values": table.values, "max_value": numdraft.deck_for(table.values).max_value},
    )


def _num5_board(game: Game, players: list[Player]) -> Board:
    rounds = list(game.rounds.all())
    result = num5.play_game([p.name for p in players], _round_table(game, rounds))
    rows = [
        BoardRow(p, result.points[p.name], "", wins=result.wins[p.name], detail=result.wins[p.name])
        for p in players
    ]
    _positions(rows, lambda r: (r.wins, r.total))
    finished = result.finished or game.finished
    if result.finished:
        winners, note = result.winners, result.ruling
    elif game.finished:
        winners = _leaders(rows)
        note = gettext(
            "Partie arrêtée par la table : en tête aux manches gagnées, puis aux points."
        )
    else:
        winners, note = (), ""
    return Board(
        game,
        rows,
        finished,
        winners,
        note,
        extra={"rounds": list(zip(rounds, result.rounds, strict=True)), "result": result},
    )


# --------------------------------------------------------------------------- CSV


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _safe(value: object) -> object:
    """A cell a spreadsheet will not run (OWASP CSV injection): text starting with ``= + - @``,
    a tab or a carriage return is prefixed with an apostrophe. Numbers stay numbers."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def export_csv(game: Game) -> str:
    """The sheet as CSV for spreadsheets: UTF-8 with BOM, semicolons, one column set per game."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=";")

    def row(*cells: object) -> None:
        writer.writerow([_safe(c) for c in cells])

    result = board(game)
    row(
        gettext("Partie"),
        game.get_kind_display(),
        gettext("Mode"),
        game.mode_label,
        gettext("Créée"),
        f"{game.created_at:%d/%m/%Y}",
    )
    row()
    if game.kind == NUM_CHECK.kind:
        row(
            gettext("Joueur"),
            gettext("Rang"),
            gettext("Combinaison"),
            gettext("Cartes"),
            gettext("Points"),
        )
        for r in result.rows:
            for claim, scored in r.detail:
                row(
                    r.player.name,
                    claim.position,
                    scored.result.combo.name,
                    claim.cards,
                    scored.total,
                )
        row()
        row(gettext("Classement"), gettext("Joueur"), gettext("Total"), gettext("Titre"))
        for r in result.ranking:
            row(r.position, r.player.name, r.total, r.title)
    elif game.kind == NUM_DRAFT.kind:
        row(gettext("Joueur"), gettext("Grille"), gettext("Points"), gettext("Titre"))
        for r in result.rows:
            row(
                r.player.name,
                " ".join(c or "-" for c in (list(r.player.grid) + [""] * 9)[:9]),
                r.total,
                r.title,
            )
        row()
        row(gettext("Classement"), gettext("Joueur"), gettext("Points"), gettext("Titre"))
        for r in result.ranking:
            row(r.position, r.player.name, r.total, r.title)
    else:
        row(gettext("Manche"), *[r.player.name for r in result.rows])
        for stored, scored in result.extra["rounds"]:
            row(stored.number, *scored.totals)
        row()
        row(gettext("Classement"), gettext("Joueur"), gettext("Manches gagnées"), gettext("Points"))
        for r in result.ranking:
            row(r.position, r.player.name, r.wins, r.total)
    return out.getvalue()
