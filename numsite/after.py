"""Work done once a request's answer is sent: what only saves the next reader time.

Drawing a party's new board for the *other* phones is not what the writer waits for
(docs/architecture.md « One Parties write »). It runs when the server closes the response
(``HttpResponse.close()``, called once the whole body is sent), before Django's
``request_finished``, so the request's database connection is still there.

Only work whose loss costs time, never data, goes here: a failure is logged and dropped, and
outside a request it is not done at all — the next reader does it. It still costs the worker
its CPU; what it spares is the writer's wait.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextvars import ContextVar

from django.http import HttpRequest, HttpResponseBase

logger = logging.getLogger(__name__)

#: the work registered by the request being answered, by key (``None``: not in a request)
_pending: ContextVar[dict[str, Callable[[], None]] | None] = ContextVar(
    "numsite_after_answer", default=None
)


def after_answer(key: str, work: Callable[[], None]) -> bool:
    """Do ``work`` once this request's answer is sent. A later call with the same ``key``
    replaces the earlier one (it knows more: the latest state wins), keeping its place; works
    run in the order their keys were first given. Returns whether the work was taken (not in
    a request: it is dropped)."""
    pending = _pending.get()
    if pending is None:
        return False
    pending[key] = work
    return True


def pending(key: str) -> Callable[[], None] | None:
    """The work this request registered under ``key``, if any."""
    works = _pending.get()
    return None if works is None else works.get(key)


def _run(works: dict[str, Callable[[], None]]) -> None:
    for key, work in works.items():
        try:
            work()
        except Exception:  # it only saved time: the next reader does it
            logger.exception("Work after the answer failed (%s); the next reader will do it.", key)


class AfterAnswerMiddleware:
    """Outermost: collects the work registered while answering, and runs it when the server
    closes the response (after sending it)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        works: dict[str, Callable[[], None]] = {}
        token = _pending.set(works)
        try:
            response = self.get_response(request)
        finally:
            _pending.reset(token)
        if works:
            close = response.close

            def close_after_work() -> None:
                try:
                    _run(works)
                finally:
                    close()

            response.close = close_after_work  # type: ignore[method-assign]
        return response
