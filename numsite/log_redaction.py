"""One logging filter that keeps every capability token out of every log line: whoever reads
a token could edit the game, so every handler runs :class:`RedactTokensFilter`
(docs/deploy.md#3-the-tls-reverse-proxy).

The markers are the URLconf's token URL prefixes (:func:`numsite.tokens.token_prefixes`), read
once Django is set up; before that every ``/`` is a marker: better a word too many than a token.

After a marker (any case), the rest of its line is searched, not only the path: a token may
come after a space (a second link). Runs of the token alphabet are glued across what may split
a token without ending it (a percent-escape, a zero-width space, a soft hyphen), so a token
with a full stop, a quote or a line break stuck to it is found too. Only lowercase names are
kept (``claim_add``, ``rattacher``); any capital or digit makes a long run a token.
"""

from __future__ import annotations

import copy
import functools
import logging
import re
import threading
from typing import Any

from django.apps import apps
from django.conf import settings

REDACTED = "[redacted]"
#: Shorter segments are names (actions, pages) or ids; a half-copied token of 16+ characters is
#: still treated as a secret.
MIN_TOKEN_LENGTH = 16
#: the markers until the URLconf can be read: any path
FALLBACK_MARKERS = ("/",)

#: what may split a token without ending it: a percent-escape, an invisible character
_GLUE = r"(?:%[0-9A-Fa-f]{2}|[\u00ad\u200b-\u200d\u2060\ufeff])"
#: a run of the token alphabet, glued across what may split it; or a lone percent-escape
#: (kept, so that its digits are not taken for the token's start)
_RUN = re.compile(rf"[A-Za-z0-9_-]+(?:{_GLUE}+[A-Za-z0-9_-]+)*|%[0-9A-Fa-f]{{2}}")
_UNGLUE = re.compile(_GLUE)
#: plain words: lowercase names (a random token is one with probability (28/64)^32 ≈ 4e-12;
#: one capital or digit makes a run a token, even a word such as « OperationalError »)
_WORD = re.compile(r"[a-z_-]+")


def _redact_run(match: re.Match[str]) -> str:
    run = match.group()
    letters = _UNGLUE.sub("", run)
    if len(letters) < MIN_TOKEN_LENGTH or _WORD.fullmatch(letters):
        return run
    return REDACTED


def _redact_tail(match: re.Match[str]) -> str:
    return match.group(1) + match.group(2) + _RUN.sub(_redact_run, match.group(3))


@functools.lru_cache(maxsize=8)
def _tail(markers: tuple[str, ...]) -> re.Pattern[str]:
    """A marker (any case), what is not the token's right after it (a quotation mark, a line
    break…), then the path up to the next ASCII space (a decoded line break in it included) and
    the rest of the line where it ends."""
    alternatives = "|".join(re.escape(m) for m in markers)
    return re.compile(
        rf"({alternatives})((?:{_GLUE}|[^A-Za-z0-9_-])*)([^ ]*[^\n\r]*)", re.IGNORECASE
    )


_reading = threading.local()


@functools.lru_cache(maxsize=8)
def _markers_of(urlconf: str) -> tuple[str, ...]:
    # Imported when first asked: settings' LOGGING and gunicorn.conf.py load this module before
    # Django is set up, and the URL machinery is not needed until a line is logged.
    from .tokens import minimal_markers, token_prefixes

    return tuple(m.lower() for m in minimal_markers(token_prefixes(urlconf))) or FALLBACK_MARKERS


def markers() -> tuple[str, ...]:
    """The token URL prefixes of the URLconf, none part of another (``/parties/``,
    ``/tablees/``…); :data:`FALLBACK_MARKERS` while Django is not ready, or while the URLconf
    is being imported (a line logged by an import)."""
    if not settings.configured or not apps.ready or getattr(_reading, "busy", False):
        return FALLBACK_MARKERS
    _reading.busy = True
    try:
        return _markers_of(settings.ROOT_URLCONF)
    except Exception:  # a URLconf that does not import: its error is logged, never hidden
        return FALLBACK_MARKERS
    finally:
        _reading.busy = False


def _holds_marker(text: str, found: tuple[str, ...]) -> bool:
    lowered = text.lower()
    return any(m in lowered for m in found)


def redact(text: str) -> str:
    """``text`` with every token-like run after a token URL prefix (any case) on its line
    replaced."""
    found = markers()
    if not _holds_marker(text, found):
        return text
    return _tail(found).sub(_redact_tail, text)


def _redact_value(value: Any) -> Any:
    """A log argument, redacted; numbers and other plain values are kept as they are."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, bytes):
        text = value.decode("latin-1")
        redacted = redact(text)
        return value if redacted == text else redacted.encode("latin-1")
    try:
        text = str(value)
    except Exception:  # a broken __str__ must not break logging
        return value
    redacted = redact(text)
    return value if redacted == text else redacted


_REQUEST_META = (
    "PATH_INFO",
    "REQUEST_URI",
    "RAW_URI",
    "HTTP_REFERER",
    "HTTP_ORIGIN",
    "HTTP_HX_CURRENT_URL",
    "QUERY_STRING",
)


def _redacted_request(request: Any) -> Any:
    """A shallow copy of a Django request whose path and path-bearing headers are redacted.

    ``django.request`` records carry the request (an e-mail or Sentry handler would print its
    path and headers); the live request is left untouched.
    """
    paths = [getattr(request, "path", ""), getattr(request, "path_info", "")]
    meta = getattr(request, "META", None)
    values = paths + [str(meta.get(k, "")) for k in _REQUEST_META] if isinstance(meta, dict) else []
    found = markers()
    if not any(_holds_marker(v, found) for v in values):
        return request
    clone = copy.copy(request)
    for attr in ("path", "path_info"):
        if isinstance(getattr(request, attr, None), str):
            setattr(clone, attr, redact(getattr(request, attr)))
    if isinstance(meta, dict):
        clone.META = {
            k: (redact(v) if k in _REQUEST_META and isinstance(v, str) else v)
            for k, v in meta.items()
        }
    return clone


class RedactTokensFilter(logging.Filter):
    """Redacts capability tokens in a record's message, arguments, request and traceback.

    Never drops a record (always returns True); attach it to every handler.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        else:
            record.msg = _redact_value(record.msg)
        if isinstance(record.args, dict):
            # In place: gunicorn's access atoms are a dict subclass whose lookups of absent
            # keys answer "-"; a plain dict would break its format.
            for key, value in list(record.args.items()):
                redacted = _redact_value(value)
                if redacted is not value:
                    record.args[key] = redacted
        elif isinstance(record.args, tuple):
            record.args = tuple(_redact_value(a) for a in record.args)
        request = getattr(record, "request", None)
        if request is not None:
            record.request = _redacted_request(request)
        if record.exc_info and not record.exc_text:
            # Formatters reuse exc_text when set: format the traceback once, redacted.
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True
