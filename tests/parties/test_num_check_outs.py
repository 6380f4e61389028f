"""« Quelles cartes guetter ? » in a NUM CHECK party's entry (calculators/games/num_check/party/outs.py):
the rank and the combinations made come from the player's sheet, each out fills the claim entry."""

import html
import re

import pytest

from calculators.engines import numcheck
from calculators.parties.models import Claim
from tests.factories import party, seat
from tests.parties.conftest import url

pytestmark = pytest.mark.django_db

HAND = "7R 7B 3V 3J"


def _groups(page: str) -> list[str]:
    return re.findall(r'data-testid="outs-group" data-combo="([a-z_]+)"', page)


def _totals(page: str) -> list[int]:
    return [
        int(t)
        for t in re.findall(r'data-testid="out-card" data-card="\w+" data-score="(\d+)"', page)
    ]


def _engine_totals(rank: int, made: list[str]) -> list[int]:
    from calculators.games.num_check.views import outs_context

    groups = outs_context(numcheck.outs(HAND, rank, made), rank)["out_groups"]
    return [e.check.result.total for g in groups for e in g.entries]  # Rainbows grouped


@pytest.fixture
def game():
    # Léa has made a Paire and a Brelan; Tom nothing yet
    return party(
        "num_check", ["Léa", "Tom"], claims={0: [("paire", "5R 5B"), ("brelan", "9R 9B 9J")]}
    )


def test_outs_take_the_entering_players_rank_and_made_combinations(client, game):
    lea = seat(game, 0)
    page = client.get(url(game), {"guetter": lea.pk, "outs-hand": HAND}).content.decode()
    assert "Pour Léa, au rang 3." in page
    assert re.findall(r'data-made="(\w+)"', page) == ["paire", "brelan"]
    assert "paire" not in _groups(page) and "brelan" not in _groups(page)
    assert _totals(page) == _engine_totals(3, ["paire", "brelan"])
    assert 'id="guetter" open' in page


def test_another_players_sheet_gives_other_outs(client, game):
    lea, tom = seat(game, 0), seat(game, 1)
    for_lea = client.get(url(game), {"guetter": lea.pk, "outs-hand": HAND}).content.decode()
    for_tom = client.get(url(game), {"guetter": tom.pk, "outs-hand": HAND}).content.decode()
    assert "Pour Tom, au rang 1." in for_tom and "Aucune combinaison réalisée" in for_tom
    assert "paire" in _groups(for_tom) and "paire" not in _groups(for_lea)
    assert _totals(for_tom) == _engine_totals(1, []) != _totals(for_lea)


def test_the_rank_and_combinations_typed_in_the_query_are_ignored(client, game):
    lea = seat(game, 0)
    query = {"guetter": lea.pk, "outs-hand": HAND, "outs-rank": "1", "outs-exclude": "full"}
    page = client.get(url(game), query).content.decode()
    assert "au rang 3." in page and "full" in _groups(page)
    assert _totals(page) == _engine_totals(3, ["paire", "brelan"])


def test_an_out_fills_the_claim_entry_then_one_save_stores_it(client, game):
    lea = seat(game, 0)
    page = client.get(url(game), {"guetter": lea.pk, "outs-hand": HAND}).content.decode()
    link = re.search(
        r'data-card="7J" data-score="(\d+)" href="([^"]+)"', page.split('data-combo="full"')[1]
    )
    assert link is not None
    points, href = int(link.group(1)), html.unescape(link.group(2))
    assert href.startswith("?") and game.edit_token not in href
    filled = client.get(url(game) + href.split("#")[0]).content.decode()
    assert 'id="claim-cards" value="7R 7B 3V 3J 7J"' in filled
    assert '<option value="full" selected>' in filled
    assert f'<option value="{lea.pk}" selected>' in filled
    assert "data-filled" in filled and 'data-draft-clear="claim_add"' in filled
    assert f"Léa +{points} · Full, rang 3" in filled  # its live score, drawn with it
    response = client.post(
        url(game, "action", action="claim_add"),
        {"player": lea.pk, "combo": "full", "cards": "7R 7B 3V 3J 7J", "seen": game.version},
    )
    assert response.status_code == 302
    claim = Claim.objects.get(player=lea, combo="full")
    assert claim.position == 3 and claim.cards == "7R 7B 3V 3J 7J"


def test_the_outs_fragment_alone_through_htmx(client, game):
    tom = seat(game, 1)
    response = client.get(
        url(game),
        {"guetter": tom.pk, "outs-hand": HAND},
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="preview-outs",
    )
    page = response.content.decode()
    assert response.status_code == 200 and "<html" not in page and 'id="claim-cards"' not in page
    assert 'class="ns-outs-body"' in page and _totals(page) == _engine_totals(1, [])
    assert 'id="err-id_outs-hand" hx-swap-oob="innerHTML"' in page


def test_a_bad_hand_is_said_at_its_field(client, game):
    lea = seat(game, 0)
    page = client.get(url(game), {"guetter": lea.pk, "outs-hand": "7R 7R"}).content.decode()
    error = re.search(r'id="err-id_outs-hand"[^>]*>([^<]*)<', page)
    assert error is not None and "7R" in error.group(1)
    field = re.search(r'<input[^>]*id="id_outs-hand"[^>]*>', page)
    assert field is not None and "is-invalid" in field.group(0)
    assert 'data-testid="outs"' not in page


def test_a_player_not_in_the_party_is_said_at_the_player_field(client, game):
    other = party("num_check", ["Zoé", "Max"])
    page = client.get(url(game), {"guetter": seat(other, 0).pk, "outs-hand": HAND}).content.decode()
    error = re.search(r'id="err-outs-player" role="alert">([^<]*)<', page)
    assert error is not None and "Choisissez un joueur de la partie" in error.group(1)
    assert 'data-testid="outs"' not in page


def test_the_read_link_offers_no_outs_and_never_the_edit_token(client, game):
    lea = seat(game, 0)
    query = {
        "guetter": lea.pk,
        "outs-hand": HAND,
        "remplir": "1",
        "player": lea.pk,
        "combo": "full",
    }
    response = client.get(url(game, token=game.read_token), query)
    page = response.content.decode()
    assert response.status_code == 200
    assert game.edit_token not in page
    assert 'id="guetter"' not in page and 'data-testid="out-card"' not in page


def test_the_outs_are_folded_until_asked(client, game):
    page = client.get(url(game)).content.decode()
    assert '<details class="mt-3 border rounded p-2 ns-outs" id="guetter">' in page
    assert page.index('id="claim-save"') < page.index('id="guetter"')


def test_the_outs_in_english(client, game):
    from tests.i18n.test_english_pages import assert_english

    lea, page = seat(game, 0), url(game)  # reversed once, in French: /en/ is added here
    query = {"guetter": lea.pk, "outs-hand": HAND}
    response = client.get(f"/en{page}", query)
    assert_english(response, "party outs")
    assert "For Léa, at rank 3." in response.content.decode()
    filled = client.get(
        f"/en{page}",
        {**query, "remplir": "1", "player": lea.pk, "combo": "full", "cards": "7R 7B 3V 3J 7J"},
    )
    assert_english(filled, "party claim filled from an out")
