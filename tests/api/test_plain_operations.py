"""Every operation reached by a token (a party's, a tablée's, an event's) is a plain ninja
operation: ninja reads its handler's signature as written — ``request``, ``token``, the body
schema, the path parameters — and nothing rewrites it; the handler takes what the token
opened from ``request.auth`` (:func:`calculators.parties.api.opened`)."""

import inspect
from collections.abc import Iterator

import pytest
from django.http import HttpRequest
from ninja.operation import Operation

from calculators.api_urls import api
from calculators.parties.api import Opened, TokenAuth, opened, party_of
from calculators.parties.models import Game
from calculators.tablees.models import Tablee


def token_operations() -> Iterator[tuple[str, Operation]]:
    for bound in api._get_bound_routers():
        for path, path_view in bound.path_operations.items():
            for operation in path_view.operations:
                if any(isinstance(a, TokenAuth) for a in operation.auth_callbacks):
                    yield path, operation


def test_token_operations_are_plain_ninja_operations_read_as_written() -> None:
    operations = list(token_operations())
    owners = {path.split("/")[1] for path, _ in operations}
    assert owners == {"parties", "tablees", "events"}, owners
    assert len(operations) >= 30
    for path, operation in operations:
        handler = inspect.unwrap(operation.view_func)
        assert handler is not operation.view_func, path  # wrapped by route()'s answering()
        # ninja read the handler itself, whose signature nobody set
        assert operation.signature.view_func is handler, path
        assert "__signature__" not in vars(handler), path
        names = list(inspect.signature(handler, eval_str=True).parameters)
        assert names[:2] == ["request", "token"], path
        assert [p.name for p in operation.signature.params] == names[1:], path
        assert set(operation.signature.path_params_names) <= set(names), path


def authed(auth: object | None) -> HttpRequest:
    """A request as ninja hands it to an operation once its authentication passed."""
    request = HttpRequest()
    if auth is not None:
        request.auth = auth  # type: ignore[attr-defined]  # as ninja sets TokenAuth's answer
    return request


def test_opened_gives_the_object_of_the_kind_the_token_opened() -> None:
    game, tablee = Game(), Tablee()
    request = authed(Opened(game, True))
    assert party_of(request) is game
    assert opened(request, Game) is game
    with pytest.raises(AssertionError):
        opened(request, Tablee)
    with pytest.raises(AssertionError):
        party_of(authed(Opened(tablee, False)))
    with pytest.raises(AssertionError):  # not an operation declared with route()
        party_of(authed(None))
