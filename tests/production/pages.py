"""Every page of the site, for the production tests.

Pages come from the URLconf (every calculator route without a parameter), so a page added to
``calculators/urls.py`` is checked without editing this file; pages with results are the
examples linked from the rulebooks.
"""

import re
from html import unescape

from django.urls import URLPattern, get_resolver

from rules.games import GAMES


def calculator_pages() -> list[str]:
    """Every route of the ``calculators`` namespace that takes no parameter (French URLs).

    The namespace may sit inside another resolver (``i18n_patterns``): the walk goes down.
    """
    pages = []

    def walk(patterns) -> None:
        for pattern in patterns:
            if getattr(pattern, "namespace", None) == "calculators":
                for sub in pattern.url_patterns:
                    if isinstance(sub, URLPattern) and not sub.pattern.converters:
                        pages.append("/" + str(sub.pattern))
            elif hasattr(pattern, "url_patterns") and getattr(pattern, "namespace", None) is None:
                walk(pattern.url_patterns)

    walk(get_resolver().url_patterns)
    assert pages, "no calculator page found in the URLconf"
    return pages


#: Every page and calculator of the site (GET), without a query.
PAGES = ["/", *calculator_pages(), "/parties/nouvelle/", *[g.rules_url for g in GAMES]]

EXAMPLE_LINK = re.compile(r'href="(/[a-z0-9-]+/[a-z0-9/-]*\?[^"#]+)"')


def result_pages(client) -> list[str]:
    """The calculator examples linked from the four rulebooks (pages that show results)."""
    links = []
    for game in GAMES:
        html = client.get(game.rules_url).content.decode()
        links += [unescape(m) for m in EXAMPLE_LINK.findall(html)]
    return sorted(set(links))
