"""What every game's pure answers share (docs/architecture.md): the typed getters of a request's
JSON object and of a page's fields, and the few words every answer writes the same way. Pure:
the engines only (an import contract checks it), run by the server and by the offline bundle
alike. Bad input raises the engines' :class:`InputError` naming the field."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engines.cards import InputError
from ..engines.i18n import gettext
from ..engines.numbers import parse_whole

#: An answer's JSON object.
Answer = dict[str, Any]
#: One answer: the request's (or the page's fields') JSON object → the answer's.
Answerer = Callable[[dict[str, Any]], Answer]


def required(data: dict[str, Any], field: str) -> Any:
    """``data[field]``, or an :class:`InputError` naming the missing field."""
    if field not in data or data[field] is None:
        raise InputError(
            field, gettext("Le champ « {field} » est obligatoire.").format(field=field)
        )
    return data[field]


def as_bool(data: dict[str, Any], field: str) -> bool:
    """``data[field]`` as a JSON boolean (absent: false)."""
    value = data.get(field, False)
    if not isinstance(value, bool):
        raise InputError(field, gettext("« {field} » vaut true ou false.").format(field=field))
    return value


def as_whole(data: dict[str, Any], field: str, default: int | None = None) -> int:
    """``data[field]`` as a JSON whole number (absent or null: ``default``; no default: an
    :class:`InputError` naming the missing field). ``"3"``, ``3.0`` and ``true`` are refused,
    as the API's schema refuses them, so a phone refuses what the server does."""
    value = data.get(field)
    if value is None:
        if default is None:
            return int(required(data, field))
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(field, gettext("« {field} » est un nombre entier.").format(field=field))
    return value


def as_list(value: Any, field: str) -> list[Any]:
    """``value`` when it is a JSON list, else an :class:`InputError` on ``field``."""
    if not isinstance(value, list):
        raise InputError(field, gettext("« {field} » doit être une liste.").format(field=field))
    return value


def text_field(data: dict[str, Any], field: str) -> str:
    """A page's text field (absent: empty)."""
    value = data.get(field)
    return value if isinstance(value, str) else ""


def choice_field(data: dict[str, Any], field: str, low: int, high: int, default: int) -> int:
    """A page's ``<select>`` of whole numbers (absent: ``default``)."""
    raw = data.get(field)
    if raw in (None, ""):
        return default
    value = parse_whole(raw)
    if value is None or not low <= value <= high:
        raise InputError(
            field, gettext("Choisissez une valeur de {low} à {high}.").format(low=low, high=high)
        )
    return value


def required_text(data: dict[str, Any], field: str) -> str:
    """A page's text field that must not be blank."""
    text = text_field(data, field)
    if not text.strip():
        raise InputError(field, gettext("Ce champ est obligatoire."))
    return text


def pair_text(label: object, value: object) -> str:
    """« label : value » as the language writes it (« label: value » in English)."""
    return gettext("{label} : {value}").format(label=label, value=value)


def points_text(total: int) -> str:
    """« 27 points » in the current language."""
    return gettext("{total} points").format(total=total)
