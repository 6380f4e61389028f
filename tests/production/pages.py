"""Every page of the site, and pages with results, for the production tests."""

from rules.games import GAMES
from rules.rulings import RULINGS

#: Every page and calculator of the site (GET), without a query.
PAGES = [
    "/",
    "/num-check/",
    "/num-check/detecteur/",
    "/num-check/feuille/",
    "/num-draft/",
    "/num-draft/table/",
    "/num-5/",
    "/num-connect/",
    "/parties/nouvelle/",
    *[g.rules_url for g in GAMES],
]

#: Pages that show a result (groups drawn on the pool, sheets, tables…): the ruling examples.
RESULT_PAGES = [
    "/num-draft/?g00=1R&g01=JK&g02=1V&mode=classic",
    "/num-draft/?g00=1R&g01=1B&g02=1V&g10=2R&g20=3R&l0=1J&r0=1S&mode=classic",
    "/num-5/?players=L%C3%A9a,Tom,Zo%C3%A9&n=2&r0_0=3&r0_1=5&r0_2=7&r1_0=&r1_1=&r1_2=",
    *[r.example_url for slug in RULINGS for r in RULINGS[slug] if r.example_url],
]
