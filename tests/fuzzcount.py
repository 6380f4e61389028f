"""A pytest plugin for ``make fuzz``: counts the requests the site handled during the run, and
the exceptions it did not (each one a 500), and prints both at the end.

Both fuzzers send their requests in-process (schemathesis through the WSGI application, the
hand fuzzer through Django's test client), so Django's own signals see every one of them:
``request_started`` per request, ``got_request_exception`` per exception a view let through.
Used with ``-p tests.fuzzcount`` and ``-n 0`` (one process holds the count).
"""

from __future__ import annotations

from typing import Any

from django.core import signals

COUNT = {"requests": 0, "exceptions": 0}


def _started(**kwargs: Any) -> None:
    COUNT["requests"] += 1


def _exception(**kwargs: Any) -> None:
    COUNT["exceptions"] += 1


def pytest_configure(config: Any) -> None:
    signals.request_started.connect(_started, dispatch_uid="fuzzcount-started")
    signals.got_request_exception.connect(_exception, dispatch_uid="fuzzcount-exception")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    terminalreporter.write_line(
        f"fuzz: {COUNT['requests']} requests handled, "
        f"{COUNT['exceptions']} unhandled exceptions (500)"
    )
