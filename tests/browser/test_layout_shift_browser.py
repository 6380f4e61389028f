"""Nothing moves once a page is drawn: what a script shows (« Ce téléphone », the theme switch,
the keypads) is laid out from the first paint (early.js marks ``<html class="js">`` in the head).

A phone at the table taps where a button was: a late shift makes it tap the wrong one. The sum
of the page's layout shifts (Chromium's Layout Instability API, what Lighthouse's CLS adds up)
stays below 0.05 — « good » is below 0.1 — on the pages a table keeps open.
"""

import re
import time

import pytest

pytestmark = pytest.mark.browser

OBSERVE = """
window.__shifts = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.__shifts.push({
      value: entry.value,
      nodes: entry.sources.map(s => s.node ? s.node.outerHTML.slice(0, 80) : "?"),
    });
  }
}).observe({type: "layout-shift", buffered: true});
"""


def late_scripts(route):
    """The deferred scripts arrive after the first paint, as on a slow phone (the head's
    blocking theme.js and early.js do not wait: they run before any paint anyway)."""
    if not re.search(r"/js/(early|theme)\.", route.request.url):
        time.sleep(0.15)
    route.continue_()


def shifts(page, url: str) -> tuple[float, list]:
    page.goto(url)
    page.wait_for_load_state("load")
    page.wait_for_timeout(800)  # the deferred scripts and the first poll have run
    entries = page.evaluate("window.__shifts")
    return sum(e["value"] for e in entries), entries


def test_no_layout_shift_on_the_pages_a_table_keeps_open(page):
    from tests.factories import party

    page.add_init_script(OBSERVE)
    page.route(re.compile(r"\.js$"), late_scripts)
    games = [
        party(
            "num_check",
            4,
            claims={i: [("paire", "1R 1B"), ("brelan", "2R 2B 2J")] for i in range(4)},
        ),
        party("num_draft", 4, grids={0: ["1R", "2R", "3R"], 1: ["4R"]}),
        party("num5", 4, rounds=[["10R", "27", "3", "4"], ["5", "6", "30", "7"]]),
    ]
    urls = [f"{page.base}/", f"{page.base}/num-check/", f"{page.base}/parties/nouvelle/"]
    for g in games:
        urls += [f"{page.base}/parties/{g.edit_token}/", f"{page.base}/parties/{g.read_token}/"]
    moved = {}
    for url in urls:
        total, entries = shifts(page, url)
        if total >= 0.05:
            moved[url] = (round(total, 3), entries)
    assert moved == {}
    assert page.problems == []
