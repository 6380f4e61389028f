"""The JSON API answers in the language of Accept-Language (French by default): every golden
case again in English, with the same fields and numbers and translated messages."""

import json
import re

import pytest

from calculators.engines import i18n as engine_i18n
from calculators.engines import numcheck
from calculators.engines.cards import InputError
from tests.api.test_golden_cases import CASES, ENDPOINTS

#: Words that only a French text has (checked on every text of the English answers).
FRENCH_WORDS = re.compile(
    r"«|»|\b(?:et|ou|de|des|du|la|le|les|une?|est|sont|avec|pour|dans|sur|carte|cartes|rangée"
    r"|joueur|manche|tour|valeur|famille|Rouge|Vert|Bleu|Jaune|Paire|Brelan|Carré|Suite|Couleur"
    r"|Maître|Stratège|Légende|Groupe|Colonne|ligne|grille|voisin|indiquez|Rang|doit)\b"
)


def post(client, path, body, language=None):
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language is not None else {}
    response = client.post(
        f"/api/v1/{path}", data=json.dumps(body), content_type="application/json", **headers
    )
    return response


def shape(value):
    """The answer with every text replaced by its type: what must not change with the language."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shape(item) for item in value]
    return "<text>" if isinstance(value, str) else value


def texts(value):
    if isinstance(value, dict):
        return [text for item in value.values() for text in texts(item)]
    if isinstance(value, list):
        return [text for item in value for text in texts(item)]
    return [value] if isinstance(value, str) else []


@pytest.mark.parametrize(("name", "case"), CASES)
def test_golden_case_in_english_same_fields_translated_messages(client, name, case):
    path = ENDPOINTS[name](case)
    french = post(client, path, case["request"])
    english = post(client, path, case["request"], "en-GB,en;q=0.9,fr;q=0.5")
    assert english.status_code == french.status_code
    assert french["Content-Language"] == "fr" and english["Content-Language"] == "en"
    assert "Accept-Language" in english["Vary"]
    fr_body, en_body = french.json(), english.json()
    assert shape(en_body) == shape(fr_body)
    if "error" in fr_body:
        assert en_body["error"]["field"] == fr_body["error"]["field"]  # field names stay English
        assert en_body["error"]["message"] != fr_body["error"]["message"]
        assert not FRENCH_WORDS.search(en_body["error"]["message"]), en_body["error"]["message"]
    elif fr_body.get("explanation"):
        assert en_body["explanation"] != fr_body["explanation"]
    for text in texts(en_body):
        assert not FRENCH_WORDS.search(text), text


def test_api_french_by_default_and_for_unknown_languages(client):
    body = {"combo": "full", "cards": ["3R", "3B", "3V", "5J"], "rank": 2}
    for language in (None, "", "de", "fr-CA", "de;q=0.9, *;q=0.1"):
        message = post(client, "num-check/score", body, language).json()["error"]["message"]
        assert "cartes" in message, language
    message = post(client, "num-check/score", body, "de, en;q=0.5").json()["error"]["message"]
    assert "cards" in message and "cartes" not in message
    refused = post(client, "num-check/score", body, "en;q=0, fr;q=0.5").json()
    assert "cartes" in refused["error"]["message"]


def test_api_ignores_the_language_cookie(client):
    client.cookies["django_language"] = "en"
    body = {"combo": "full", "cards": ["3R", "3B", "3V", "5J"], "rank": 2}
    assert "cartes" in post(client, "num-check/score", body).json()["error"]["message"]


def test_engine_messages_follow_the_context_language_without_django():
    with pytest.raises(InputError) as french:
        numcheck.score(numcheck.get_combo("full"), ["3R", "3B"], 2)
    with engine_i18n.use_language("en"), pytest.raises(InputError) as english:
        numcheck.score(numcheck.get_combo("full"), ["3R", "3B"], 2)
    assert "cartes" in french.value.message
    assert "cards" in english.value.message
    assert engine_i18n.get_language() == "fr"  # restored


def test_api_english_explanation_lines(client):
    cards = ["7R", "7B", "7J", "3V", "3A"]
    body = {"combo": "full", "cards": cards, "rank": 4}
    answer = post(client, "num-check/score", body, "en").json()
    assert answer["explanation"] == [
        "Full House base: 8",
        "Reference cards: 7 + 3",
        "Rank 4: gap (7 − 3) × 2 = 8",
        "Total: 26",
    ]
    with engine_i18n.use_language("en"):  # the engine's own English, without Django
        result = numcheck.score(numcheck.get_combo("full"), cards, 4)
    assert list(result.explanation) == answer["explanation"]


@pytest.mark.django_db
def test_parties_api_messages_in_english(client):
    for language, word in (("fr", "Choisissez"), ("en", "Choose")):
        response = client.post(
            "/api/v1/parties",
            data=json.dumps({"game": "poker", "players": ["Léa", "Tom"]}),
            content_type="application/json",
            HTTP_ACCEPT_LANGUAGE=language,
        )
        assert response.status_code == 400
        assert response.json()["error"]["message"].startswith(word), response.json()


def test_api_unknown_address_and_method_in_english(client):
    response = client.get("/api/v1/nowhere", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    assert response.json()["error"]["message"] == "Unknown API address: /api/v1/nowhere"
    response = client.get("/api/v1/num-check/score", HTTP_ACCEPT_LANGUAGE="en")
    assert response.json()["error"]["message"] == "This address accepts POST only."
