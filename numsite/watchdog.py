"""Deadlines on reading a client's request, so that a slow client cannot hold a server thread.

A client that sends its headers or body a byte every few seconds (a "slowloris") holds a
``gthread`` thread for as long as it likes, and a few dozen take every thread of the server. A
per-read socket time-out does not help (each byte arrives in time).

When a whole read's deadline passes, the socket's reading side is shut (``SHUT_RD``): the
blocked read returns as if the client had stopped, while the writing side stays open for the
408. One thread per process keeps the deadlines, started on first use (after gunicorn forks).
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import os
import socket
import threading
import time
from dataclasses import dataclass, field


@dataclass
class Ticket:
    """One watched read: ``fired`` once its deadline passed with the read still going."""

    deadline: float
    sock: socket.socket = field(repr=False)
    done: bool = False
    fired: bool = False


class Watchdog:
    """Shuts the reading side of sockets whose read outlived its deadline."""

    def __init__(self) -> None:
        self._pid = 0
        self._condition = threading.Condition()
        self._heap: list[tuple[float, int, Ticket]] = []
        self._order = itertools.count()

    def watch(self, sock: socket.socket, seconds: float) -> Ticket:
        """Starts watching a read of ``sock`` for ``seconds``; :meth:`release` it when read."""
        ticket = Ticket(time.monotonic() + seconds, sock)
        with self._condition:
            if self._pid != os.getpid():  # first use in this process (or after a fork)
                self._pid = os.getpid()
                self._heap = []
                threading.Thread(target=self._run, name="read-deadlines", daemon=True).start()
            heapq.heappush(self._heap, (ticket.deadline, next(self._order), ticket))
            self._condition.notify()
        return ticket

    def release(self, ticket: Ticket | None) -> None:
        """The read is over (in time or not): its deadline no longer applies."""
        if ticket is not None:
            with self._condition:
                ticket.done = True

    def _run(self) -> None:
        pid = os.getpid()
        with self._condition:
            while self._pid == pid:
                while self._heap and self._heap[0][2].done:
                    heapq.heappop(self._heap)
                if not self._heap:
                    self._condition.wait()
                    continue
                wait = self._heap[0][0] - time.monotonic()
                if wait > 0:
                    self._condition.wait(wait)
                    continue
                _, _, ticket = heapq.heappop(self._heap)
                ticket.done = ticket.fired = True
                with contextlib.suppress(OSError):  # already closed by the client or the server
                    ticket.sock.shutdown(socket.SHUT_RD)


#: The process's watchdog (gunicorn's worker and the body reader share it).
WATCHDOG = Watchdog()
