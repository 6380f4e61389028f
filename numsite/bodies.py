"""Request bodies whatever their framing: a declared ``Content-Length``, or a chunked body.

Django reads exactly ``CONTENT_LENGTH`` bytes of a body, and none when it is absent: a chunked
body that gunicorn decoded whole would still read as empty (a Parties undo would skip its
``if_version`` check, a calculator would see no JSON). :func:`frame_body` gives it its length
first; a body is never taken for empty.

Under gunicorn every body is read whole before the view runs, within ``REQUEST_BODY_TIMEOUT``
(:func:`read_in_time`): a client sending a byte at a time would otherwise hold a server thread
for as long as it likes (docs/deploy.md#3-the-tls-reverse-proxy).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext, gettext_noop

from .watchdog import WATCHDOG, Ticket

#: how every JSON answer of the site is written (a request's body in, its answer out): UTF-8 as
#: it is, « é » not « \u00e9 » (the API's answers, its errors and the project's own 4xx/5xx)
JSON_DUMPS = {"ensure_ascii": False}

TOO_SLOW = gettext_noop("Le corps de la requête arrive trop lentement : renvoyez-la.")


class FramingError(Exception):
    """A body whose framing the site cannot read: its HTTP status and message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def frame_body(request: HttpRequest) -> None:
    """Give a WSGI request's transfer-coded body a declared length (or a :class:`FramingError`).

    A request with a ``Content-Length`` and no ``Transfer-Encoding`` is left alone, as is one
    from an ASGI server (which reads the body itself). Once framed, the request carries its
    ``CONTENT_LENGTH`` and no ``HTTP_TRANSFER_ENCODING``: framing it again changes nothing.
    """
    meta = request.META
    if "HTTP_TRANSFER_ENCODING" not in meta or "wsgi.input" not in meta:
        return
    if meta.get("CONTENT_LENGTH"):
        # Two lengths that may disagree: the classic request-smuggling shape (RFC 9112 § 6.1).
        raise FramingError(
            400, gettext("Content-Length et Transfer-Encoding à la fois : requête refusée.")
        )
    if not meta.get("wsgi.input_terminated"):
        # A server that does not decode the chunks (Django's runserver): the raw stream is not
        # the body, and nothing says where the body ends.
        raise FramingError(
            411,
            gettext(
                "Indiquez la longueur du corps (Content-Length) : ce serveur ne lit pas l’envoi par morceaux."
            ),
        )
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    stream = meta["wsgi.input"]
    chunks: list[bytes] = []
    size = 0
    with _deadline(request) as ticket:
        try:
            while limit is None or size <= limit:
                chunk = stream.read(65536 if limit is None else limit + 1 - size)
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
        except OSError:  # a chunk cut short or malformed (gunicorn's errors are OSErrors)
            if ticket is not None and ticket.fired:
                raise FramingError(408, gettext(TOO_SLOW)) from None
            raise FramingError(
                400, gettext("Le corps de la requête est incomplet ou mal découpé en morceaux.")
            ) from None
    if limit is not None and size > limit:
        raise FramingError(
            413, gettext("La requête dépasse {value} Kio.").format(value=limit // 1024)
        )
    body = b"".join(chunks)
    # What Django reads the body from (WSGIRequest puts a LimitedStream of CONTENT_LENGTH
    # bytes there, empty without one): the body read above, with its length.
    request._stream = io.BytesIO(body)
    request._body = body  # read: read_in_time has nothing left to wait for
    meta["CONTENT_LENGTH"] = str(len(body))
    del meta["HTTP_TRANSFER_ENCODING"]


@contextmanager
def _deadline(request: HttpRequest) -> Iterator[Ticket | None]:
    """The reads inside run within ``REQUEST_BODY_TIMEOUT`` under gunicorn (which hands the
    connection's socket over as ``gunicorn.socket``); with no socket, no deadline (``None``)."""
    sock = request.META.get("gunicorn.socket")
    if sock is None:
        yield None
        return
    ticket = WATCHDOG.watch(sock, settings.REQUEST_BODY_TIMEOUT)
    try:
        yield ticket
    finally:
        WATCHDOG.release(ticket)


def read_in_time(request: HttpRequest) -> None:
    """Read a declared body whole now, within ``REQUEST_BODY_TIMEOUT`` (under gunicorn), or a
    :class:`FramingError`: 408 past the deadline, 400 for a body the client cut short.

    Call it once the declared length is known to be within the cap; the view then reads the
    body from memory (``request.body``).
    """
    meta = request.META
    if "gunicorn.socket" not in meta or hasattr(request, "_body"):
        return
    try:
        declared = int(meta.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return  # refused by the caller
    if declared <= 0:
        return
    with _deadline(request) as ticket:
        try:
            body = request.body
        except OSError:  # Django's UnreadablePostError: the connection failed mid-body
            body = b""
    if len(body) < declared:  # whole, it is taken even if the deadline passed meanwhile
        if ticket is not None and ticket.fired:
            raise FramingError(408, gettext(TOO_SLOW))
        raise FramingError(400, gettext("Le corps de la requête est incomplet."))
