"""The test run serves static files as production does: once ``collectstatic`` ran
(``make test`` runs it before pytest), pages link content-hashed names and the browser loads
each of them compressed, cached one year, immutable.

Without a current manifest (plain ``pytest`` on a fresh checkout) the run falls back to plain
names (tests/conftest.py, ``static_files``) and this test is skipped, except in CI, which runs
``make test`` and must never skip it.
"""

import os
import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HASHED = re.compile(r"/static/(?:.+/)?[^/]+\.[0-9a-f]{12}\.(?:css|js|svg)$")


@pytest.fixture
def manifest(static_files):
    if static_files != "manifest":
        reason = "no current collectstatic: `make var/static.stamp` (or `make test`) makes one"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI runs `make test`, which collects the static files: {reason}")
        pytest.skip(reason)


@pytest.mark.parametrize("path", ["/", "/num-check/", "/en/num-5/"])
def test_pages_link_hashed_static_files_the_browser_loads_compressed_and_immutable(
    manifest, page, path
):
    loaded = []
    page.on("response", lambda r: loaded.extend([r] if "/static/" in r.url else []))
    page.goto(page.base + path)
    page.wait_for_load_state("load")

    html = page.content()
    assert re.search(r'href="/static/css/numsite\.[0-9a-f]{12}\.css"', html)
    assert re.search(r'src="/static/js/numsite\.[0-9a-f]{12}\.js"', html)
    linked = set(re.findall(r'(?:href|src)="(/static/[^"]+)"', html))
    assert linked and all(HASHED.search(url) for url in linked), linked

    # Every stylesheet and script the page needs to render (not the print sheet nor the icon).
    needed = {url for url in linked if url.endswith((".css", ".js")) and "/print." not in url}
    assert {r.url.removeprefix(page.base) for r in loaded} >= needed
    for response in loaded:
        assert HASHED.search(response.url), response.url
        assert response.status == 200, response.url
        headers = response.all_headers()
        assert headers["cache-control"] == "max-age=31536000, public, immutable"
        if response.url.endswith((".css", ".js")):
            assert headers.get("content-encoding") in {"br", "gzip"}, response.url
    assert not page.problems
