"""A regular-expression search that fails the test when nothing matches, so that a test reads
the match's groups directly (``search(...).group(1)``) and mypy knows it is there."""

import re
from typing import AnyStr


def search(pattern: AnyStr | re.Pattern[AnyStr], text: AnyStr, flags: int = 0) -> re.Match[AnyStr]:
    """``re.search(pattern, text, flags)``, asserting that it matched."""
    found = re.search(pattern, text, flags)
    assert found is not None, f"{pattern!r} not found in {text[:300]!r}"
    return found
