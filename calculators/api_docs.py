"""/api/: the JSON API's documentation page, drawn from the OpenAPI schema the API serves.

Every line comes from the schema django-ninja builds from the code that serves it, and the
combination names and mode aliases from the engines: the page cannot drift from what the API
accepts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from .api_urls import api
from .core import registry
from .engines import numcheck

METHODS = ("get", "post", "put", "patch", "delete")


@dataclass(frozen=True)
class Field:
    name: str
    type: str
    required: bool
    description: str


@dataclass(frozen=True)
class Operation:
    """One line of the page: an operation of the schema."""

    method: str
    path: str
    summary: str
    tag: str
    fields: tuple[Field, ...]
    statuses: tuple[str, ...]

    @property
    def anchor(self) -> str:
        return f"{self.method}-{self.path}".lower().replace("/", "-").strip("-")


@cache
def schema() -> dict[str, Any]:
    """The OpenAPI document of ``/api/v1/`` (the same the API serves)."""
    document: dict[str, Any] = api.get_openapi_schema(path_params={})
    return document


def _resolve(node: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = components[node["$ref"].rsplit("/", 1)[1]]
    return node


def type_text(node: dict[str, Any], components: dict[str, Any]) -> str:
    """A JSON schema as a short text: ``integer``, ``array of string``, ``string | null``…"""
    if "$ref" in node:
        return (
            "object"
            if "properties" in _resolve(node, components)
            else type_text(_resolve(node, components), components)
        )
    if "anyOf" in node:
        return " | ".join(type_text(n, components) for n in node["anyOf"])
    kind = node.get("type", "any")
    if kind == "array":
        return f"array of {type_text(node.get('items', {}), components)}"
    if kind == "object" and "additionalProperties" in node and node["additionalProperties"]:
        extra = node["additionalProperties"]
        inner = type_text(extra, components) if isinstance(extra, dict) else "any"
        return f"object of {inner}"
    return str(kind)


def operations() -> list[Operation]:
    """Every operation of the schema, in the order the API declares them."""
    doc = schema()
    components = doc.get("components", {}).get("schemas", {})
    found = []
    for path, item in doc["paths"].items():
        for method in METHODS:
            op = item.get(method)
            if op is None:
                continue
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {})
            model = _resolve(body.get("schema", {}), components)
            required = set(model.get("required", ()))
            fields = tuple(
                Field(name, type_text(prop, components), name in required,
                      prop.get("description", ""))
                for name, prop in model.get("properties", {}).items()
            )  # fmt: skip
            found.append(
                Operation(
                    method.upper(),
                    path,
                    op.get("summary", ""),
                    (op.get("tags") or [""])[0],
                    fields,
                    tuple(op.get("responses", {})),
                )  # fmt: skip
            )
    return found


@require_safe
def api_docs(request: HttpRequest) -> HttpResponse:
    lines = [
        (op, gettext(op.summary) if op.summary else "")  # the summaries are catalogue msgids
        for op in operations()
    ]
    context = {
        "operations": lines,
        "combos": numcheck.COMBOS,
        "mode_aliases": registry.documented_aliases(),
    }
    return render(request, "api.html", context)
