"""The Parties write frame: every write of a party, for the pages and the Parties API alike.

Writes
------
Each write runs in one transaction that **locks the game row first** (``select_for_update``; on
SQLite the transaction takes the database's write lock at BEGIN, ``transaction_mode=IMMEDIATE``).
Every writer takes the same first lock, so two writers never wait on each other in different
orders: no deadlock by construction. Under that lock a write

1. checks ``if_version`` (a stale client gets :class:`Conflict`, HTTP 409) and that the game is
   not finished (only ``reopen``, ``undo`` and ``redo`` write to a finished game);
2. validates by asking the engines about the whole resulting sheet (each combination once, 8
   claims at most, duplicate cards at the table, a round entered for every player…) — Parties
   never re-implement a rule;
3. applies the change through its action's ``do`` function (the action table,
   :mod:`.actions`), records one :class:`HistoryEntry` holding the data that ``do``/``undo``
   need, and bumps ``version`` by one.

The writes every game has (create, rename, add a player, finish, reopen, new links, undo, redo)
are here; each game's own writes are in its folder (``calculators/games/<game>/party/``) and
call :func:`write`.

So after any sequence of writes, ``version`` is the number of writes (``create`` is write 1).

Writes that merge
-----------------
``if_version`` is all or nothing: any write since refuses (the API's optimistic lock). The
pages send :class:`Seen` instead — the version the phone's page was drawn at — and a write from
a phone is then applied to the sheet *as it is when it arrives*, unless a write the phone has
not seen touched what this one changes. Each recorded entry carries its ``subject`` (its
action's :attr:`.actions.Action.subject`: ``claim:12``, ``grid:3``, ``round:2``, ``turns`` …, or
nothing for a write that only adds); a write watches the subjects its action names
(:meth:`.actions.Action.watched`; :data:`.actions.ANY` for undo, redo, finish, reopen and new
links: any unseen write). The check is one indexed query (``game, subject, version``), never a
scan of the history. Two phones adding claims, grids or rounds for different players never
conflict; the engines still check the whole resulting sheet (the same combination twice is a
field error, as it always was). A refusal is a :class:`Conflict` naming the unseen write
(``Conflict.entry``), so the page can say what changed and offer to write anyway.

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

*Undo one entry* (:func:`undo_entry`: a phone's own « Annuler », the history's « Retirer », the
API's ``history/<n>/undo``) reverts a named entry alone, with the same ``undo`` function, when
no later entry in effect bears on what it bears on (:meth:`.actions.Action.scope_of`) and the
engines accept the sheet left; such an entry is ``dropped`` and drops the undone ones.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Q, QuerySet
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from ..core import registry
from ..engines.cards import InputError
from ..engines.names import clean_name, clean_names, name_key
from ..engines.numbers import parse_whole
from . import actions, kinds
from .actions import ANY, Action
from .models import Game, HistoryEntry, Player, RetiredToken, new_token
from .summaries import french, message, names_text

State = HistoryEntry.State

CONFLICT = gettext_noop(
    "Un autre téléphone écrivait au même moment : enregistrez à nouveau, votre saisie est gardée."
)


FINISHED = gettext_noop("La partie est terminée : rouvrez-la pour la modifier.")

#: Sent by :func:`record`, under the game's lock, after every write of a party (creation, undo
#: and redo included), with ``game`` and ``action``, the ``entry`` recorded and ``before``, the
#: game row's version and time as the write found them: whatever keeps something computed from
#: parties (the tablées' statistics, the history shown, the live board) hears of every change
#: without Parties knowing it.
party_written = Signal()


#: the phone a page write comes from: a digest of its cookie (``views.phone``), recorded
#: with each entry it writes (``data["by"]``), so that its « Annuler » is its own
_phone: ContextVar[str] = ContextVar("party_phone", default="")


@contextmanager
def from_phone(phone: str) -> Iterator[None]:
    """The writes made inside come from ``phone`` (``""``: from no phone, the API's)."""
    reset = _phone.set(phone)
    try:
        yield
    finally:
        _phone.reset(reset)


CHANGED = gettext_noop("Entre-temps, un autre téléphone a enregistré : {summary}.")


class Conflict(Exception):
    """A write refused because of the party's state (HTTP 409): stale version, finished game,
    nothing to undo or redo, or a race lost to another phone.

    ``entry`` is the write the phone had not seen and that this one would have overridden
    (when that is the reason), ``version`` the sheet's version when it was refused: a page
    shows both values and offers to write again having seen it."""

    def __init__(
        self,
        field: str,
        message: str,
        entry: HistoryEntry | None = None,
        version: int | None = None,
    ) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.entry = entry
        self.version = version


class Seen:
    """The version a phone's page was drawn at, sent by the pages instead of ``if_version``:
    the write is refused only if an unseen write touched what it changes (``Writes that
    merge`` above)."""

    def __init__(self, version: int) -> None:
        self.version = int(version)

    def __repr__(self) -> str:
        return f"Seen({self.version})"


def check_seen(game: Game, seen: object, watched: Sequence[str]) -> None:
    """Refuse a phone's write when an entry it has not seen has a subject it watches."""
    if not isinstance(seen, Seen) or not watched or seen.version >= game.version:
        return
    later = game.history.filter(version__gt=seen.version)
    if ANY not in watched:
        later = later.filter(subject__in=list(watched))
    entry = later.select_related("target").order_by("-version").first()
    if entry is not None:
        raise Conflict(
            "seen",
            gettext(CHANGED).format(summary=entry.summary_text),
            entry=entry,
            version=game.version,
        )


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


#: A token is URL-safe base64 (secrets.token_urlsafe).
TOKEN_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _either_token(token: str) -> Q:
    """The game of either link, one query (each token column is uniquely indexed, and the two
    never meet); anything that is no token is refused before the database (PostgreSQL refuses
    a NUL in a text outright: a 500, not a 404)."""
    token = str(token or "")
    if not 20 <= len(token) <= 64 or not TOKEN_ALPHABET.issuperset(token):
        raise Game.DoesNotExist
    return Q(edit_token=token) | Q(read_token=token)


class Retired(Exception):
    """A link replaced by « Nouveaux liens » (the page says so, HTTP 410)."""


def find(token: str) -> tuple[Game, bool]:
    """The game of a token and whether it is the edit token; :class:`Retired` for a replaced
    link, :class:`Game.DoesNotExist` else."""
    game = Game.objects.filter(_either_token(token)).first()
    if game is None:
        if RetiredToken.objects.filter(digest=RetiredToken.digest_of(str(token))).exists():
            raise Retired
        raise Game.DoesNotExist
    return game, secrets.compare_digest(game.edit_token, str(token))


def version_of(token: str) -> int:
    """The party's version for the live board's poll: one indexed lookup of one column;
    :class:`Game.DoesNotExist` for a wrong token.

    Every phone asks every 3 seconds, so the statement is written once here rather than
    compiled by the ORM at each poll (that compilation was the poll's largest cost)."""
    _either_token(token)  # refuses what is no token
    with connection.cursor() as cursor:
        cursor.execute(_VERSION_SQL, [token, token])
        row = cursor.fetchone()
    if row is None:
        raise Game.DoesNotExist
    return int(row[0])


_VERSION_SQL = f"SELECT version FROM {Game._meta.db_table} WHERE edit_token = %s OR read_token = %s"  # noqa: S608


@contextmanager
def lock(game: Game, if_version: object = None, *, finished_ok: bool = False) -> Iterator[Game]:
    """One write: a transaction holding the game row's lock (always the first lock taken)."""
    try:
        with transaction.atomic():
            try:
                locked = Game.objects.select_for_update().get(pk=game.pk)
            except Game.DoesNotExist:
                raise Conflict("party", gettext("Cette partie n’existe plus.")) from None
            if isinstance(if_version, Seen):
                pass  # checked against what the write changes (check_seen)
            elif if_version not in (None, "") and str(if_version) != str(locked.version):
                raise Conflict(
                    "if_version",
                    gettext(
                        "La feuille a changé (version {version}, vous aviez {if_version}) : relisez-la avant d’écrire."
                    ).format(version=locked.version, if_version=if_version),
                    version=locked.version,
                )
            if not finished_ok and finished(locked):
                raise Conflict("finished", gettext(FINISHED))
            yield locked
    except IntegrityError:
        # A constraint: another phone won the race. A busy or unreachable database (an
        # OperationalError, a lock time-out included) is no conflict: it goes on up, to a 503
        # « réessayez dans un instant » (numsite/failures.py).
        raise Conflict("party", gettext(CONFLICT)) from None
    _as_stored(game, locked)


def finished(game: Game) -> bool:
    """Whether the game is over: the table finished it (« Terminer »), or its board says its
    own rules ended it (NUM CHECK's game clock: :meth:`.kinds.PartyKind.ended`). The one
    question the write frame asks, so a write is refused exactly when the board says
    « finished »."""
    return game.finished or kinds.of(game).ended(game)


def _as_stored(game: Game, locked: Game) -> None:
    """The caller's ``game`` as the committed write left its row, without reading it again:
    the locked instance holds every column as stored, because whatever changes the game row
    under the lock sets it on that instance too (:func:`record` the version and time,
    finish and reopen, a round's turns, :func:`rotate` the tokens). As ``refresh_from_db``
    would, what was read through the caller's instance before the write is forgotten."""
    for column in Game._meta.concrete_fields:
        setattr(game, column.attname, getattr(locked, column.attname))
    game.__dict__.pop("_prefetched_objects_cache", None)
    if "_recorded" in locked.__dict__:
        game.__dict__["_recorded"] = locked.__dict__["_recorded"]


@dataclass(frozen=True)
class Written:
    """The sheet a write left, as it committed: what it read under the game's lock and what
    its ``do`` changed there, for the answer drawn right after it (its board) instead of
    reading it all again. ``version`` and ``updated_at``: the game's row as the write left it
    (:func:`written` gives it only for that very version: nothing written after it)."""

    version: int
    updated_at: datetime
    #: the game's players in seat order, as the write left them
    players: list[Player]
    #: what else the game's board reads, by name (a kind's own: its claims, its rounds)
    parts: dict[str, Any]


def remember(game: Game, players: Sequence[Player], **parts: Any) -> None:
    """Keep on ``game`` (the caller's instance, which the write frame has just set as the
    write left its row, :func:`_as_stored`) the sheet of its new version: the ``players`` and
    ``parts`` the write read under the lock, changed as its ``do`` changed them.

    That is the stored sheet of that version, exactly: every change to a party's sheet is a
    write, and every write holds the game row's lock from before it reads until it commits
    (or, in a transaction that wraps it, until that one does), so nothing else changed it in
    between. It is kept stamped with the version and the time the write gave the row:
    :func:`written` gives it only while the instance still has both."""
    game.__dict__["_written"] = Written(game.version, game.updated_at, list(players), parts)


def written(game: Game) -> Written | None:
    """The sheet :func:`remember` kept for ``game``'s version as the instance holds it: the
    board of the version this instance's own write made is drawn from it (without a query).
    An instance whose version or time moved on (another write through it, a
    ``refresh_from_db`` after another phone's) no longer gets it; one held while others write
    (its version then behind the stored one) gets that version's sheet, as its version says."""
    kept = game.__dict__.get("_written")
    if kept is None or (kept.version, kept.updated_at) != (game.version, game.updated_at):
        return None
    return kept


def written_part(game: Game, name: str) -> Any | None:
    """The part ``name`` (a kind's own: its claims, its rounds) of the sheet :func:`written`
    gives for ``game``'s version, or ``None``: the board reads it from the database then."""
    kept = written(game)
    return None if kept is None else kept.parts.get(name)


def recorded(game: Game) -> HistoryEntry | None:
    """The history entry the write through ``game`` recorded (:func:`record`; the write frame
    hands it from the locked row to the caller's instance, :func:`_as_stored`), while the
    instance is still at the version and time that write gave it: the answer to that write
    lists it without reading it back."""
    kept = game.__dict__.get("_recorded")
    if kept is None or kept[:2] != (game.version, game.updated_at):
        return None
    return kept[2]


def record(
    game: Game,
    action: str,
    summary: dict[str, Any],
    data: dict[str, Any],
    state: str = State.ACTIVE,
    target: HistoryEntry | None = None,
    subject: str = "",
) -> HistoryEntry:
    """Bump the version and record the write (under the game lock), with its structured
    ``summary`` (:func:`.summaries.message`) in ``data``, its French text beside and its
    ``subject`` (what it changed, for the merge of concurrent writes)."""
    if action not in ("undo", "redo"):
        # a new write: what was undone can no longer be redone
        game.history.filter(state=State.UNDONE).update(state=State.DROPPED)
    # under the game row's lock: the version read with it is the stored one
    before = (game.version, game.updated_at)
    game.version, game.updated_at = game.version + 1, timezone.now()
    Game.objects.filter(pk=game.pk).update(version=game.version, updated_at=game.updated_at)
    entry = HistoryEntry.objects.create(
        game=game,
        version=game.version,
        action=action,
        summary=french(summary, target)[:200],
        data={**data, "summary": summary, **_by()},
        state=state,
        target=target,
        subject=subject,
    )
    game.__dict__["_recorded"] = (game.version, game.updated_at, entry)
    party_written.send(sender=Game, game=game, action=action, entry=entry, before=before)
    return entry


def _by() -> dict[str, str]:
    """Who wrote an entry, when it came from a phone's page: ``{"by": <phone>}``."""
    phone = _phone.get()
    return {"by": phone} if phone else {}


def write(
    game: Game, action: str, if_version: object, build: Callable[[Game], tuple[dict, dict]]
) -> HistoryEntry:
    """Validate and build ``(structured summary, data)`` under the lock, apply ``do``, record the entry."""
    kind = actions.get(action)
    with lock(game, if_version, finished_ok=action == "reopen") as locked:
        summary, data = build(locked)
        check_seen(locked, if_version, kind.watched(data))
        kind.do(locked, data)
        return record(locked, action, summary, data, subject=kind.subject_of(data))


def undo(game: Game, if_version: object = None) -> HistoryEntry:
    """Revert the latest write still in effect (never an undo or redo; not ``create``)."""
    with lock(game, if_version, finished_ok=True) as locked:
        target = _active(locked).select_for_update().first()
        if target is None:
            raise Conflict("party", gettext("Rien à annuler."))
        check_seen(locked, if_version, (ANY,))
        actions.get(target.action).undo(locked, target.data)
        target.state = State.UNDONE
        target.save(update_fields=["state"])
        return record(locked, "undo", message("undo"), {}, State.FIXED, target, target.subject)


def redo(game: Game, if_version: object = None) -> HistoryEntry:
    """Re-apply the write undone most recently, if nothing else was written since."""
    with lock(game, if_version, finished_ok=True) as locked:
        target = _undone(locked).select_for_update().first()
        if target is None:
            raise Conflict("party", gettext("Rien à rétablir."))
        check_seen(locked, if_version, (ANY,))
        actions.get(target.action).do(locked, target.data)
        target.state = State.ACTIVE
        target.save(update_fields=["state"])
        return record(locked, "redo", message("redo"), {}, State.FIXED, target, target.subject)


NOT_UNDOABLE = gettext_noop("Cette écriture ne peut pas être annulée.")
DEPENDS = gettext_noop(
    "« {entry} » ne peut pas être retirée seule : « {later} », écrite après, en dépend. Retirez d’abord celle-ci."
)
INVALID_ALONE = gettext_noop("Retirer « {entry} » seule rendrait la feuille fausse : {reason}")


def undo_entry(game: Game, version: object, if_version: object = None) -> HistoryEntry:
    """Revert the write recorded at ``version`` alone, if no later write depends on it.

    The latest write in effect is undone exactly as :func:`undo` does (it may be redone). An
    earlier one is undone when no later entry in effect bears on what it bears on (their
    :meth:`.actions.Action.scope_of` share nothing, and neither is :data:`ANY`), the game is
    not finished and the engines still accept the whole resulting sheet; it is then ``dropped``
    (never redone) and, as any write other than undo and redo does, it drops what was undone.
    Else :class:`Conflict`, naming the later write it depends on. Its ``undo`` is the same
    function, and it is recorded as an ``undo`` entry, as :func:`undo` records it. A page's
    :class:`Seen` asks nothing more: the entry is named, and a later write bearing on it
    refuses it whether the phone had seen that write or not."""
    missing = gettext("Aucune écriture de la partie n’a ce numéro.")
    number = whole_number(version, "version", missing)
    with lock(game, if_version, finished_ok=True) as locked:
        target = locked.history.select_for_update().filter(version=number).first()
        if target is None:
            raise InputError("version", missing)
        if target.state == State.FIXED:
            raise Conflict("party", gettext(NOT_UNDOABLE))
        if target.state != State.ACTIVE:
            raise Conflict("party", gettext("Cette écriture est déjà annulée."))
        action = actions.get(target.action)
        later = list(_active(locked).filter(version__gt=target.version).reverse())
        if later:
            _alone(locked, target, action.scope_of(target.data), later)
        action.undo(locked, target.data)
        if later:
            _still_valid(locked, target)
            locked.history.filter(state=State.UNDONE).update(state=State.DROPPED)
        target.state = State.DROPPED if later else State.UNDONE
        target.save(update_fields=["state"])
        return record(locked, "undo", message("undo"), {}, State.FIXED, target, target.subject)


def _alone(
    game: Game, target: HistoryEntry, scope: Sequence[str], later: Sequence[HistoryEntry]
) -> None:
    """Refuse to undo ``target`` before the ``later`` entries in effect when one of them bears
    on what it bears on (``scope``), or when the game is finished (by the table or by its
    rules)."""
    if finished(game):
        raise Conflict("finished", gettext(FINISHED))
    for entry in later:
        theirs = actions.get(entry.action).scope_of(entry.data)
        if ANY in scope or ANY in theirs or set(scope) & set(theirs):
            raise Conflict(
                "party",
                gettext(DEPENDS).format(entry=named(target), later=entry.summary_text),
            )


def _still_valid(game: Game, target: HistoryEntry) -> None:
    """The engines' word on the whole sheet once ``target`` is undone before later writes (a
    NUM DRAFT card another grid took since, …): their refusal is a :class:`Conflict`, and the
    write frame's transaction rolls the undo back."""
    try:
        kinds.of(game).board(game, list(game.players.all()))
    except InputError as err:
        raise Conflict(
            "party", gettext(INVALID_ALONE).format(entry=named(target), reason=err.message)
        ) from None


def named(entry: HistoryEntry) -> str:
    """An entry as a button names it, in the active language (« Full de Marc »): its action's
    :attr:`~.actions.Action.named`, else its summary."""
    action = actions.ACTIONS.get(entry.action)
    params = (entry.data or {}).get("summary", {}).get("params") if entry.data else None
    if action is not None and action.named is not None and isinstance(params, dict):
        try:
            return action.named(params)
        except (KeyError, TypeError, ValueError):
            pass
    return entry.summary_text


def _active(game: Game) -> QuerySet[HistoryEntry]:
    """The entries still in effect, latest first: one range of the (game, state, version)
    index, whatever the length of the history."""
    return game.history.filter(state=State.ACTIVE).order_by("-version")


def _undone(game: Game) -> QuerySet[HistoryEntry]:
    """The undone entries, the one undone most recently first.

    Undo always takes the latest entry in effect, redo the most recently undone one, and any
    other write drops every undone entry; so every undone entry is later than every entry in
    effect, and they were undone from the latest down: the one undone most recently is the
    *earliest* undone entry. One range of the (game, state, version) index, not a walk over
    the undo entries."""
    return game.history.filter(state=State.UNDONE).order_by("version")


def phone_undo(game: Game, phone: str, latest: HistoryEntry | None = None) -> HistoryEntry | None:
    """What this phone's « Annuler » reverts: the latest entry in effect that ``phone`` wrote
    (one range of the (game, state, version) index, its entries read newest first until one
    is the phone's), undone alone by :func:`undo_entry`. ``latest``: the entry of a write when
    it is the game's latest version (the writer's answer): written by this phone and in
    effect, it is that entry, without a query. On a finished game, only the latest entry in
    effect can be undone: the phone's if it is that one."""
    if not phone:
        return None
    if (
        latest is not None
        and latest.version == game.version
        and latest.state == State.ACTIVE
        and (latest.data or {}).get("by") == phone
    ):
        return latest
    mine = _active(game).filter(data__by=phone).first()
    if mine is not None and finished(game) and next_undo(game) != mine:
        return None
    return mine


def next_undo(game: Game) -> HistoryEntry | None:
    """What « Annuler » would revert (one indexed lookup)."""
    return _active(game).first()


def next_redo(game: Game) -> HistoryEntry | None:
    """What « Rétablir » would re-apply (one indexed lookup)."""
    return _undone(game).first()


def undo_and_redo(
    game: Game, latest: HistoryEntry | None = None
) -> tuple[HistoryEntry | None, HistoryEntry | None]:
    """:func:`next_undo` and :func:`next_redo` of ``game`` as it is. ``latest``: the entry of a
    write when it is the game's latest version (the writer's answer): a write in effect, the
    latest, is what « Annuler » reverts, and a write other than undo or redo left nothing to
    redo (:func:`record` drops every undone entry), so both are known without a query."""
    if (
        latest is not None
        and latest.version == game.version
        and latest.state == State.ACTIVE
        and latest.action not in ("undo", "redo")
    ):
        return latest, None
    return next_undo(game), next_redo(game)


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


def _nothing(game: Game, data: dict) -> None:
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

    def build(g: Game) -> tuple[dict, dict]:
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


def add_player(game: Game, name: object, if_version: object = None) -> HistoryEntry:
    """Add a player at the end of the table, only before the first entry: once anything was
    entered the sheet's state refuses it (a :class:`Conflict`, 409), whatever the name."""

    def build(g: Game) -> tuple[dict, dict]:
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

    def build(g: Game) -> tuple[dict, dict]:
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
