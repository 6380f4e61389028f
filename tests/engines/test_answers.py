"""The calculators' answers (calculators/games/answers.py): the one pure module that both the
JSON API and the offline bundle call, so a phone with no network answers what the server does."""

import json
import subprocess
import sys

import pytest

from calculators.games import answers, modules
from tests.api.test_golden_cases import CASES, ENDPOINTS


def test_every_calculator_endpoint_has_its_answer():
    routes = {str(pattern.pattern) for urls in modules("urls") for pattern in urls.api_urlpatterns}
    assert routes == set(answers.ENDPOINTS)


@pytest.mark.parametrize(("name", "case"), CASES)
def test_offline_answer_equals_the_api_answer(api, name, case):
    """The entry point the browser calls answers every golden case exactly as the API does,
    field for field (an error: the same field and message)."""
    endpoint = ENDPOINTS[name](case)
    status, served = api(endpoint, case["request"])
    local = json.loads(answers.answer(endpoint, json.dumps(case["request"])))
    assert local == served
    assert ("error" in local) == (status == 400)


def test_offline_answer_speaks_the_pages_language():
    body = json.dumps({"grid": [], "mode": "nope"})
    french = json.loads(answers.answer("num-draft/score", body, "fr"))["error"]
    english = json.loads(answers.answer("num-draft/score", body, "en"))["error"]
    assert french["field"] == english["field"] == "mode"
    assert "le mode de NUM DRAFT est" in french["message"]
    assert english["message"] != french["message"]
    assert "mode" in english["message"]


def test_offline_answer_refuses_what_the_api_refuses():
    assert json.loads(answers.answer("num-check/score", "[1, 2]"))["error"]["field"] == "body"
    missing = json.loads(answers.answer("num-connect/check", "{}"))["error"]
    assert missing == {"field": "cards", "message": "Le champ « cards » est obligatoire."}
    bad_flag = json.loads(answers.answer("num-connect/check", '{"cards": [], "free": 1}'))
    assert bad_flag["error"]["field"] == "free"


def test_answers_run_without_django():
    """The offline bundle has no Django: the module and everything it imports must not need it."""
    code = (
        "import sys, calculators.games.answers as a;"
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules), 'django';"
        'print(a.answer(\'num-check/score\', \'{"combo": "full", "cards": ["7R", "7B", "7J", "3V", "3A"], "rank": 1}\'))'
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["valid"] is True
