"""Every URL of the site that carries a capability token, read from the URLconf.

A route parameter declared with the ``token`` converter (``<token:…>``, ``{token:token}`` in a
ninja route) or a ``re_path`` group named ``token`` is a token; each route is given back as a
path template with ``{t}`` in the token's place and a plain value in every other parameter's,
so that a route added by a new app is walked by the tests without editing them.
"""

import re

from django.urls import URLResolver, get_resolver
from django.urls.resolvers import LocalePrefixPattern, RegexPattern, RoutePattern

from numsite.tokens import TOKEN_GROUP, TokenConverter

_PARAM = re.compile(r"<(?:(?P<kind>[^>:]+):)?(?P<name>[^>]+)>")
#: a plain value of each converter of Django's (and of a regex group: the first that matches)
SAMPLES = {
    "int": "1",
    "slug": "x",
    "str": "x",
    "path": "x",
    "uuid": "0" * 8 + "-0000" * 3 + "-" + "0" * 12,
}


def _route(pattern: RoutePattern) -> tuple[str, bool]:
    converters = pattern.converters
    found = False

    def value(match: re.Match[str]) -> str:
        nonlocal found
        if isinstance(converters[match["name"]], TokenConverter):
            found = True
            return "{t}"
        return SAMPLES.get(match["kind"] or "str", "x")

    return _PARAM.sub(value, str(pattern)), found


def _groups(regex: str) -> list[tuple[int, int, str]]:
    """Each named group's span in ``regex`` and its name (no nested groups in ours)."""
    spans = []
    for match in re.finditer(r"\(\?P<(\w+)>", regex):
        depth, i = 1, match.end()
        while depth:
            if regex[i] == "\\":
                i += 1
            elif regex[i] == "(":
                depth += 1
            elif regex[i] == ")":
                depth -= 1
            i += 1
        spans.append((match.start(), i, match[1]))
    return spans


def _regex(pattern: RegexPattern) -> tuple[str, bool]:
    regex = str(pattern)
    out, at, found = [], 0, False
    for start, end, name in _groups(regex):
        out.append(regex[at:start])
        if name == TOKEN_GROUP:
            found = True
            out.append("{t}")
        else:
            inner = regex[start : end - 1].split(">", 1)[1]
            out.append(next((s for s in ("1", "x", "") if re.fullmatch(inner, s)), "x"))
        at = end
    out.append(regex[at:])
    text = "".join(out).removeprefix("^").removesuffix("$").removesuffix(r"\Z")
    return text, found


def token_routes() -> list[str]:
    """Every route with a token, as a path template (French: no language prefix)."""
    routes: list[str] = []

    def walk(patterns, prefix: str, token: bool) -> None:
        for entry in patterns:
            pattern = entry.pattern
            if isinstance(pattern, LocalePrefixPattern):
                text, found = "", False
            elif isinstance(pattern, RoutePattern):
                text, found = _route(pattern)
            else:
                text, found = _regex(pattern)
            if isinstance(entry, URLResolver):
                walk(entry.url_patterns, prefix + text, token or found)
            elif token or found:
                routes.append("/" + prefix + text)

    walk(get_resolver().url_patterns, "", False)
    return sorted(set(routes))
