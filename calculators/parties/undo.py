"""Undo, redo and undoing one write alone, through the action table's ``undo`` and ``do``
(docs/architecture.md « One Parties write » and « Undoing one write alone »)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import QuerySet
from django.utils.translation import gettext, gettext_noop

from ..engines.cards import InputError
from . import actions, kinds
from .actions import ANY
from .frame import FINISHED, Conflict, State, check_seen, finished, lock, record
from .models import Game, HistoryEntry
from .summaries import message
from .writes import whole_number


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
