"""Playwright on Debian's Chromium against pytest-django's live_server.

With CI=true a missing browser fails the run; elsewhere the browser tests are skipped with a
reason (install Chromium with `make test`, which does it when you are root).
"""

import os
import shutil

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs a loop

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser():
    if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"Chromium not found at {CHROMIUM}: browser tests must run in CI.")
        pytest.skip(f"Chromium not found at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server):
    """A phone-sized page that records console errors and failed requests."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    page = context.new_page()
    page.problems = []
    page.on("console", lambda m: m.type == "error" and page.problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: page.problems.append(f"pageerror: {e}"))
    page.on(
        "requestfailed",
        # A navigation aborts the requests still pending (a favicon, say): not a failure.
        lambda r: r.failure != "net::ERR_ABORTED" and page.problems.append(f"failed: {r.url}"),
    )
    # Strict CSP: Chromium reports every violation on the console ("Refused to
    # apply inline style…", "Refused to execute inline script…") and as a DOM event.
    page.csp_violations = []
    page.on(
        "console",
        lambda m: (
            ("Content Security Policy" in m.text or "Refused to" in m.text)
            and page.csp_violations.append(f"{m.type}: {m.text}")
        ),
    )
    page.expose_function("reportCspViolation", lambda text: page.csp_violations.append(text))
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', e => window.reportCspViolation("
        "`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`));"
    )
    page.base = live_server.url
    yield page
    violations = list(page.csp_violations)
    context.close()
    if violations:
        pytest.fail(f"CSP violations: {violations}")


@pytest.fixture
def plain_page(browser, live_server):
    """A small phone (360 px) with JavaScript off: what the pages must do as plain HTML."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 800})
    page = context.new_page()
    page.base = live_server.url
    yield page
    context.close()
