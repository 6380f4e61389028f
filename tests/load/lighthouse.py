"""Lighthouse on the pages a table keeps open, under the real server, loopback only.

The script starts gunicorn (numsite/gunicorn.conf.py, DEBUG off, a fresh SQLite database, the
static files as collected for production), builds through the API what a table has in front of
it mid-game — a NUM CHECK party of 4 players with 20 claims, a NUM DRAFT table of 4 grids, a Num 5
game of 4 rounds, a tablée — and runs Lighthouse (pinned in ``tests/load/lighthouse/package-lock.json``,
phone emulation, Debian's Chromium) on each page a few times. It prints each category's score
(median of the runs) with the figures a phone feels: total blocking time, largest contentful
paint, layout shift and DOM size.

The edit and read links of a party are private: they answer ``X-Robots-Tag: noindex`` on
purpose, so the SEO category's « is-crawlable » audit fails there by design and is reported
apart from the categories that count.

    make lighthouse                      # npm ci of the pinned Lighthouse, then this script
    python -m tests.load.lighthouse --runs 5
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

from tests.load.tables import server
from tests.production.servers import ROOT, server_env

LIGHTHOUSE = ROOT / "tests" / "load" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
GOAL = 95
PLAYERS = ["Léa", "Tom", "Zoé", "Max"]
CLAIMS = [
    ("paire", "1R 1B"),
    ("brelan", "2R 2B 2J"),
    ("carre", "4R 4B 4J 4V"),
    ("full", "5R 5B 5J 6R 6B"),
    ("couleur", "1R 3R 5R 7R 9R"),
]
FIGURES = {
    "total-blocking-time": "TBT",
    "largest-contentful-paint": "LCP",
    "cumulative-layout-shift": "CLS",
    "dom-size": "DOM",
}


def api(base: str, method: str, path: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(
        f"{base}/api/v1{path}",
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as refused:
        raise SystemExit(f"{method} {path}: {refused.code} {refused.read()[:300]!r}") from None


def tables_in_play(base: str) -> dict[str, str]:
    """The pages to measure: a game under way for each Parties game, by name."""
    check = api(
        base, "POST", "/parties", {"game": "num-check", "mode": "classic", "players": PLAYERS}
    )
    for combo, cards in CLAIMS:
        for player in PLAYERS:
            body = {"player": player, "combo": combo, "cards": cards.split()}
            api(base, "POST", f"/parties/{check['edit_token']}/claims", body)
    draft = api(
        base,
        "POST",
        "/parties",
        {"game": "num-draft", "mode": "classic", "players": PLAYERS, "values": "0-12"},
    )
    for seat in range(len(PLAYERS)):
        numbers = [9 * seat + i for i in range(9)]  # each card once in the deck (values 0-12)
        grid = [f"{n % 13}{'RBJV'[n // 13]}" for n in numbers]
        api(base, "PUT", f"/parties/{draft['edit_token']}/grids/{seat}", {"cells": grid})
    num5 = api(base, "POST", "/parties", {"game": "num5", "mode": "normal", "players": PLAYERS})
    for n in range(4):
        # each round won by another player: the game (3 round wins) stays under way
        entries = {p: {"plus": 10 + 3 * ((i + n) % 4), "minus": i} for i, p in enumerate(PLAYERS)}
        api(base, "POST", f"/parties/{num5['edit_token']}/rounds", {"entries": entries})
    tablee = api(base, "POST", "/tablees", {"name": "Les jeudis", "players": PLAYERS})
    api(
        base,
        "POST",
        f"/tablees/{tablee['edit_token']}/parties",
        {"game": "num5", "mode": "normal", "players": PLAYERS},
    )
    return {
        "NUM CHECK edit, 4 players, 20 claims": check["edit_url"],
        "NUM CHECK read link": check["read_url"],
        "NUM DRAFT edit, 4 grids": draft["edit_url"],
        "Num 5 edit, 4 rounds": num5["edit_url"],
        "tablée edit": tablee["edit_url"],
        "home": f"{base}/",
    }


def lighthouse(url: str, out: Path) -> dict:
    """One Lighthouse run (phone emulation: its default form factor and throttling)."""
    subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            "--quiet",
            "--output=json",
            f"--output-path={out}",
            "--form-factor=mobile",
            "--chrome-flags=--headless=new --no-sandbox",
        ],
        check=True,
        env={**os.environ, "CHROME_PATH": CHROMIUM},
        timeout=300,
    )
    return json.loads(out.read_text())


def summary(reports: list[dict]) -> dict:
    categories = {
        name: round(100 * statistics.median(r["categories"][name]["score"] for r in reports))
        for name in reports[0]["categories"]
    }
    figures = {
        label: statistics.median(r["audits"][audit]["numericValue"] for r in reports)
        for audit, label in FIGURES.items()
    }
    seo_failures = sorted(
        {
            ref["id"]
            for r in reports
            for ref in r["categories"]["seo"]["auditRefs"]
            if ref["weight"] and r["audits"][ref["id"]]["score"] == 0
        }
    )
    return {
        "lighthouse": reports[0]["lighthouseVersion"],
        "categories": categories,
        "figures": figures,
        "seo_failed": seo_failures,
    }


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    if not 1 <= args.runs <= 9:
        parser.error("bounded: 1–9 runs per page")
    if not LIGHTHOUSE.exists():
        raise SystemExit("Lighthouse is not installed: `make lighthouse` installs it (npm ci).")
    results: dict = {}
    with tempfile.TemporaryDirectory(prefix="numsite-lighthouse-") as tmp:
        env = server_env(
            DATABASE_URL=f"sqlite:///{Path(tmp) / 'lighthouse.sqlite3'}",
            RATELIMIT_ENABLED="0",
            GUNICORN_ACCESS_LOG="off",
            CACHE_LOCATION=str(Path(tmp) / "cache"),
            FRAGMENT_CACHE_LOCATION=str(Path(tmp) / "fragments"),
        )
        migrate = [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"]
        subprocess.run(migrate, cwd=ROOT, env=env, check=True)
        with server(env, Path(tmp) / "site.log") as (base, _pid):
            for name, url in tables_in_play(base).items():
                runs = [lighthouse(url, Path(tmp) / f"run{i}.json") for i in range(args.runs)]
                results[name] = summary(runs)
    for name, result in results.items():
        scores = result["categories"]
        worst = min(v for k, v in scores.items() if k != "seo")
        mark = "✓" if worst >= GOAL else "✗"
        print(f"{mark} {name}: {scores} (goal ≥ {GOAL} but SEO on private links)")
        f = result["figures"]
        print(
            f"    TBT {f['TBT']:.0f} ms · LCP {f['LCP'] / 1000:.1f} s · CLS {f['CLS']:.3f}"
            f" · {f['DOM']:.0f} DOM nodes · SEO failed: {', '.join(result['seo_failed']) or '—'}"
        )
    return results


if __name__ == "__main__":
    main()
