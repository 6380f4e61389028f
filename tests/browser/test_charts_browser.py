"""The tablée's charts fit their picture: shown as ``<img>``, an SVG loses whatever pygal draws
outside its viewBox (a legend's second row, rotated dates), so each chart's drawing must lie
inside it, for a table of 2 to 10 players."""

import pytest

from calculators.tablees import charts
from tests.factories import NAMES

pytestmark = pytest.mark.browser

INSIDE = """() => {
  const svg = document.querySelector("svg");
  const box = svg.viewBox.baseVal, drawn = svg.getBBox();
  return {box: [box.x, box.y, box.width, box.height],
          drawn: [drawn.x, drawn.y, drawn.x + drawn.width, drawn.y + drawn.height]};
}"""


@pytest.mark.parametrize("players", [2, 4, 7, 10])
def test_every_chart_is_drawn_inside_its_picture(browser, players):
    dates = ["2026-11-05", "2026-11-12", "2026-11-19"]
    lines = {name: [30 + i, 41 - i, 35 + 2 * i] for i, name in enumerate(NAMES[:players])}
    histogram = [{"low": 30 + 3 * i, "high": 32 + 3 * i, "count": i % 3} for i in range(6)]
    combos = [{"combo": c, "count": n} for c, n in [("paire", 8), ("brelan", 5), ("full", 2)]]
    drawings = {
        "scores": charts.scores("NUM CHECK", {"dates": dates, "lines": lines}),
        "distribution": charts.distribution("NUM CHECK", {"histogram": histogram}),
        "combos": charts.combos("NUM CHECK", {"combos": combos}),
    }
    page = browser.new_page(viewport={"width": 390, "height": 844})
    outside = {}
    for kind, svg in drawings.items():
        page.set_content(svg)
        seen = page.evaluate(INSIDE)
        x, y, width, height = seen["box"]
        left, top, right, bottom = seen["drawn"]
        if left < x - 1 or top < y - 1 or right > x + width + 1 or bottom > y + height + 1:
            outside[kind] = seen
    page.close()
    assert outside == {}
