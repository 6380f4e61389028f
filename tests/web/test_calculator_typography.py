"""French typography on the calculators' own French text too, not in English,
and never inside what players typed."""

import pytest

pytestmark = pytest.mark.django_db


def test_french_calculator_text_gets_french_typography(client):
    html = client.get("/num-check/").content.decode()
    assert "Qu\u2019est-ce que j\u2019ai\u202f?" in html
    assert "Qu'est-ce que j'ai ?" not in html


def test_english_calculator_text_keeps_english_punctuation(client):
    html = client.get("/en/num-check/").content.decode()
    assert "\u202f?" not in html and "\u202f:" not in html


def test_what_a_player_typed_is_never_retouched(client):
    html = client.get("/num-5/", {"players": "Léa ?, Tom, Zoé", "n": "1"}).content.decode()
    assert 'value="Léa ?, Tom, Zoé"' in html
