"""The statistics drawn as pictures: SVG made on the server by pygal, from the numbers of
:func:`.stats.charts` (docs/tablees.md#charts).

A chart is its own ``image/svg+xml`` answer shown by an ``<img>``: pygal's inline styles would
break the pages' strict CSP, and an image runs no script; the answer carries its own CSP.
"""

from __future__ import annotations

import re
from typing import Any

import pygal
from django.utils.translation import gettext
from pygal.style import Style

from ..engines import numcheck

#: the CSP of a chart's answer: nothing but its own styles
CHART_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'"

STYLE = Style(
    background="transparent",
    plot_background="transparent",
    foreground="#8a8a8a",
    foreground_strong="#8a8a8a",
    foreground_subtle="#6f6f6f",
    guide_stroke_color="#8a8a8a",
    major_guide_stroke_color="#8a8a8a",
    opacity=".85",
    opacity_hover=".95",
    font_family="system-ui, sans-serif",
    label_font_size=13,
    major_label_font_size=13,
    legend_font_size=13,
    title_font_size=15,
    value_font_size=12,
    colors=(
        "#3d8bfd", "#e35d6a", "#20c997", "#fd9843", "#a370f7", "#ffcd39",
        "#6edff6", "#d63384", "#75b798", "#adb5bd",
    ),
)  # fmt: skip

_SCRIPT = re.compile(r"<script\b.*?</script>", re.S)

KINDS = ("scores", "distribution", "combos", "ratings")


def _config(title: str) -> dict[str, Any]:
    return {
        "style": STYLE,
        "title": title,
        "disable_xml_declaration": True,
        "js": [],
        "explicit_size": False,
        "width": 390,
        "height": 300,
        "legend_at_bottom": True,
        "legend_at_bottom_columns": 3,
        "truncate_legend": 14,
        "x_label_rotation": 30,
        "show_minor_x_labels": True,
        "print_values": False,
        "margin": 8,
        "margin_bottom": 44,
        "y_labels_major_count": 6,
        "show_minor_y_labels": False,
    }


def _svg(chart: Any) -> str:
    return _SCRIPT.sub("", chart.render(is_unicode=True))


def scores(name: str, data: dict[str, Any]) -> str:
    """Each member's score over the game's last finished parties (oldest first)."""
    chart = pygal.Line(
        **_config(gettext("{game} : scores partie après partie").format(game=name)),
        allow_interruptions=True,
    )
    chart.x_labels = data["dates"]
    for member, values in data["lines"].items():
        chart.add(member, values)
    return _svg(chart)


def ratings(name: str, data: dict[str, Any]) -> str:
    """Each member's rating (« cote », docs/ratings.md) after each of the game's last parties."""
    chart = pygal.Line(
        **_config(gettext("{game} : cote partie après partie").format(game=name)),
        allow_interruptions=True,
    )
    chart.x_labels = data["ratings"]["dates"]
    for member, values in data["ratings"]["lines"].items():
        chart.add(member, values)
    return _svg(chart)


def count_axis(counts: list[int], most: int = 6) -> dict[str, Any]:
    """A bar chart of counts: its value axis in whole numbers from 0 (at most ``most`` + 1
    labels: 0, 1, 2… or 0, 2, 4…), each bar labelled with its count."""
    top = max([1, *counts])
    step = -(-top // most)  # the smallest whole step giving at most ``most`` intervals
    return {
        "range": (0, -(-top // step) * step),
        "y_labels": list(range(0, top + step, step)),
        "show_minor_y_labels": True,
        "value_formatter": lambda value: f"{value:.0f}",
        "print_values": True,
        "print_values_position": "top",
    }


def distribution(name: str, data: dict[str, Any]) -> str:
    """How many scores fell in each range."""
    counts = [b["count"] for b in data["histogram"]]
    chart = pygal.Bar(
        **{
            **_config(gettext("{game} : répartition des scores").format(game=name)),
            **count_axis(counts),
        },
        show_legend=False,
    )
    chart.x_labels = [bin_label(b) for b in data["histogram"]]
    chart.add(gettext("Scores"), counts)
    return _svg(chart)


def combos(name: str, data: dict[str, Any]) -> str:
    """How often each NUM CHECK combination was made."""
    counts = [c["count"] for c in data.get("combos", [])]
    chart = pygal.HorizontalBar(
        **{
            **_config(gettext("{game} : combinaisons réalisées").format(game=name)),
            **count_axis(counts),
        },
        show_legend=False,
    )
    chart.x_labels = [combo_name(c["combo"]) for c in data.get("combos", [])]
    chart.add(gettext("Fois"), counts)
    return _svg(chart)


def bin_label(b: dict[str, int]) -> str:
    return str(b["low"]) if b["low"] == b["high"] else f"{b['low']}–{b['high']}"


def combo_name(key: str) -> str:
    combo = numcheck.COMBOS_BY_KEY.get(key)
    return gettext(combo.name) if combo else key


def draw(kind: str, name: str, data: dict[str, Any]) -> str:
    return {"scores": scores, "distribution": distribution, "combos": combos, "ratings": ratings}[
        kind
    ](name, data)
