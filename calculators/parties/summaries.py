"""History summaries in the reader's language (issue #14).

A write records, beside its French ``HistoryEntry.summary`` (kept for the admin and as the
fallback of entries written before this module), a *structured* summary in its ``data``:
``data["summary"] = {"msg": "<message id>", "params": {...}}``. The parameters are raw values
only (players' names, numbers, combination *codes*), never French text: the summary is
rendered when it is shown, by :func:`render`, in the active language (French by default,
English on ``/en/`` pages and for ``Accept-Language: en`` in the API), the combination's name
through the engine's own translation (:attr:`Combo.label <calculators.engines.numcheck.Combo>`).
An undo or redo renders its target entry's summary (``HistoryEntry.target``), so it follows the
reader's language too.

The French text stored in ``summary`` is :func:`render` of the structured summary with French
active: one wording, not two.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.utils import translation
from django.utils.html import conditional_escape, format_html
from django.utils.translation import gettext, ngettext

from ..engines import i18n as engine_i18n
from ..engines import numcheck

if TYPE_CHECKING:
    from .models import HistoryEntry

#: The message ids and the parameters each takes (a test checks every id renders in French
#: exactly as the former f-strings did, and in English).
MESSAGES: dict[str, tuple[str, ...]] = {
    "create": ("players",),
    "rename": ("before", "after"),
    "player_add": ("name",),
    "claim_add": ("player", "combo", "rank"),
    "claim_edit": ("player", "combo", "rank"),
    "claim_delete": ("player", "combo", "rank"),
    "grid_set": ("player", "count"),
    "round_add": ("number",),
    "round_edit": ("number", "players"),
    "round_delete": ("number",),
    "turn": ("turn", "number"),
    "round_tally": ("number", "turns"),
    "finish": (),
    "reopen": (),
    "rotate": (),
    "undo": (),  # the target entry's summary, rendered recursively
    "redo": (),
}


def message(msg: str, **params: Any) -> dict[str, Any]:
    """A structured summary: a message id of :data:`MESSAGES` and its raw parameters."""
    if msg not in MESSAGES or set(params) != set(MESSAGES[msg]):
        raise ValueError(f"summary {msg!r} takes {MESSAGES.get(msg)}, not {sorted(params)}")
    return {"msg": msg, "params": params}


def _combo(code: object) -> str:
    """A combination's name from its code, in the active language (the engine's translation)."""
    combo = numcheck.COMBOS_BY_KEY.get(str(code))
    if combo is None:
        return str(code)
    with engine_i18n.use_language(translation.get_language()):
        return combo.label


def _names(names: object) -> str:
    return ", ".join(str(n) for n in names) if isinstance(names, list | tuple) else str(names)


def _text(summary: Mapping[str, Any]) -> str | None:
    """The text of a structured summary in the active language; for undo and redo, the
    sentence with its ``{summary}`` placeholder (the target's summary) still to fill.
    ``None`` for a message id this code does not know."""
    msg = summary.get("msg")
    p = summary.get("params") or {}
    match msg:
        case "create":
            return gettext("Partie créée : {players}").format(players=_names(p["players"]))
        case "rename":
            return gettext("{before} renommé(e) {after}").format(
                before=p["before"], after=p["after"]
            )
        case "player_add":
            return gettext("{name} rejoint la partie").format(name=p["name"])
        case "claim_add":
            return gettext("{player} : {combo} (rang {rank})").format(
                player=p["player"], combo=_combo(p["combo"]), rank=p["rank"]
            )
        case "claim_edit":
            return gettext("{player} : {combo} corrigé (rang {rank})").format(
                player=p["player"], combo=_combo(p["combo"]), rank=p["rank"]
            )
        case "claim_delete":
            return gettext("{player} : {combo} supprimé (rang {rank})").format(
                player=p["player"], combo=_combo(p["combo"]), rank=p["rank"]
            )
        case "grid_set":
            count = int(p["count"])
            return ngettext(
                "Grille de {player} ({count} case)", "Grille de {player} ({count} cases)", count
            ).format(player=p["player"], count=count)
        case "round_add":
            return gettext("Manche {number} ajoutée").format(number=p["number"])
        case "round_edit":
            return gettext("Manche {number} corrigée ({players})").format(
                number=p["number"], players=_names(p["players"])
            )
        case "round_delete":
            return gettext("Manche {number} supprimée").format(number=p["number"])
        case "turn":
            return gettext("Tour {turn} de la manche {number}").format(
                turn=p["turn"], number=p["number"]
            )
        case "round_tally":
            turns = int(p["turns"])
            return ngettext(
                "Manche {number} reportée après {turns} tour(s)",
                "Manche {number} reportée après {turns} tour(s)",
                turns,
            ).format(number=p["number"], turns=turns)
        case "finish":
            return gettext("Partie terminée")
        case "reopen":
            return gettext("Partie rouverte")
        case "rotate":
            return gettext("Nouveaux liens de partage")
        case "undo":
            return gettext("Annulé : {summary}")
        case "redo":
            return gettext("Rétabli : {summary}")
    return None


def _structured(entry: HistoryEntry, html: bool) -> str | None:
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


def render(entry: HistoryEntry, *, html: bool = False) -> str:
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


def french(summary: Mapping[str, Any], target: HistoryEntry | None = None) -> str:
    """The French text of a structured summary, stored in ``HistoryEntry.summary``."""
    from .models import HistoryEntry

    probe = HistoryEntry(data={"summary": dict(summary)}, target=target, summary="")
    with translation.override("fr"):
        return render(probe)
