"""What the offline bundle costs (docs/offline.md § Sizes and times): its compressed size, what a
first visit downloads, and the time to the first offline result on a slow phone (CDP network
throttling, 1.6 Mbit/s with 150 ms of latency, and the CPU slowed 4×).

Run alone: ``pytest -m browser tests/browser/test_offline_perf.py -s`` (the figures are printed;
the bounds are loose, as the machine is shared).
"""

import json
import time
import urllib.request

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("offline")]

SLOW = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1_600_000 / 8,
    "uploadThroughput": 750_000 / 8,
}


def served_bytes(base, url):
    """The bytes a browser downloads for ``url`` (brotli or gzip when the server has them)."""
    request = urllib.request.Request(base + url, headers={"Accept-Encoding": "br, gzip"})
    with urllib.request.urlopen(request) as response:
        return len(response.read())


def sw_config(base):
    with urllib.request.urlopen(base + "/sw.js") as response:
        head = response.read().decode().split("\n", 1)[0]
    return json.loads(head.removeprefix("self.NUMSITE_SW = ").removesuffix(";"))


def bundle_urls(page):
    return page.evaluate(
        """() => {
            const s = document.querySelector("script[data-sw]");
            const index = s.dataset.pyodide;
            const files = s.dataset.pyodideFiles.split(" ").map(n => index + n);
            return files.concat([s.dataset.engines, s.dataset.worker]);
        }"""
    )


def slow_down(page):
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    return cdp


def test_bundle_size_first_visit_and_first_offline_result(browser, live_server):
    base = live_server.url
    # 1. Sizes, as served.
    probe = browser.new_context(service_workers="block")
    page = probe.new_page()
    page.goto(base + "/num-draft/")
    bundle = {url: served_bytes(base, url) for url in bundle_urls(page)}
    config = sw_config(base)
    kept = sum(served_bytes(base, url) for url in config["pages"] + config["static"])
    bundle_total = sum(bundle.values())

    # 2. The bundle fetched and started on the slow profile (no service worker: every byte
    #    comes through the throttled network).
    slow_down(page)
    page.reload()
    start = time.monotonic()
    page.evaluate("() => window.NumsiteOffline.warm()")
    download_and_start = time.monotonic() - start
    probe.close()

    # 3. The first offline result: one online visit (the service worker keeps everything), then
    #    no network, the CPU 4× slower, the page opened and a pool entered.
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "/num-draft/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    page.evaluate("() => window.NumsiteOffline.warm()")
    context.set_offline(True)
    slow_down(page)
    start = time.monotonic()
    page.goto(base + "/num-draft/")
    page.fill("#id_g00", "3R")
    page.locator("#id_g00").dispatch_event("change")
    page.locator("#draft-result [data-offline-answer] [data-score]").wait_for(timeout=120_000)
    first_offline = time.monotonic() - start
    context.set_offline(False)
    context.close()

    print(
        f"\noffline bundle: {bundle_total / 1e6:.2f} MB compressed ({len(bundle)} files: "
        + ", ".join(f"{u.rsplit('/', 1)[-1]} {b / 1e3:.0f} kB" for u, b in bundle.items())
        + f")\nfirst visit keeps pages + static {kept / 1e6:.2f} MB, then the bundle: "
        f"{(kept + bundle_total) / 1e6:.2f} MB in all"
        f"\nslow profile: bundle downloaded and engines started in {download_and_start:.1f} s; "
        f"first offline result in {first_offline:.1f} s"
    )
    assert bundle_total < 8_000_000
    assert first_offline < 60
