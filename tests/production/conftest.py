"""Fixtures the production tests share."""

import io
import logging

import pytest


@pytest.fixture
def console():
    """The root's configured console handler, writing into a buffer for the test."""
    handler = next(
        h for h in logging.getLogger().handlers if not type(h).__module__.startswith("_pytest")
    )
    assert isinstance(handler, logging.StreamHandler)
    buffer = io.StringIO()
    old = handler.setStream(buffer)
    yield buffer
    handler.setStream(old)
