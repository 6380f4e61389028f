"""The calculators' answers (calculators/core/answers.py, dispatching to each game's
calculators/games/<game>/answers.py): the pure modules that both the
JSON API and the offline bundle call, so a phone with no network answers what the server does."""

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from django.conf import settings

from calculators.core import answers
from calculators.core.registry import GAMES, modules
from tests.api.test_golden_cases import CASES, ENDPOINTS


def test_every_calculator_endpoint_has_its_answer():
    """Every operation of a game's own ``api.router`` (the calculators, not the Parties) is
    answered by the pure module, under the same path."""
    routes = {
        path.removeprefix("/")
        for game_api in modules("api")
        for path in game_api.router.path_operations
    }
    assert routes == set(answers.endpoints())


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
    """The offline bundle has no Django: the dispatch, every game's answers it loads and
    everything they import must not need it (a game folder's ``__init__.py`` included)."""
    code = (
        "import sys, calculators.core.answers as a; a.endpoints(); a.pages();"
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules), 'django';"
        'print(a.answer(\'num-check/score\', \'{"combo": "full", "cards": ["7R", "7B", "7J", "3V", "3A"], "rank": 1}\'))'
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["valid"] is True


# --------------------------------------------------------------------------- the offline bundle


def test_the_bundle_is_the_servers_own_files():
    """offline/engines.zip holds, byte for byte, the engines, the bottom layer (the registry,
    the answers' dispatch), each game folder's pure answers and readers and the compiled
    catalogues the server runs, and nothing else."""
    from numsite import pwa

    with zipfile.ZipFile(io.BytesIO(pwa.bundle_bytes())) as archive:
        names = sorted(archive.namelist())
        for name in names:
            assert archive.read(name) == (settings.BASE_DIR / name).read_bytes(), name
    engines = sorted(
        p.relative_to(settings.BASE_DIR).as_posix()
        for p in (settings.BASE_DIR / "calculators" / "engines").glob("*.py")
    )
    assert set(engines) <= set(names)
    assert {
        "calculators/core/answers.py",
        "calculators/core/registry.py",
        "locale/en/LC_MESSAGES/django.mo",
    } <= set(names)
    for game in GAMES:  # each game folder's pure answers (and readers, when it has them)
        folder = settings.BASE_DIR / "calculators" / "games" / game.package
        for module in ("__init__.py", "answers.py", "readers.py"):
            if (folder / module).is_file():
                assert f"calculators/games/{game.package}/{module}" in names
    assert not any("/party/" in n or n.endswith(("views.py", "forms.py", "api.py")) for n in names)
    assert all(n.endswith((".py", ".mo")) for n in names)
    assert pwa.bundle_bytes() == pwa.bundle_bytes()  # same sources, same bytes, same hash


def test_the_collected_bundle_is_current():
    """The zip collectstatic made (the one the pages link) is the one the sources make now:
    an engine changed since, and `make` collects again (var/static.stamp depends on them)."""
    from numsite import pwa

    collected = Path(settings.STATIC_ROOT) / pwa.BUNDLE_NAME
    if not collected.is_file():
        pytest.skip("no collectstatic yet: the finder serves the zip made from the sources")
    assert collected.read_bytes() == pwa.bundle_bytes()


def test_the_bundle_runs_alone(tmp_path):
    """Unpacked anywhere (as Pyodide does), with no Django and none of the project beside it,
    the bundle answers as the API does, in English too."""
    from numsite import pwa

    with zipfile.ZipFile(io.BytesIO(pwa.bundle_bytes())) as archive:
        archive.extractall(tmp_path)
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from calculators.core.answers import answer;"
        "print(answer('num-draft/score', sys.argv[2], 'en'))"
    )
    body = json.dumps({"grid": [["3R", "3B", "3J"], ["5R", "5B", "5J"], ["8V", "8A", "8S"]]})
    out = subprocess.run(
        [sys.executable, "-I", "-c", code, str(tmp_path), body],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert json.loads(out.stdout) == json.loads(answers.answer("num-draft/score", body, "en"))


def _calculator_number_cases():
    from tests.api import test_strict_numbers as strict

    for case in strict.cases():
        label, path, required, kind = case.values
        endpoint = label.split(" ", 1)[1].removeprefix("/api/v1/")
        if endpoint in answers.endpoints() and (required or kind != "null"):
            yield pytest.param(label, path, kind, id=case.id)


@pytest.mark.django_db
@pytest.mark.parametrize(("label", "path", "kind"), list(_calculator_number_cases()))
def test_offline_answer_refuses_a_number_of_the_wrong_type_as_the_api_does(label, path, kind):
    """A string, a float or a bool where the schema wants a whole number (null where it is
    required) is refused by the pure function too, at the same field: the phone never scores
    what the server would refuse."""
    from tests.api import test_strict_numbers as strict

    body = strict.with_value(strict.BODIES[label], path, strict.WRONG[kind])
    local = json.loads(
        answers.answer(label.split(" ", 1)[1].removeprefix("/api/v1/"), json.dumps(body))
    )
    assert local["error"]["field"] == path[0], local


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("cards", "combo"),
    [
        ("7R 7B 7J 3V 3A", ""),
        ("7R 7B 7J 3V 3A", "brelan"),
        ("2R 2B", "full"),
        ("5R 5B", ""),
        ("7R 99Z", ""),
        ("1R 3V", ""),
        ("", ""),
    ],
)
def test_a_party_claims_live_score_on_the_phone_is_the_servers(cards, combo):
    """A NUM CHECK Party's live score computed on the phone (``party_claim``, from the player's
    name and the combinations they made) proposes what the server's proposes, with its line:
    the best combination still free at the player's next rank, or the one shown when the cards
    make it (/num-check/regles/#reference-et-rang)."""
    from django.utils import translation

    from calculators.games.num_check.party.forms import preview
    from tests.factories import party

    game = party("num_check", ["Léa", "Tom"], claims={1: [("paire", "4R 4B")]})
    tom = game.players.get(name="Tom")
    with translation.override("fr"):
        served = preview(game, tom.pk, cards, combo)
    body = {"name": "Tom", "claimed": ["paire"], "cards": cards, "combo": combo}
    local = json.loads(answers.answer("party_claim", json.dumps(body), "fr"))
    assert local["rank"] == served["rank"] == 2
    chosen = served["chosen"]
    assert local["proposed"] == (chosen.combo.key if chosen else "")
    assert local["total"] == (chosen.total if chosen else None)
    assert local["reason"] == served["error"]
    if chosen:
        assert local["head"] == f"Tom +{chosen.total} · {chosen.combo.label}, rang 2"
