"""Starting and stopping real gunicorn servers from a test (loopback, free port)."""

import contextlib
import os
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.servers import free_port, stop

ROOT = Path(__file__).resolve().parents[2]


def fetch(url: str, method: str = "GET", data: bytes | None = None, headers=None, opener=None):
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    open_ = opener.open if opener else urllib.request.urlopen
    try:
        with open_(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


def server_env(**extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "HTTPS", "ADMIN_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    env.update(DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50), GUNICORN_WORKERS="2")
    env.update(extra)
    return env


def migrated(env: dict[str, str]) -> dict[str, str]:
    """``env``'s database with every migration applied (the server's own ``manage.py``)."""
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=120,
    )
    return env


@contextlib.contextmanager
def gunicorn(env: dict[str, str], log: Path, with_process: bool = False):
    """A gunicorn of numsite/gunicorn.conf.py on a free loopback port; yields its base URL
    (and its master process with ``with_process``)."""
    port = free_port()
    with open(log, "w") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "--config",
                "numsite/gunicorn.conf.py",
                "--bind",
                f"127.0.0.1:{port}",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        started = time.monotonic()
        try:
            while True:
                try:
                    if fetch(f"{base}/healthz")[0] == 200:
                        break
                except OSError:
                    pass
                assert process.poll() is None, log.read_text()
                assert time.monotonic() - started < 60, "gunicorn did not answer within a minute"
                time.sleep(0.2)
            yield (base, process) if with_process else base
        finally:
            stop(process)
