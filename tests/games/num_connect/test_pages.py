"""Num Connect's page (/num-connect/): a line of cards checked, cut into its segments."""

import re

from tests.matching import search


def test_num_connect_page(client):
    html = client.get("/num-connect/?cards=8R+8V+8A+7V+6B+5J+4R+3A+4B+5B").content.decode()
    verdict = search(r'data-testid="connect-valid"[^>]*>(.*?)</div>', html, re.S).group(1)
    assert "3 segments" in verdict
    segments = re.findall(r'<span class="segment seg-\d" title="([^"]+)"', html)
    assert len(segments) == 3 and segments[0] == "même valeur"
