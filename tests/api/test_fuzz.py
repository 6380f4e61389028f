"""The API fuzzed from its own schema (schemathesis): every operation of
/api/v1/openapi.json gets requests generated from its request schema (valid ones, and ones
that break it), on the site running in-process (its WSGI application, the test database).

Each answer must be no 5xx, a status the schema declares, the content type it declares, a
body that matches the answer's schema — so every 4xx is ``{"error": {"field", "message"}}``
(a 409 with ``party``, or ``tablee`` on a tablée's route, ``event`` on an event's). Then a stateful run follows the
schema's OpenAPI links: create a party → write to it → undo, redo, read; create a tablée →
add a player, start a party in it → that party's writes.

Bounded for ``make test`` (``FUZZ_EXAMPLES`` examples per operation, 20 by default); ``make
fuzz`` runs it long. The number of requests sent is printed at the end (``-s``).
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "20"))
STEPS = int(os.environ.get("FUZZ_STEPS", "10"))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
SENT = {"requests": 0}
#: The WSGI transport does not decode gzip (the site compresses what it may): plain answers.
HEADERS = {"Accept-Encoding": "identity"}

#: Real parties for the stateful run to start from.
PARTIES = [
    {"game": "num-check", "mode": "classic", "players": ["Léa", "Tom"]},
    {"game": "num5", "mode": "normal", "players": ["Léa", "Tom", "Zoé"]},
    {"game": "num-draft", "mode": "classic", "players": ["Léa", "Tom"], "values": "0-12"},
]
#: A real tablée (its members play every party above).
TABLEE = {"name": "Les jeudis", "players": ["Léa", "Tom", "Zoé"]}
#: A real event (seatable: four players at one table of four).
EVENT = {
    "name": "Open",
    "game": "num-check",
    "players": ["Léa", "Tom", "Zoé", "Max"],
    "sizes": [4],
    "rounds": 2,
}

pytestmark = pytest.mark.xdist_group("fuzz")


@pytest.fixture
def in_process(db):
    """The site's WSGI application on the test database: like Django's test client, the
    connection is not closed at the end of each request (it holds the test's transaction)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield get_wsgi_application()
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture
def api_schema(in_process):
    return schemathesis.openapi.from_wsgi("/api/v1/openapi.json", in_process)


@pytest.fixture(scope="module", autouse=True)
def _count():
    yield
    print(f"\nschemathesis: {SENT['requests']} requests")


schema = schemathesis.pytest.from_fixture("api_schema")


def check_error_shape(response) -> None:
    """Every refusal is the site's error shape, whatever the schema allows."""
    if 400 <= response.status_code < 500:
        body = response.json()
        assert set(body["error"]) == {"field", "message"}, body
        assert isinstance(body["error"]["field"], str) and body["error"]["message"]
        if response.status_code == 409:
            url = response.request.url
            owner = next((o for o in ("tablee", "event") if f"/api/v1/{o}s/" in url), "party")
            assert owner in body, body


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_by_its_schema(case):
    response = case.call(headers=HEADERS)
    SENT["requests"] += 1
    case.validate_response(response, checks=CHECKS)
    check_error_shape(response)


@pytest.mark.django_db
def test_create_write_undo_by_the_schemas_links(api_schema):
    """The stateful run: sequences of calls chained by the OpenAPI links."""
    machine = api_schema.as_state_machine()

    class Machine(machine):  # type: ignore[misc, valid-type]
        def get_call_kwargs(self, case):
            return {"headers": HEADERS}

        def before_call(self, case):
            # Random names and games seldom make a party: each create is a real one (chosen
            # from the generated body, so that a run replays), and the links lead somewhere.
            if case.operation.label in (
                "POST /api/v1/parties",
                "POST /api/v1/tablees/{token}/parties",
            ):
                case.body = PARTIES[len(repr(case.body)) % len(PARTIES)]
            elif case.operation.label == "POST /api/v1/tablees":
                case.body = TABLEE
            elif case.operation.label == "POST /api/v1/events":
                case.body = EVENT

        def validate_response(self, response, case, **kwargs):
            SENT["requests"] += 1
            SEEN.append((case.operation.label, response.status_code))
            case.validate_response(response, checks=CHECKS)
            check_error_shape(response)

    SEEN: list[tuple[str, int]] = []
    Machine.run(
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=STEPS,
            deadline=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
    )
    created = [status for label, status in SEEN if label == "POST /api/v1/parties"]
    followed = [s for label, s in SEEN if "{token}" in label and s in (200, 201, 409)]
    assert 201 in created and followed, SEEN
    tablees = [s for label, s in SEEN if label.startswith("POST /api/v1/tablees")]
    assert 201 in tablees, SEEN
