"""gunicorn settings for ``make run`` and production (docs/deploy.md).

Its ``GUNICORN_*`` variables: docs/deploy.md#2-settings-environment-variables. Threads default
to 4 per worker because the board polls are short and mostly wait on the database.

No secret reaches either log: the access line leaves out the query string and the Referer, and
both logs run numsite.log_redaction.RedactTokensFilter. No client forges a line either: a
path's ``%0A`` arrives decoded, so the fields' control characters are percent-escaped.
"""

import os
import re
from typing import Any

from gunicorn.config import Config
from gunicorn.glogging import Logger

from numsite.log_redaction import RedactTokensFilter


def _int(name: str, default: int) -> int:
    try:
        return max(1, int(os.environ.get(name, default)))
    except ValueError:
        return default


wsgi_app = "numsite.wsgi:application"
if os.environ.get("GUNICORN_BIND"):
    bind = [os.environ["GUNICORN_BIND"]]
workers = _int("GUNICORN_WORKERS", min(2 * (os.cpu_count() or 1) + 1, 5))
# gthread with a deadline on reading each request's headers (numsite/gunicorn_worker.py).
worker_class = "numsite.gunicorn_worker.DeadlineThreadWorker"
threads = _int("GUNICORN_THREADS", 4)
timeout = _int("GUNICORN_TIMEOUT", 30)
# Recycling and stopping, gracefully (docs/deploy.md#4-the-service-systemd): graceful_timeout
# under systemd's TimeoutStopSec (30 s); keepalive longer than the proxies' 4 s, so that the
# proxy, never gunicorn, closes an idle connection and no request is sent on a closing socket.
graceful_timeout = 20
keepalive = 5
# Bounded memory over weeks; the jitter keeps the workers from all restarting at once.
max_requests = 5000
max_requests_jitter = 500
# Headers: bounded (gunicorn's defaults, stated), no request line over 4 KiB.
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
# Behind the TLS proxy: X-Forwarded-Proto is believed from loopback only (gunicorn's default).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")

_access = os.environ.get("GUNICORN_ACCESS_LOG", "-")
accesslog = None if _access.lower() in {"", "off", "none", "0"} else _access
errorlog = os.environ.get("GUNICORN_ERROR_LOG", "-")
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# Client, time, method, path without its query, protocol, status, bytes, duration (µs),
# user agent. No %(r)s (request line with query), no %(q)s, no %(f)s (Referer).
access_log_format = '%(h)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(B)s %(D)sus "%(a)s"'


#: C0 and C1 controls and DEL (a line break, a carriage return, a terminal's escape), the
#: Unicode line and paragraph separators, the bidirectional overrides and isolates (which
#: reorder what a reader sees), and the quotation mark that delimits the line's fields.
_CONTROLS = re.compile('[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"]')


def _percent(match: re.Match[str]) -> str:
    char = match.group()
    # A WSGI string holds one byte per character (latin-1): its byte; else its UTF-8 bytes.
    raw = char.encode("latin-1") if ord(char) < 0x100 else char.encode("utf-8")
    return "".join(f"%{byte:02X}" for byte in raw)


def escape_controls(value: Any) -> Any:
    """An access-line field with its control characters (and ``"``) percent-escaped: a
    decoded ``%0A`` in a path cannot start a forged log line."""
    return _CONTROLS.sub(_percent, value) if isinstance(value, str) else value


class RedactingLogger(Logger):
    """gunicorn's logger with the token filter on every handler of its error and access logs,
    and the access line's fields escaped (:func:`escape_controls`)."""

    def atoms(
        self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any
    ) -> dict[str, Any]:
        atoms = super().atoms(resp, req, environ, request_time)
        return {key: escape_controls(value) for key, value in atoms.items()}

    def setup(self, cfg: Config) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                if not any(isinstance(f, RedactTokensFilter) for f in handler.filters):
                    handler.addFilter(RedactTokensFilter())


logger_class = RedactingLogger
