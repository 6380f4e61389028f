"""The active language is thread-local and a request to /en/… leaves English active: each test
here ends with Django's default again, so no later test reverses URLs in English."""

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _default_language_after():
    yield
    translation.deactivate()
