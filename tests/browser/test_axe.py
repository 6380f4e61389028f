"""axe-core (its default rules, best practices included) finds nothing on any page, in any
state, at phone and desktop size, light and dark.

One browser context per size and colour scheme visits every page and state: the empty
calculators, a result, an error, the rulebooks, the Parties pages (edit and read-only, with
entries), the error pages. A CSP violation or a console error on the way fails the test too.
"""

import pytest
from axe_playwright_python.sync_playwright import Axe

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 900}}

PAGES = [
    "/",
    "/num-check/",
    "/num-check/?combo=full&cards=7R+7B+7J+3V+3A&rank=4",
    "/num-check/?combo=full&cards=7R+7B+7J+3V+17A&rank=4",
    "/num-check/detecteur/?hand=9R+9B+2J+3V&centre=7V+9V&rank=1",
    "/num-check/feuille/?players=L%C3%A9a+%3A+Paire+5R+5B%0ATom+%3A+Brelan+7R+7B+7J",
    "/num-draft/",
    "/num-draft/?g00=1R&g01=JK&g02=1V&mode=classic",
    "/num-draft/?g00=1R&g01=1R&mode=classic",
    "/num-draft/table/",
    "/num-5/",
    "/num-5/?players=L%C3%A9a%2C+Tom%2C+Zo%C3%A9&n=1&r0_0=10R&r0_1=10B&r0_2=2V",
    "/num-5/?players=L%C3%A9a%2C+Tom%2C+Zo%C3%A9&n=1&r0_0=99Q&r0_1=10B&r0_2=2V",
    "/num-5/tour/",
    "/num-connect/",
    "/num-connect/?cards=2R+3R+4R+5R",
    "/num-connect/?cards=5R+5V",
    "/num-check/regles/",
    "/num-draft/regles/",
    "/num-5/regles/",
    "/num-connect/regles/",
    "/parties/nouvelle/",
    "/page-qui-n-existe-pas/",
]


def party_pages() -> list[str]:
    """A party of each kind with entries: its edit and its read-only page."""
    from tests.factories import party

    check = party("num_check", 2, claims={0: [("paire", "5R 5B"), ("brelan", "7R 7B 7J")]})
    draft = party("num_draft", ["A", "B", "C"], grids={0: ["1R", "2R", "3R", "JK"]})
    num5 = party("num5", 3, rounds=[["10R", "27", "0"]])
    eight = party("num5", [f"Joueur {n}" for n in range(1, 9)], rounds=[[str(n) for n in range(8)]])
    finished = party("num5", ["Ana", "Bob", "Cy"], finished=True)
    return [f"/parties/{game.edit_token}/" for game in (check, draft, num5, eight, finished)] + [
        f"/parties/{game.read_token}/" for game in (check, draft, num5)
    ]


def describe(violations: list[dict]) -> list[str]:
    lines = []
    for violation in violations:
        for node in violation["nodes"][:4]:
            summary = (node.get("failureSummary") or "").replace("\n", " ")[:240]
            lines.append(f"{violation['id']} {node['target']} {summary}")
    return lines


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_axe_finds_no_violation(browser, live_server, size, scheme):
    context = browser.new_context(
        viewport=SIZES[size], color_scheme=scheme, locale="fr-FR", has_touch=size == "phone"
    )
    page = context.new_page()
    problems: list[str] = []
    page.on(
        "console",
        lambda m: problems.extend([f"console: {m.text}"] if m.type == "error" else []),
    )
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    axe = Axe()
    found: dict[str, list[str]] = {}
    parties = party_pages()
    try:
        for path in PAGES + parties:
            response = page.goto(live_server.url + path)
            assert response is not None
            page.wait_for_load_state("load")
            # The colour mode follows the system's (js/theme.js, before the first paint).
            assert page.evaluate("document.documentElement.dataset.bsTheme") == scheme
            results = axe.run(page)
            violations = results.response["violations"]
            if violations:
                found[path] = describe(violations)
            # The 404 page answers 404 on purpose and logs it on the console.
            if response.status == 404:
                problems[:] = [p for p in problems if "404" not in p]
        # A refused write on a Parties page: the error shown in place of the sheet.
        page.goto(live_server.url + parties[2])
        for index, value in enumerate(("99Q", "5", "0")):
            page.locator(f"[data-testid=cell-{index}]").fill(value)
        page.keyboard.press("Enter")
        page.locator("[data-testid=refusal]").wait_for()  # next to its button
        violations = axe.run(page).response["violations"]
        if violations:
            found["parties: refused write"] = describe(violations)
    finally:
        context.close()
    report = "\n".join(f"{path}\n  " + "\n  ".join(lines) for path, lines in found.items())
    assert not found, f"axe violations ({size}, {scheme}):\n{report}"
    assert problems == []
