"""The action table: every kind of write a party records, in one place.

An :class:`Action` says how a recorded write is applied (``do``: the first time and on redo),
reverted (``undo``) and told in the history (the parameters of its structured summary and the
sentence they fill, in the active language). The core registers the writes every game has
(create, rename, finish, undo …, in :mod:`.services`); each game registers its own in its folder
(``calculators/games/<game>/party/writes.py``). A new write is one :func:`register` call beside
the function that performs it: the history, undo/redo and the summaries all read this table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .models import Game

Apply = Callable[["Game", dict[str, Any]], None]

#: the subject of a write that concerns the whole sheet (undo, redo, finish …): a phone's write
#: of that kind is refused after *any* write it has not seen
ANY = "*"


@dataclass(frozen=True)
class Action:
    """One kind of write of a party."""

    name: str
    #: applies the write (first time and redo) from the data recorded with it
    do: Apply
    #: reverts it exactly (the sheet is as the write left it: every later write is undone)
    undo: Apply
    #: the parameters of its structured summary (raw values, never French text)
    params: tuple[str, ...]
    #: its summary in the active language, from those parameters (a write that is never undone
    #: — create, rotate, undo, redo — has do/undo that refuse, and is recorded ``fixed``)
    text: Callable[[Mapping[str, Any]], str]
    #: what the write changes, from its data ("claim:12"; ``None``: it only adds, like a new
    #: claim): recorded with the entry, so that a later phone's write can see it
    subject: Callable[[Mapping[str, Any]], str] | None = None
    #: the subjects that, written after a phone showed the sheet, refuse this write from that
    #: phone (``None``: its own subject only; :data:`ANY`: any write at all)
    watch: Callable[[Mapping[str, Any]], tuple[str, ...]] | None = None
    #: the value it replaced and the value it wrote, as short text in the active language
    #: (shown to a phone whose write it refused); ``None`` when the summary says enough
    values: Callable[[Mapping[str, Any]], tuple[str, str]] | None = None
    #: everything the write bears on, for undoing it alone (``services.undo_entry``): its
    #: subject, what it created (``claim:<id>``) and the sequence it belongs to (a player's
    #: ranks ``claims:<player>``, Num 5's ``rounds``, the players' ``names``); :data:`ANY`:
    #: every later write bears on it. ``None``: its subject alone
    scope: Callable[[Mapping[str, Any]], tuple[str, ...]] | None = None
    #: the entry as a button names it (« Full de Marc »), from its summary's parameters, in the
    #: active language; ``None``: its summary
    named: Callable[[Mapping[str, Any]], str] | None = None

    def subject_of(self, data: Mapping[str, Any]) -> str:
        return self.subject(data)[:40] if self.subject else ""

    def watched(self, data: Mapping[str, Any]) -> tuple[str, ...]:
        if self.watch is not None:
            return self.watch(data)
        subject = self.subject_of(data)
        return (subject,) if subject else ()

    def scope_of(self, data: Mapping[str, Any]) -> tuple[str, ...]:
        """:attr:`scope` of a recorded write; :data:`ANY` for data it cannot read (an entry
        written before the data held what it needs): then only undo, in order, takes it back."""
        if self.scope is None:
            subject = self.subject_of(data)
            return (subject,) if subject else ()
        try:
            return self.scope(data)
        except (KeyError, TypeError):
            return (ANY,)


ACTIONS: dict[str, Action] = {}


def register(*actions: Action) -> None:
    """Add actions to the table (each name once: a second registration is a programming error)."""
    for action in actions:
        if action.name in ACTIONS and ACTIONS[action.name] != action:
            raise ValueError(f"the action {action.name!r} is registered twice")
        ACTIONS[action.name] = action


def get(name: str) -> Action:
    """The action of that name (every game's actions are registered when the app is ready)."""
    return ACTIONS[name]
