"""The JSON API's shared pieces: the error answer, the one body reader, the endpoint wrapper
and the typed getters (decode → engine → encode; no state, no cookies, CSRF-exempt)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt

from numsite.bodies import FramingError, frame_body

from ..engines.cards import InputError

JSON_DUMPS = {"ensure_ascii": False}


def error(field: str, message: str, status: int = 400, **extra: Any) -> JsonResponse:
    """The API's error answer, ``{"error": {"field", "message"}}`` (docs/api.md § Errors);
    ``extra`` adds top-level keys (the Parties API's ``party``)."""
    return JsonResponse(
        {"error": {"field": field, "message": message}, **extra},
        status=status,
        json_dumps_params=JSON_DUMPS,
    )


class BodyError(Exception):
    """A request body the API cannot read: its field (``body``, or the top-level field that
    holds what cannot be read), message and HTTP status."""

    def __init__(self, message: str, status: int = 400, field: str = "body") -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.status = status


#: JSON nested deeper than this is bad input (400), checked before decoding: a deep body must
#: never reach the recursive decoder.
MAX_JSON_DEPTH = 32


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


_JSON_BRACKET = re.compile(r"[\[\]{}]")


def json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text``, brackets inside strings ignored.

    A linear scan, so a body of 64 KiB of ``[`` costs one pass and never recurses.
    """
    depth = deepest = 0
    for match in _JSON_BRACKET.finditer(_JSON_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def read_json(request: HttpRequest, *, empty_ok: bool = False) -> dict[str, Any]:
    """The request's JSON object, or a :class:`BodyError`: over 64 KiB (413), chunked where
    the server does not say where the body ends (411, :func:`numsite.bodies.frame_body`), not
    UTF-8 or not JSON, nested deeper than :data:`MAX_JSON_DEPTH`, not an object, or holding a
    lone surrogate or a non-finite number (400, :func:`check_values`). ``empty_ok``: an empty
    body is ``{}`` (the Parties API's undo, finish…). One reader for every endpoint, whatever
    the body's framing."""
    limit = settings.API_MAX_BODY
    too_big = BodyError(gettext("La requête dépasse 64 Kio."), 413)
    try:
        frame_body(request)  # a chunked body, when no middleware framed it already
    except FramingError as err:
        raise BodyError(err.message, err.status) from None
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > limit:
        raise too_big
    try:
        body = request.body
    except RequestDataTooBig:
        raise too_big from None
    if len(body) > limit:
        raise too_big
    not_json = BodyError(gettext("Le corps de la requête n'est pas du JSON valide."))
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise not_json from None
    if empty_ok and not text.strip():
        return {}
    if json_depth(text) > MAX_JSON_DEPTH:
        raise BodyError(
            gettext("Le JSON est imbriqué sur plus de {MAX_JSON_DEPTH} niveaux : refusé.").format(
                MAX_JSON_DEPTH=MAX_JSON_DEPTH
            )
        )
    try:
        # Python reads Infinity, -Infinity and NaN, which JSON has not, as floats (as it reads
        # 1e999): refused below with the field that holds them.
        data = json.loads(text, parse_constant=float)
    except (ValueError, RecursionError):
        raise not_json from None
    if not isinstance(data, dict):
        raise BodyError(gettext("Le corps de la requête doit être un objet JSON."))
    check_values(data)
    return data


#: Half of a UTF-16 surrogate pair. Strict UTF-8 never decodes to one, but a JSON escape
#: (``"\ud800"``) does: such a string is no Unicode text, and cannot even be written back as
#: UTF-8 (an error message echoing it would fail to encode).
_SURROGATE = re.compile("[\ud800-\udfff]")


def _flaw(value: Any) -> str | None:
    """``"text"`` when ``value`` holds, at any depth, a string with a lone surrogate,
    ``"number"`` when it holds a non-finite number, else ``None``."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not item.isascii() and _SURROGATE.search(item):
                return "text"
        elif isinstance(item, float):
            if not math.isfinite(item):
                return "number"
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
    return None


def check_values(data: dict[str, Any]) -> None:
    """A :class:`BodyError` naming the field (the top-level key) whose value holds text that is
    not Unicode (a lone surrogate) or a number that is not finite (``Infinity``, ``NaN``,
    ``1e999``); a key that is not Unicode is the body's fault."""
    for key, value in data.items():
        flaw = _flaw(key)
        field = "body" if flaw else key
        flaw = flaw or _flaw(value)
        if flaw == "text":
            raise BodyError(
                gettext(
                    "« {field} » contient un caractère invalide (U+D800 à U+DFFF, une moitié de paire UTF-16 isolée) : ce n'est pas du texte Unicode valide."
                ).format(field=field),
                field=field,
            )
        if flaw == "number":
            raise BodyError(
                gettext(
                    "« {field} » : les nombres infinis ou indéfinis (Infinity, NaN, 1e999…) ne sont pas acceptés."
                ).format(field=field),
                field=field,
            )


def json_api(
    view: Callable[[dict[str, Any]], dict[str, Any]],
) -> Callable[[HttpRequest], JsonResponse]:
    """POST-only JSON endpoint: 405 other methods, 413 over 64 KiB, 400 on any bad input."""

    @csrf_exempt
    @wraps(view)
    def wrapper(request: HttpRequest) -> JsonResponse:
        if request.method != "POST":
            response = error("method", gettext("Cette adresse n'accepte que POST."), 405)
            response["Allow"] = "POST"
            return response
        try:
            data = read_json(request)
        except BodyError as err:
            return error(err.field, err.message, err.status)
        try:
            return JsonResponse(view(data), json_dumps_params=JSON_DUMPS)
        except InputError as err:
            return error(err.field, err.message)

    return wrapper


def required(data: dict[str, Any], field: str) -> Any:
    if field not in data or data[field] is None:
        raise InputError(
            field, gettext("Le champ « {field} » est obligatoire.").format(field=field)
        )
    return data[field]


def as_bool(data: dict[str, Any], field: str) -> bool:
    value = data.get(field, False)
    if not isinstance(value, bool):
        raise InputError(field, gettext("« {field} » vaut true ou false.").format(field=field))
    return value


def as_list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(field, gettext("« {field} » doit être une liste.").format(field=field))
    return value
