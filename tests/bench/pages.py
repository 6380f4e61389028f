"""Page costs against Django's floor, measured in a fresh interpreter.

``measure(rounds)`` returns the floor (``/healthz``, a minimal view with one ``SELECT 1``) and
each page's median in milliseconds, measured by Django's test client in-process, on a private
in-memory SQLite database (migrated here); ``python -m tests.bench.pages [rounds]`` prints it.

Why a separate interpreter: measured inside the pytest process, the very same requests cost
about one millisecond more each (same calls, same count under cProfile; the floor unchanged),
which the site does not pay under gunicorn; a page's ratio to the floor there said more about
pytest than about the page. tests/bench/test_bench_pages.py imports it in three fresh
interpreters and reports the median of their ratios.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time

HTMX = {"HX-Request": "true"}
PAGES = {
    "/num-check/ (page)": ("/num-check/?combo=full&cards=7R+7B+7J+3V+3A&rank=4", {}),
    "/num-check/ (fragment)": ("/num-check/?combo=full&cards=7R+7B+7J+3V+3A&rank=4", HTMX),
    "/num-check/ five Rainbows (page)": ("/num-check/?combo=full&cards=1A+2A+3A+4A+5A&rank=4", {}),
    "/num-check/detecteur/ (page)": ("/num-check/detecteur/?hand=7R+7B+3V+3J&centre=7J+3A", {}),
    "/num-draft/ (page)": ("/num-draft/?g00=1R&g01=JK&g02=1V&g10=2B&l0=4A&r0=7A", {}),
    "/num-draft/ (fragment)": ("/num-draft/?g00=1R&g01=JK&g02=1V&g10=2B&l0=4A&r0=7A", HTMX),
    "/num-draft/table/ (page)": ("/num-draft/table/", {}),
    "/num-5/ (page)": ("/num-5/?players=L%C3%A9a,Tom,Zo%C3%A9&n=1&r0_0=10R&r0_1=3&r0_2=0", {}),
    "/num-5/tour/ (page)": ("/num-5/tour/?players=L%C3%A9a,Tom,Zo%C3%A9", {}),
    "/num-connect/ (page)": ("/num-connect/?cards=8R+8V+8A+7V+6B", {}),
    "/num-connect/ (fragment)": ("/num-connect/?cards=8R+8V+8A+7V+6B", HTMX),
    "/num-check/regles/ (rulebook)": ("/num-check/regles/", {}),
    "/en/num-check/ (page, English)": ("/en/num-check/?combo=full&cards=7R+7B+7J+3V+3A&rank=4", {}),
}
PARTY = "/parties/<edit> (4 players, 20 claims)"
BOARD = "/parties/<edit>/tableau/ after a change (fragment)"


#: This thread's CPU time, not the wall clock (as tests/bench/parties_costs.py says why): on a
#: machine shared with other jobs a wall-clock sample counts the time spent waiting for a core.
clock = time.thread_time


def median_ms(client, url: str, headers: dict, rounds: int) -> float:
    client.get(url, headers=headers)  # warm: the caches filled, as on a running site
    samples = []
    for _ in range(rounds):
        start = clock()
        response = client.get(url, headers=headers)
        samples.append((clock() - start) * 1000)
        if response.status_code != 200:
            raise SystemExit(f"{url}: {response.status_code}")
    return statistics.median(samples)


def party_urls(claims) -> tuple[str, str]:
    """A NUM CHECK party of 4 players with 5 claims each: its page and its board's URL."""
    from tests.factories import party

    game = party("num_check", 4, claims=dict.fromkeys(range(4), claims[:5]))
    page = f"/parties/{game.edit_token}/"
    return page, f"{page}tableau/?v={game.version - 1}"


def measure(rounds: int) -> dict[str, float]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "numsite.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_databases, setup_test_environment

    database = connection.settings_dict
    if database["ENGINE"].endswith("sqlite3"):
        database["TEST"]["NAME"] = ":memory:"  # private: never the suite's test database
    settings.RATELIMIT_ENABLED = False
    setup_test_environment()
    setup_databases(verbosity=0, interactive=False)

    from tests.conftest import EIGHT_CLAIMS

    client = Client()
    pages = dict(PAGES)
    page, board = party_urls(EIGHT_CLAIMS)
    pages[PARTY] = (page, {})
    pages[BOARD] = (board, HTMX)
    floor = median_ms(client, "/healthz", {}, rounds)
    figures = {"floor_ms": floor}
    for name, (url, headers) in pages.items():
        figures[name] = median_ms(client, url, headers, rounds)
    return figures


if __name__ == "__main__":
    print(json.dumps(measure(int(sys.argv[1]) if len(sys.argv) > 1 else 30)))
