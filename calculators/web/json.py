"""The JSON API's shared pieces: the error answer, the one body reader, the typed request
schemas' base, the mapping of their refusals to the site's errors, the calculator endpoint
helper and the getters (decode → engine → encode; no state, no cookies, CSRF-exempt)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext
from ninja import Field, Router, Schema
from ninja.decorators import decorate_view
from ninja.errors import ValidationError
from ninja.parser import Parser
from pydantic import ConfigDict

from numsite.bodies import JSON_DUMPS, FramingError, frame_body

from ..engines.cards import InputError


def error(field: str, message: str, status: int = 400, **extra: Any) -> JsonResponse:
    """The API's error answer, ``{"error": {"field", "message"}}`` (docs/api.md § Errors);
    ``extra`` adds top-level keys (the Parties API's ``party``)."""
    return JsonResponse(
        {"error": {"field": field, "message": message}, **extra},
        status=status,
        json_dumps_params=JSON_DUMPS,
    )


class Refused(Exception):
    """A request the API refuses before its operation runs (its token, its
    ``Idempotency-Key``, its body): the field, message and HTTP status of its
    ``{"error": …}`` answer, given by the API's exception handler (:func:`refused`)."""

    def __init__(self, message: str, status: int = 400, field: str = "body") -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.status = status


class BodyError(Refused):
    """A request body the API cannot read: its field (``body``, or the top-level field that
    holds what cannot be read), message and HTTP status."""


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
    not_json = BodyError(gettext("Le corps de la requête n’est pas du JSON valide."))
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
        data = json.loads(text, parse_constant=float, object_pairs_hook=_unique_keys)
    except DuplicateKey as err:
        raise BodyError(
            gettext("La clé « {key} » apparaît deux fois dans un même objet JSON.").format(
                key=err.key if not _flaw(err.key) else "?"
            )
        ) from None
    except (ValueError, RecursionError):
        raise not_json from None
    if not isinstance(data, dict):
        raise BodyError(gettext("Le corps de la requête doit être un objet JSON."))
    check_values(data)
    return data


class DuplicateKey(ValueError):
    """An object of the body names the same key twice (which of the two would count is
    ambiguous: refused rather than guessed)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise DuplicateKey(key)
        obj[key] = value
    return obj


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
                    "« {field} » contient un caractère invalide (U+D800 à U+DFFF, une moitié de paire UTF-16 isolée) : ce n’est pas du texte Unicode valide."
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


# --------------------------------------------------------------------------- the typed API
# Request schemas are strict (a string or a bool is no number) and validate before any engine
# runs; the body is still read by :func:`read_json`, so every refusal keeps the site's shape
# ``{"error": {"field", "message"}}``. Answers are sent as the endpoints build them: the answer
# schemas only document them (the fuzzing tests check that they agree).


class Body(Schema):
    """A request body: strict types, unknown keys ignored (and kept for the engines)."""

    model_config = ConfigDict(strict=True, extra="allow")


class Item(Schema):
    """An object inside a request body, as strict as the body."""

    model_config = ConfigDict(strict=True, extra="allow")


class ErrorDetail(Schema):
    field: str = Field(description="The request field at fault (`body`, `path`, `token`…).")
    message: str = Field(description="A sentence in the request's language naming the value.")


class ErrorOut(Schema):
    """The answer to bad input (400), an unknown path or token (404), a read link used to
    write (403), a wrong method (405), a body too big (413) or too many requests (429)."""

    error: ErrorDetail


#: The refusals every endpoint may answer, for the schema.
ERRORS: dict[int, type[Schema]] = {400: ErrorOut, 405: ErrorOut, 411: ErrorOut, 413: ErrorOut}


class JsonParser(Parser):
    """The body as :func:`read_json` reads it (once per request: :func:`reads_body` reads it
    before the schemas are validated, so that its refusals keep their status and field)."""

    def parse_body(self, request: HttpRequest) -> dict[str, Any]:
        data = getattr(request, "numsite_json", None)
        if data is None:
            data = read_json(request)
        return data


def keep_json(request: HttpRequest, data: dict[str, Any]) -> None:
    """Keep the body read for :class:`JsonParser`; an empty body (allowed) reads as ``{}``,
    so that the schema, not ninja's default, says what is missing."""
    request.numsite_json = data  # type: ignore[attr-defined]
    if not request.body:
        request._body = b"{}"


def reads_body(empty_ok: bool = False) -> Callable[[Handler], Handler]:
    """A decorator of an operation's ``run``: the body read by :func:`read_json` (its 400,
    411 and 413 answered here), kept on the request for :class:`JsonParser`."""

    def decorator(run: Handler) -> Handler:
        @wraps(run)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            try:
                keep_json(request, read_json(request, empty_ok=empty_ok))
            except BodyError as err:
                return error(err.field, err.message, err.status)
            return run(request, *args, **kwargs)

        return wrapper

    return decorator


Handler = Callable[..., HttpResponse]


def _where(loc: tuple[int | str, ...]) -> str:
    """``("players", 0, "plus")`` → ``players[0].plus``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def validation_message(kind: str, where: str, value: object) -> str:
    """The sentence for one schema refusal (a pydantic error ``kind``), naming the field."""
    if kind == "missing" or value is None:
        return gettext("Le champ « {field} » est obligatoire.").format(field=where)
    if kind.startswith("int_"):
        return gettext("« {field} » est un nombre entier.").format(field=where)
    if kind.startswith("bool_"):
        return gettext("« {field} » vaut true ou false.").format(field=where)
    if kind.startswith("string_"):
        return gettext("« {field} » est un texte.").format(field=where)
    if kind.startswith("list_"):
        return gettext("« {field} » doit être une liste.").format(field=where)
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return gettext("« {field} » est un objet JSON.").format(field=where)
    return gettext("« {field} » n’a pas le type attendu.").format(field=where)


def validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    """Ninja's validation error as the site's: the first refusal, its top-level field."""
    first = exc.errors[0]
    # ninja's place of a refusal: ("body", <the body parameter's name>, *the path in the body),
    # or ("path" | "query", <the parameter's name>)
    loc = tuple(first.get("loc") or ())
    if loc[:1] == ("body",):
        loc = loc[2:]
    elif loc[:1] in (("path",), ("query",)):
        loc = loc[1:]
    if not loc:
        return error("body", gettext("Le corps de la requête doit être un objet JSON."))
    value: Any = getattr(request, "numsite_json", None)  # the value at fault, as sent
    for part in loc:
        try:
            value = value[part]
        except (KeyError, IndexError, TypeError):
            value = None
            break
    where = _where(loc)
    return error(str(loc[0]), validation_message(str(first.get("type")), where, value))


def input_error(request: HttpRequest, exc: InputError) -> HttpResponse:
    return error(exc.field, exc.message)


def refused(request: HttpRequest, exc: Refused) -> HttpResponse:
    return error(exc.field, exc.message, exc.status)


def method_not_allowed(view: Handler, methods: list[str]) -> Handler:
    """The site's 405 (JSON, ``Allow`` in the declared order) for a ninja path view."""

    if "GET" in methods:
        methods = [*methods, "HEAD"]

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method == "HEAD" and "GET" in methods:
            # the GET operation answers; the body is dropped on the way out (numsite.security)
            request.method = "GET"
            try:
                return view(request, *args, **kwargs)
            finally:
                request.method = "HEAD"
        if request.method not in methods:
            if methods == ["POST"] and not kwargs:
                message = gettext("Cette adresse n’accepte que POST.")
            else:
                message = gettext("Méthode non acceptée : {methods}.").format(
                    methods=", ".join(methods)
                )
            response = error("method", message, 405)
            response["Allow"] = ", ".join(methods)
            return response
        return view(request, *args, **kwargs)

    wrapper.csrf_exempt = True  # type: ignore[attr-defined]
    return wrapper


def calculator(
    router: Router, path: str, *, url_name: str, summary: str, response: type[Schema]
) -> Callable[[Handler], Handler]:
    """A calculator endpoint: ``POST`` on ``path`` of the game's ``router``, its body read by
    :func:`read_json`, its answer documented by ``response`` (and the refusals)."""

    def decorator(view: Handler) -> Handler:
        router.post(path, response={200: response, **ERRORS}, url_name=url_name, summary=summary)(
            view
        )
        decorate_view(reads_body())(view)
        return view

    return decorator


def answer(data: dict[str, Any], status: int = 200) -> JsonResponse:
    """An endpoint's answer, byte for byte as it always was."""
    return JsonResponse(data, status=status, json_dumps_params=JSON_DUMPS)
