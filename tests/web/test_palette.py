"""The palette in static/css/numsite.css, light and dark: family colours >= 4.5:1 on the card
face and the page (text and card borders), focus rings >= 3:1 on the page and on the header
(WCAG 1.4.3, 1.4.11). axe checks rendered text; these are what axe cannot see."""

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parents[2] / "static" / "css" / "numsite.css").read_text()
PAGE = {"light": "#ffffff", "dark": "#212529"}  # Bootstrap 5.3's --bs-body-bg
HEADER = ("#1f3a6e", "#2d5bb0")  # the brand header's gradient ends


def block(selector: str) -> dict[str, str]:
    match = re.search(re.escape(selector) + r"\s*\{(.*?)\}", CSS, re.S)
    assert match, selector
    pairs = re.findall(r"(--[\w-]+):\s*#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b", match.group(1))
    return {name: "#" + long(digits) for name, digits in pairs}


def long(hex_digits: str) -> str:
    """``fff`` → ``ffffff``."""
    return "".join(c * 2 for c in hex_digits) if len(hex_digits) == 3 else hex_digits


PALETTES = {"light": block(":root, [data-bs-theme=light]"), "dark": block("[data-bs-theme=dark]")}


def luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_of_known_pairs():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#b58900", "#ffffff") == pytest.approx(3.2, abs=0.05)  # the old yellow


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("family", ["R", "V", "B", "J", "A", "K"])
def test_family_colour_reads_on_the_card_face_and_the_page(scheme, family):
    colours = PALETTES[scheme] if scheme == "light" else {**PALETTES["light"], **PALETTES[scheme]}
    ink = colours[f"--fam-{family}"]
    assert contrast(ink, colours["--ns-card-face"]) >= 4.5
    assert contrast(ink, PAGE[scheme]) >= 4.5


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_shadow_cards_have_their_own_readable_face(scheme):
    colours = {**PALETTES["light"], **PALETTES[scheme]}
    assert contrast(colours["--ns-shadow-ink"], colours["--ns-shadow-face"]) >= 4.5


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_focus_ring_stands_out(scheme):
    colours = {**PALETTES["light"], **PALETTES[scheme]}
    assert contrast(colours["--ns-focus"], PAGE[scheme]) >= 3
    for end in HEADER:  # the header's own ring, on the brand gradient
        assert contrast(colours["--ns-accent"], end) >= 3
