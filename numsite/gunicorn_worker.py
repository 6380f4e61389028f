"""gunicorn's ``gthread`` worker with a deadline on reading each request's headers.

gunicorn reads a request's headers with a blocking read and no overall time limit, so a client
sending them a byte at a time holds a thread (numsite/watchdog.py): here they must be whole
within ``GUNICORN_HEADER_TIMEOUT`` seconds. The body's deadline is the site's own
(numsite/bodies.py), so that it holds under any WSGI server.

A stopping worker drains its connections instead of closing them at once, as gunicorn's loop
does, which left a request the proxy was sending at that moment unanswered
(docs/deploy.md#4-the-service-systemd). It serves what arrives on the connections it holds
with ``Connection: close`` and closes an idle one only at its usual keep-alive time-out.
"""

from __future__ import annotations

import os
import selectors
import threading
import time
from concurrent import futures
from functools import partial
from typing import Any

from gunicorn.workers.gthread import ThreadWorker

from numsite.watchdog import WATCHDOG, Ticket


def header_timeout() -> float:
    try:
        return max(1.0, float(os.environ.get("GUNICORN_HEADER_TIMEOUT", "10")))
    except ValueError:
        return 10.0


class DeadlineThreadWorker(ThreadWorker):
    """``gthread``, each request's headers read within a deadline, draining when it stops."""

    # set by ``init_process`` before ``run`` (``None`` in ``__init__``)
    poller: selectors.BaseSelector
    tpool: futures.ThreadPoolExecutor
    _lock: threading.RLock

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

    def run(self) -> None:
        """gunicorn's loop (``ThreadWorker.run``, the same steps), then :meth:`drain` instead of
        closing every connection at once."""
        self._settled: set[Any] = set()
        for sock in self.sockets:
            sock.setblocking(False)
            acceptor = partial(self.accept, sock.getsockname())
            self.poller.register(sock, selectors.EVENT_READ, acceptor)
        while self.alive:
            self.notify()
            if self.nr_conns < self.worker_connections:
                for key, _ in self.poller.select(1.0):
                    key.data(key.fileobj)
                self._collect(0)
            else:
                self._collect(1.0)
            if not self.is_parent_alive():
                break
            self.murder_keepalived()
        for sock in self.sockets:  # no new connection: the other workers take them
            self.poller.unregister(sock)
            sock.close()
        self.drain()

    def finish_request(self, fs: Any) -> None:
        """gunicorn's callback when a request is over (it keeps or closes the connection),
        except for an answer sent as kept alive just before the worker was told to stop (by a
        request of another thread): the client may already be sending its next request on it,
        so the drain keeps it and serves that request, where gunicorn would close it."""
        try:
            if not self.alive and not fs.cancelled() and fs.exception() is None:
                keepalive, conn = fs.result()
                if keepalive:
                    conn.sock.setblocking(False)
                    conn.set_timeout()
                    with self._lock:
                        self._keep.append(conn)
                        self.poller.register(
                            conn.sock,
                            selectors.EVENT_READ,
                            partial(self.on_client_socket_readable, conn),
                        )
                    return
            super().finish_request(fs)
        finally:
            self._settled.add(fs)

    def _collect(self, timeout: float) -> None:
        """Forget the requests that are over and whose connection :meth:`finish_request` has
        kept or closed (a future is done a moment before its callback has run)."""
        done = futures.wait(self.futures, timeout=timeout, return_when=futures.FIRST_COMPLETED)
        for future in done.done:
            if future in self._settled:
                self._settled.discard(future)
                self.futures.remove(future)

    def drain(self) -> None:
        """Serve the connections already held until none is left, or ``graceful_timeout``."""
        now = time.monotonic()
        deadline = now + self.cfg.graceful_timeout
        # an accepted connection whose request has not come yet gets a kept-alive one's grace
        grace = {id(conn): now + self.cfg.keepalive for conn in self._held()}
        while time.monotonic() < deadline and (self.futures or self._held()):
            self.notify()
            for key, _ in self.poller.select(0.1):
                key.data(key.fileobj)  # its request is served, answered with Connection: close
            self._collect(0)
            self.murder_keepalived()
            now = time.monotonic()
            for conn in self._held():
                if not conn.initialized and grace.get(id(conn), deadline) <= now:
                    with self._lock:
                        self.poller.unregister(conn.sock)
                    self.nr_conns -= 1
                    conn.close()
            if not self.is_parent_alive():
                break
        self.tpool.shutdown(False)
        self.poller.close()
        futures.wait(self.futures, timeout=max(0.0, deadline - time.monotonic()))

    def _held(self) -> list[Any]:
        """The client connections in the poller: kept alive, or accepted and not yet read (the
        listeners are out of it by now)."""
        return [key.data.args[0] for key in list(self.poller.get_map().values())]
