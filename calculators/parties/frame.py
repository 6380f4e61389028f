"""The Parties write frame: one transaction locking the game row first, the checks under that
lock (``if_version`` or a page's :class:`Seen`, a finished game), the action's ``do``, one
recorded :class:`HistoryEntry`, the version bumped; and what a write leaves on its caller's
game for the answer drawn right after it. Why it is built so, and what each step guarantees:
docs/architecture.md « One Parties write », « Nothing is computed twice that did not change »
and « Writes that merge »."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from . import actions, kinds
from .actions import ANY
from .models import Game, HistoryEntry, Player
from .summaries import french

State = HistoryEntry.State

CONFLICT = gettext_noop(
    "Un autre téléphone écrivait au même moment : enregistrez à nouveau, votre saisie est gardée."
)


FINISHED = gettext_noop("La partie est terminée : rouvrez-la pour la modifier.")

#: Sent by :func:`record` under the game's lock after every write, with ``game``, ``action``,
#: ``entry`` and ``before`` (the row's version and time as the write found them), so caches
#: built on parties hear of every change without Parties knowing them.
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
    """Set the caller's ``game`` to the committed row without reading it again: every change
    under the lock is made on ``locked`` too, so it holds every column as stored."""
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
    """Keep on ``game`` the sheet of its new version: the ``players`` and ``parts`` the write
    read under the lock, as its ``do`` changed them. It is exactly the stored sheet, since
    every write holds the row's lock from before it reads until it commits."""
    game.__dict__["_written"] = Written(game.version, game.updated_at, list(players), parts)


def written(game: Game) -> Written | None:
    """The sheet :func:`remember` kept, while the instance's version and time are still the
    ones that write gave it, else ``None``."""
    kept: Written | None = game.__dict__.get("_written")
    if kept is None or (kept.version, kept.updated_at) != (game.version, game.updated_at):
        return None
    return kept


def written_part(game: Game, name: str) -> Any | None:
    """The part ``name`` (a kind's own: its claims, its rounds) of the sheet :func:`written`
    gives for ``game``'s version, or ``None``: the board reads it from the database then."""
    kept = written(game)
    return None if kept is None else kept.parts.get(name)


def recorded(game: Game) -> HistoryEntry | None:
    """The history entry the write through ``game`` recorded, while the instance is still at
    the version and time that write gave it, else ``None``."""
    kept: tuple[int, Any, HistoryEntry] | None = game.__dict__.get("_recorded")
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
    game: Game,
    action: str,
    if_version: object,
    build: Callable[[Game], tuple[dict[str, Any], dict[str, Any]]],
) -> HistoryEntry:
    """Validate and build ``(structured summary, data)`` under the lock, apply ``do``, record the entry."""
    kind = actions.get(action)
    with lock(game, if_version, finished_ok=action == "reopen") as locked:
        summary, data = build(locked)
        check_seen(locked, if_version, kind.watched(data))
        kind.do(locked, data)
        return record(locked, action, summary, data, subject=kind.subject_of(data))
