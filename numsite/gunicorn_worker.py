"""gunicorn's ``gthread`` worker with a deadline on reading each request's headers.

A thread of the pool is given to a connection as soon as its first bytes arrive; gunicorn then
reads the request's headers with a blocking read and no overall time limit, so a client that
sends them a byte at a time holds the thread (numsite/watchdog.py). Here the headers must be
whole within ``GUNICORN_HEADER_TIMEOUT`` seconds (10 by default) of the thread starting on
them, or the connection is closed. The body has its own deadline, kept by the site itself
(``REQUEST_BODY_TIMEOUT``, numsite/bodies.py), so that it holds under any WSGI server.
"""

from __future__ import annotations

import os
from typing import Any

from gunicorn.workers.gthread import ThreadWorker

from numsite.watchdog import WATCHDOG, Ticket


def header_timeout() -> float:
    try:
        return max(1.0, float(os.environ.get("GUNICORN_HEADER_TIMEOUT", "10")))
    except ValueError:
        return 10.0


class DeadlineThreadWorker(ThreadWorker):
    """``gthread``, each request's headers read within a deadline."""

    def handle(self, conn: Any) -> Any:
        ticket: Ticket = WATCHDOG.watch(conn.sock, header_timeout())
        conn.header_deadline = ticket
        try:
            return super().handle(conn)
        finally:
            WATCHDOG.release(ticket)

    def handle_request(self, req: Any, conn: Any) -> Any:
        # The headers are read: the deadline is over (the body has its own).
        WATCHDOG.release(getattr(conn, "header_deadline", None))
        return super().handle_request(req, conn)
