"""Run a command against a private PostgreSQL cluster: ``python -m tests.pgrun pytest …``.

The cluster is started for the command (``DATABASE_URL`` points to it) and stopped after, on a
loopback port in a temporary folder (tests/servers.py). Without PostgreSQL the command is
skipped with a message, unless ``CI`` is set, where that is a failure.
"""

from __future__ import annotations

import os
import subprocess
import sys

from tests.servers import postgres_bindir, postgres_cluster


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m tests.pgrun COMMAND [ARGS…]", file=sys.stderr)
        return 2
    if postgres_bindir() is None:
        print("PostgreSQL is not installed: the PostgreSQL run is skipped.", file=sys.stderr)
        return 1 if os.environ.get("CI") else 0
    with postgres_cluster() as url:
        print(f"PostgreSQL run: DATABASE_URL={url}", flush=True)
        return subprocess.call(argv, env={**os.environ, "DATABASE_URL": url})


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
