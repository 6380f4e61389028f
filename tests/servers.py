"""Real services for the tests that need them: a private PostgreSQL cluster and a gunicorn.

Both are started and stopped by the tests themselves, on loopback ports, in temporary folders:
nothing outside the test run is touched. PostgreSQL's ``initdb`` and ``postgres`` refuse to run
as root, so as root they run as the ``postgres`` system user (``runuser``), which Debian's
``postgresql`` package creates.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def postgres_bindir() -> Path | None:
    """Debian's PostgreSQL server binaries, newest version first (``None`` when absent)."""
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(candidate) / "initdb").exists():
            return Path(candidate)
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def _as_postgres(args: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


def _wait(ok, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if ok():
            return
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not start within {seconds:.0f} s")


class Cluster:
    """A throw-away PostgreSQL cluster on a loopback port: its server can be stopped and
    started again on the same port and data (a restart, as after an upgrade or a crash)."""

    def __init__(self, bindir: Path, folder: Path) -> None:
        self.bindir, self.folder, self.data = bindir, folder, folder / "data"
        self.port = free_port()
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/postgres"
        self.server: subprocess.Popen | None = None

    def start(self) -> None:
        self.server = subprocess.Popen(
            _as_postgres(
                [
                    str(self.bindir / "postgres"),
                    "-D",
                    str(self.data),
                    "-p",
                    str(self.port),
                    "-h",
                    "127.0.0.1",
                    "-k",
                    str(self.folder),
                    "-c",
                    "fsync=off",
                    "-c",
                    "synchronous_commit=off",
                    "-c",
                    "full_page_writes=off",
                    "-c",
                    "max_connections=200",
                ]
            ),  # fmt: skip
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

        def ready() -> bool:
            assert self.server is not None
            if self.server.poll() is not None:
                raise RuntimeError("PostgreSQL stopped while starting")
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), 0.2),
            ):
                return True
            return False

        _wait(ready, 30, "PostgreSQL")
        time.sleep(0.3)

    def stop(self) -> None:
        """A fast shutdown: every open connection is cut.

        Asked through ``pg_ctl``: as root the server runs under ``runuser``, which passes no
        signal on (signalled, it would be killed after its timeout and leave the server
        running, orphaned, until it notices its data folder is gone)."""
        if self.server is None:
            return
        subprocess.run(
            _as_postgres(
                [str(self.bindir / "pg_ctl"), "stop", "-D", str(self.data), "-m", "fast", "-w"]
            ),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        try:
            self.server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.server.kill()
            self.server.wait()
        self.server = None

    def restart(self) -> None:
        self.stop()
        self.start()


@contextlib.contextmanager
def running_cluster() -> Iterator[Cluster]:
    """A throw-away PostgreSQL cluster, started; yields it (its ``url`` is a ``DATABASE_URL``)."""
    bindir = postgres_bindir()
    if bindir is None:
        raise RuntimeError("PostgreSQL is not installed (Debian package: postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="numsite-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    cluster = Cluster(bindir, folder)
    try:
        subprocess.run(
            _as_postgres(
                [str(bindir / "initdb"), "-D", str(cluster.data), "-U", "postgres", "-A", "trust"]
            ),
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        cluster.start()
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def postgres_cluster() -> Iterator[str]:
    """A throw-away PostgreSQL cluster; yields its ``DATABASE_URL``."""
    with running_cluster() as cluster:
        yield cluster.url


def server_env(database_url: str, **extra: str) -> dict[str, str]:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DEBUG": "0",
        "SECRET_KEY": "numsite-tests-" + "x" * 50,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "RATELIMIT_ENABLED": "0",
        **extra,
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return env


def migrate(database_url: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=server_env(database_url),
        check=True,
    )


@contextlib.contextmanager
def gunicorn(database_url: str, workers: int = 2, threads: int = 4, **env: str) -> Iterator[str]:
    """The production WSGI server on a loopback port; yields its base URL."""
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "numsite.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            "--timeout",
            "60",
            "--log-level",
            "warning",
        ],  # fmt: skip
        cwd=ROOT,
        env=server_env(database_url, **env),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"

    def ready() -> bool:
        if process.poll() is not None:
            raise RuntimeError(process.stderr.read().decode() if process.stderr else "gunicorn")
        with contextlib.suppress(OSError):
            return urllib.request.urlopen(base + "/healthz", timeout=1).status == 200
        return False

    try:
        _wait(ready, 60, "gunicorn")
        yield base
    finally:
        stop(process)


def stop(process: subprocess.Popen) -> None:
    """Stop a server gracefully (SIGTERM), killing it after 30 s."""
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
