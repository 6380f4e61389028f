"""Page costs against Django's floor (issue #12 item 3): each page's median over ``/healthz``.

`make bench` prints one line per page, « ratio × floor », from medians measured in one run by
the Django test client in-process. Targets: full calculator pages ≤ 15×, htmx fragments ≤ 8×,
the Parties edit page (4 players, 20 claims) ≤ 25×. Nothing is asserted on time: the suite
runs each once as a plain test; the figures are for the note and for whoever changes a page.
"""

from __future__ import annotations

import statistics
import time

import pytest

from calculators.parties import services
from tests.conftest import EIGHT_CLAIMS

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
PAGES = {
    "/num-check/ (page)": ("/num-check/?combo=full&cards=7R+7B+7J+3V+3A&rank=4", {}),
    "/num-check/ (fragment)": ("/num-check/?combo=full&cards=7R+7B+7J+3V+3A&rank=4", HTMX),
    "/num-check/detecteur/ (page)": ("/num-check/detecteur/?hand=7R+7B+3V+3J&centre=7J+3A", {}),
    "/num-draft/ (page)": ("/num-draft/?g00=1R&g01=JK&g02=1V&g10=2B&l0=4A&r0=7A", {}),
    "/num-draft/ (fragment)": ("/num-draft/?g00=1R&g01=JK&g02=1V&g10=2B&l0=4A&r0=7A", HTMX),
    "/num-draft/table/ (page)": ("/num-draft/table/", {}),
    "/num-5/ (page)": ("/num-5/?players=L%C3%A9a,Tom,Zo%C3%A9&n=1&r0_0=10R&r0_1=3&r0_2=0", {}),
    "/num-5/tour/ (page)": ("/num-5/tour/?players=L%C3%A9a,Tom,Zo%C3%A9", {}),
    "/num-connect/ (page)": ("/num-connect/?cards=8R+8V+8A+7V+6B", {}),
    "/num-connect/ (fragment)": ("/num-connect/?cards=8R+8V+8A+7V+6B", HTMX),
    "/num-check/regles/ (rulebook)": ("/num-check/regles/", {}),
}


def median_ms(client, url, headers, rounds=30):
    client.get(url, headers=headers)  # warm: per-process caches filled, as on a running site
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        response = client.get(url, headers=headers)
        samples.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, url
    return statistics.median(samples)


def party_edit_url():
    game = services.create_game("num_check", "classic", ["Léa", "Tom", "Zoé", "Max"])
    for player in game.players.all():
        for combo, cards in EIGHT_CLAIMS[:5]:
            services.add_claim(game, player.pk, combo, cards)
    return f"/parties/{game.edit_token}/"


def test_bench_page_ratios_to_the_floor(benchmark, client):
    rounds = 3 if benchmark.disabled else 30
    floor = median_ms(client, "/healthz", {}, rounds)
    pages = dict(PAGES)
    pages["/parties/<edit> (4 players, 20 claims)"] = (party_edit_url(), {})
    ratios = {
        name: median_ms(client, url, headers, rounds) / floor
        for name, (url, headers) in pages.items()
    }
    benchmark.extra_info.update(
        {"floor_ms": round(floor, 3), **{k: round(v, 1) for k, v in ratios.items()}}
    )
    benchmark(client.get, "/healthz")
    lines = [f"floor /healthz: {floor:.3f} ms"] + [f"{v:6.1f}×  {k}" for k, v in ratios.items()]
    print("\n" + "\n".join(lines))
    assert all(v > 0 for v in ratios.values())
