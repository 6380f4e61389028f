import json

import pytest


@pytest.fixture
def eapi(client):
    """Call the API: ``eapi(method, path, body)`` → (status, JSON body)."""

    def call(method, path, body=None, **headers):
        data = "" if body is None else json.dumps(body)
        response = getattr(client, method.lower())(
            f"/api/v1/{path}", data=data, content_type="application/json", **headers
        )
        return response.status_code, response.json() if response.content else None

    return call
