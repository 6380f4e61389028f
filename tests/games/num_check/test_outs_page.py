"""« Quelles cartes guetter ? » on the NUM CHECK page (/num-check/regles/#arbitrage-cartes-a-guetter):
the outs grouped by combination, best first, each card a link to its score; the combinations
already made left out; bad input at its field; the page and its htmx fragment agree."""

import re

from calculators.engines import numcheck
from calculators.games.num_check.views import outs_context
from tests.matching import search

URL = "/num-check/guetter/"


def groups(html):
    return re.findall(r'data-testid="outs-group" data-combo="([a-z_]+)"', html)


def test_outs_are_grouped_by_combination_best_first_with_links_to_the_score(client):
    html = client.get(URL, {"outs-hand": "7R 7B 3V 3J", "outs-rank": "4"}).content.decode()
    found = numcheck.outs("7R 7B 3V 3J", 4)
    combos = groups(html)
    assert combos[0] == found[0].checks[0].combo.key == "brelan"
    assert set(combos) == {d.combo.key for o in found for d in o.checks}
    best = [int(b) for b in re.findall(r"jusqu’à (\d+) pts", html)]
    assert best == sorted(best, reverse=True) and best[0] == found[0].best
    # one out's score opens in the calculator, prefilled with the 5 cards, combo and rank
    assert "/num-check/?combo=full&amp;cards=7R+7B+3V+3J+7J&amp;rank=4#calcul" in html
    assert f"{len(found)} cartes à guetter" in html


def test_outs_follow_the_page_and_its_fragment(client):
    query = {"outs-hand": "7R 7B 3V 3J", "outs-rank": "4"}
    page = client.get(URL, query).content.decode()
    fragment = client.get(URL, query, HTTP_HX_REQUEST="true").content.decode()
    assert groups(page) == groups(fragment) and "<html" not in fragment
    assert 'class="nav-link active" href="#guetter"' in page


def test_outs_skip_the_combinations_already_made(client):
    query = {"outs-hand": "7R 7B 3V 3J", "outs-rank": "4", "outs-exclude": ["full", "brelan"]}
    html = client.get(URL, query).content.decode()
    assert "full" not in groups(html) and "brelan" not in groups(html)
    assert re.search(r'name="outs-exclude" value="full"[^>]*checked', html)


def test_outs_bad_hand_is_shown_at_the_hand_field(client):
    html = client.get(URL, {"outs-hand": "7R 7R"}).content.decode()
    error = search(r'id="err-id_outs-hand"[^>]*>(.*?)</div>', html, re.S).group(1)
    assert "7R" in error and 'data-testid="outs"' not in html
    html = client.get(URL, {"outs-hand": "1R 2R 3R 4R 5R"}).content.decode()
    assert "de 1 à 4 cartes" in search(r'id="err-id_outs-hand"[^>]*>(.*?)</div>', html, re.S).group(
        1
    )


def test_outs_none_says_so(client):
    html = client.get(URL, {"outs-hand": "Tornade"}).content.decode()
    assert 'data-testid="no-outs"' in html


def test_outs_context_groups_each_check_under_its_combination():
    found = numcheck.outs("7R 7B", 1)
    context = outs_context(found, 1)
    assert context["outs"] is found
    listed = sorted((d.combo.key, d.claim.code) for g in context["out_groups"] for d in g.checks)
    assert listed == sorted((d.combo.key, o.card.code) for o in found for d in o.checks)
    for group in context["out_groups"]:
        totals = [d.result.total for d in group.checks]
        assert totals == sorted(totals, reverse=True) and group.best == totals[0]
    assert outs_context(None, 3) == {"outs": None, "out_groups": (), "outs_rank": 3}


def out_cards(html, combo):
    part = html.split(f'data-combo="{combo}"', 1)[1].split("</li>\n  \n", 1)[0]
    part = part.split('data-testid="outs-group"', 1)[0]
    tags = re.findall(r'<a [^>]*data-testid="out-card"[^>]*>', part)
    return [
        (search(r'data-card="(\w+)"', t)[1], "".join(re.findall(r'data-rainbows="(\d+)"', t)))
        for t in tags
    ]


def test_outs_group_the_rainbows_of_a_combination_into_one_entry(client):
    """With 7R 7B 8J, any of the 17 Rainbows makes the Brelan for 25: one entry, not 17."""
    query = {"outs-hand": "7R 7B 8J", "outs-rank": "1"}
    html = client.get(URL, query).content.decode()
    brelan = out_cards(html, "brelan")
    assert [rainbows for _, rainbows in brelan].count("17") == 1
    assert [card for card, rainbows in brelan if not rainbows] == ["7V", "7J", "7S"]
    assert len(brelan) == 4 and "n’importe quel Rainbow (17)" in html
    english = client.get(f"/en{URL}", query).content.decode()
    assert "any Rainbow (17)" in english and "Rainbow (17)" not in html.replace(
        "n’importe quel Rainbow (17)", ""
    )
    # the count of cards to watch still counts each card
    found = numcheck.outs("7R 7B 8J", 1)
    assert f"{len(found)} cartes à guetter" in html and len(found) > 17


def test_outs_rainbows_of_other_totals_stay_apart_and_some_values_are_named():
    from calculators.games.num_check.answers import OutEntry, OutGroup

    group = outs_context(numcheck.outs("7R 7B 8J", 1), 1)["out_groups"]
    brelan = next(g for g in group if g.combo.key == "brelan")
    rainbows = [d for d in brelan.checks if d.claim.family.code == "A"]
    some = OutGroup(brelan.combo, tuple(rainbows[:3]), ("a", "b", "c"))
    (entry,) = some.entries
    assert entry.link == "a" and entry.rainbows == tuple(
        sorted(d.claim.value for d in rainbows[:3])
    )
    assert entry.label == "Rainbow {} (3)".format(", ".join(str(v) for v in entry.rainbows))
    alone = OutGroup(brelan.combo, (rainbows[0],), ("a",))
    assert [e.label for e in alone.entries] == [str(rainbows[0].claim)]
    assert OutEntry(rainbows[0], "").label == str(rainbows[0].claim)


def test_offline_outs_answer_groups_the_rainbows_as_the_page_does():
    from calculators.games.num_check.answers import num_check_outs_page

    view = num_check_outs_page({"hand": "7R 7B 8J", "rank": "1"})["view"]
    brelan = next(g for g in view["groups"] if g["key"] == "brelan")
    assert brelan["items"] == [
        "n’importe quel Rainbow (17) : 25 pts", "7V : 25 pts", "7J : 25 pts", "7S : 25 pts"
    ]  # fmt: skip
