"""Capability tokens in URLs: the one ``token`` path converter, and the URL prefixes that carry
a token, read from the URLconf.

Declaring every secret token with this converter makes the URLconf the one list of token URLs
(docs/architecture.md « Layers and what may import what »): the log filter and the proxies'
compression exclusions follow a new app without being told. A ``re_path`` group named ``token``
counts as well (the Parties' old links).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from django.urls import URLResolver, get_resolver, register_converter
from django.urls.converters import StringConverter
from django.urls.resolvers import LocalePrefixPattern, RegexPattern, RoutePattern


class TokenConverter(StringConverter):
    """A secret token: any segment, as ``str`` (the view answers 404 for a wrong one); its
    converter's type is what marks the parameter as a secret."""

    regex = "[^/]+"


register_converter(TokenConverter, "token")

#: the name of a ``re_path`` group that is a token
TOKEN_GROUP = "token"
#: where a regex stops being a literal
_REGEX_META = re.compile(r"[\\.^$*+?{}\[\]|()]")


def _literal(pattern: object) -> tuple[str, bool]:
    """The literal start of one level's pattern, and whether a token parameter is in it."""
    if isinstance(pattern, LocalePrefixPattern):
        return "", False  # the language prefix (« en/ ») is before every marker anyway
    if isinstance(pattern, RoutePattern):
        route = str(pattern)
        has_token = any(isinstance(c, TokenConverter) for c in pattern.converters.values())
        return route.split("<", 1)[0], has_token
    if isinstance(pattern, RegexPattern):
        regex = str(pattern).removeprefix("^")
        has_token = TOKEN_GROUP in pattern.regex.groupindex
        return _REGEX_META.split(regex, 1)[0], has_token
    return "", False  # an unknown kind of pattern: no literal known


def _walk(patterns: Iterable[object], prefix: str, literal: bool) -> Iterable[str]:
    """The literal path before each token (``prefix`` stays literal while ``literal``)."""
    for entry in patterns:
        pattern = getattr(entry, "pattern", None)
        start, has_token = _literal(pattern)
        here = prefix + start if literal else prefix
        # the language prefix is left out whatever the active language (it would read « en/ »)
        whole = "" if isinstance(pattern, LocalePrefixPattern) else str(pattern)
        still_literal = literal and start == whole.removeprefix("^").removesuffix("\\Z")
        if has_token:
            yield here
        elif isinstance(entry, URLResolver):
            yield from _walk(entry.url_patterns, here, still_literal)


def token_prefixes(urlconf: str | None = None) -> list[str]:
    """Every path prefix (``/tablees/rattacher/``, ``/api/v1/parties/``…) a token follows, in
    the URLconf, sorted; the language prefix left out (``/en/tablees/`` contains
    ``/tablees/``)."""
    return sorted({"/" + p for p in _walk(get_resolver(urlconf).url_patterns, "", True)})


def minimal_markers(prefixes: Iterable[str]) -> list[str]:
    """The prefixes that no shorter one is part of: ``/tablees/`` covers
    ``/tablees/rattacher/`` and ``/api/v1/tablees/`` (a line is searched past its marker)."""
    ordered = sorted(set(prefixes), key=len)
    kept: list[str] = []
    for p in ordered:
        if not any(k in p for k in kept):
            kept.append(p)
    return sorted(kept)
