"""History summaries in the reader's language.

A write stores a *structured* summary, ``data["summary"] = {"msg": …, "params": {...}}``, of
raw values only (names, numbers, combination codes), never French text, so that :func:`render`
can show it in the reader's language; an undo or redo renders its target's. The French
``HistoryEntry.summary`` (for the admin) is :func:`render` with French active: one wording.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from django.utils import translation
from django.utils.html import conditional_escape, format_html
from django.utils.translation import gettext

from . import actions


class Summarised(Protocol):
    """What a summary is rendered from: a ``HistoryEntry`` (models.py renders its own summary
    with this module, so this module names no model)."""

    @property
    def action(self) -> str: ...
    @property
    def data(self) -> Any: ...
    @property
    def target(self) -> Summarised | None: ...
    @property
    def summary(self) -> str: ...


@dataclass(frozen=True)
class _Unsaved:
    """A summary not yet written: :func:`french` renders it before its entry exists."""

    data: Any
    target: Summarised | None
    summary: str = ""
    action: str = ""


def message(msg: str, **params: Any) -> dict[str, Any]:
    """A structured summary: an action's name (:mod:`.actions`) and its raw parameters."""
    action = actions.ACTIONS.get(msg)
    if action is None or set(params) != set(action.params):
        expected = action.params if action else None
        raise ValueError(f"summary {msg!r} takes {expected}, not {sorted(params)}")
    return {"msg": msg, "params": params}


def names_text(names: object) -> str:
    """Players' names in a summary: « Léa, Tom »."""
    return ", ".join(str(n) for n in names) if isinstance(names, list | tuple) else str(names)


#: the first letters of a name French elides « de » before (« la Paire d’Inès »)
_ELIDED = frozenset("aeiouyàâäæéèêëîïôöœùûü")


def of_player(thing: str, player: object) -> str:
    """« Full de Marc », « Paire d’Inès »: a thing of a player, in the active language."""
    name = str(player)
    if name[:1].lower() in _ELIDED:
        return gettext("{thing} d’{player}").format(thing=thing, player=name)
    return gettext("{thing} de {player}").format(thing=thing, player=name)


def _text(summary: Mapping[str, Any]) -> str | None:
    """The text of a structured summary in the active language; for undo and redo, the
    sentence with its ``{summary}`` placeholder (the target's summary) still to fill.
    ``None`` for an action this code does not know."""
    action = actions.ACTIONS.get(str(summary.get("msg")))
    if action is None:
        return None
    return action.text(summary.get("params") or {})


def _structured(entry: Summarised, html: bool) -> str | None:
    """The structured summary of ``entry`` in the active language (safe HTML when ``html``),
    or ``None`` when it has none that renders (an entry written before it, an unknown id)."""
    data = entry.data if isinstance(entry.data, Mapping) else {}
    summary = data.get("summary")
    if not isinstance(summary, Mapping):
        return None
    try:
        text = _text(summary)
    except (KeyError, TypeError, ValueError):
        return None
    if text is None:
        return None
    if summary.get("msg") in ("undo", "redo"):
        if entry.target is None:
            return None
        inner = render(entry.target, html=html)
        if html:
            return format_html(conditional_escape(text), summary=inner)
        return text.format(summary=inner)
    return conditional_escape(text) if html else text


def render(entry: Summarised, *, html: bool = False) -> str:
    """The summary of ``entry`` in the active language: the one renderer of the Parties page,
    its status line, its Undo/Redo buttons and the API's ``history[].summary``.

    An undo or redo renders its target's summary inside its own sentence. An entry without a
    structured summary (written before it existed) shows its stored French ``summary``; with
    ``html=True`` that French text is marked ``<span lang="fr">``. ``html=True`` gives safe
    HTML (names escaped), ``html=False`` plain text (for JSON).
    """
    shown = _structured(entry, html)
    if shown is not None:
        return shown
    if html:
        return format_html('<span lang="fr">{}</span>', entry.summary)
    return entry.summary


def french(summary: Mapping[str, Any], target: Summarised | None = None) -> str:
    """The French text of a structured summary, stored in ``HistoryEntry.summary``."""
    probe = _Unsaved(data={"summary": dict(summary)}, target=target)
    with translation.override("fr"):
        return render(probe)


def values(entry: Summarised) -> tuple[str, str] | None:
    """What a write replaced and what it wrote, in the active language (``None`` when its
    action does not say: its summary is enough). An undo or redo shows its target's values the
    other way round or as they were."""
    target = entry.target if entry.action in ("undo", "redo") else entry
    if target is None:
        return None
    action = actions.ACTIONS.get(target.action)
    if action is None or action.values is None:
        return None
    try:
        pair = action.values(target.data)
    except (KeyError, TypeError, ValueError):
        return None
    return (pair[1], pair[0]) if entry.action == "undo" else pair
