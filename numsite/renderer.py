"""The site's form renderer: Django's widget templates, drawn by Python, for speed.

A calculator page draws up to twenty widgets. Through Django's templates each one costs a
template render plus nested ``{% include %}``s (a ``<select>`` of 14 options is 30 templates and
48 attribute loops), which made widgets and their field wrappers more than half of a page's
time. :class:`FastRenderer` is Django's own :class:`~django.forms.renderers.DjangoTemplates`
renderer, except that the stock widget templates listed in :data:`PYTHON_TEMPLATES` are drawn by
the functions below, which say in Python exactly what those templates say (each mirrors the
template quoted in its docstring, with the same escaping and localisation primitives the
template engine applies to ``{{ }}``). Any other template (the form layouts
``django/forms/div.html``, a widget of our own) is rendered by the template engine as before.

tests/web/test_renderer.py holds the contract: for every widget of every form of the site,
bound and unbound, valid and invalid, and for arbitrary attributes and values (hypothesis), the
output is byte for byte what Django's templates draw; and each listed name still resolves to
Django's own file (a project overriding one would otherwise be silently ignored).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

from django.forms.renderers import DjangoTemplates, get_default_renderer
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

W = "django/forms/widgets/"


def shown(value: Any) -> str:
    """``{{ value }}``: localised, then escaped unless already safe (render_value_in_context).
    A plain ``str`` (most values: names, ids, classes) is only escaped, as Django's ``escape``
    does (``html.escape``), without the lazy-string checks."""
    if type(value) is str:
        return html.escape(value)
    value = localize(value)
    if not isinstance(value, str):
        value = str(value)
    return conditional_escape(value)


def shown_str(value: Any) -> str:
    """``{{ value|stringformat:'s' }}``: ``str()`` (safe input stays safe), escaped."""
    if type(value) is str:
        return html.escape(value)
    return conditional_escape(value if isinstance(value, SafeString) else str(value))


def attrs(widget: Mapping[str, Any]) -> str:
    """``attrs.html``: ``{% for name, value in widget.attrs.items %}{% if value is not False %}
    {{ name }}{% if value is not True %}="{{ value|stringformat:'s' }}"{% endif %}{% endif %}
    {% endfor %}`` (the one stock widget template with no final newline)."""
    parts = []
    for name, value in widget["attrs"].items():
        if value is False:
            continue
        if value is True:
            parts.append(f" {shown(name)}")
        else:
            parts.append(f' {shown(name)}="{shown_str(value)}"')
    return "".join(parts)


# Each function below returns its template's output before the renderer strips it, final
# newline included: an ``{% include %}`` keeps the included template's newline, and a ``<select>``
# therefore has a blank line between its options, exactly as Django draws it.


def input_(widget: Mapping[str, Any]) -> str:
    """``input.html``: ``<input type="{{ widget.type }}" name="{{ widget.name }}"{% if
    widget.value != None %} value="{{ widget.value|stringformat:'s' }}"{% endif %}{% include
    "django/forms/widgets/attrs.html" %}>``."""
    value = widget["value"]
    value_attr = f' value="{shown_str(value)}"' if value is not None else ""
    return f'<input type="{shown(widget["type"])}" name="{shown(widget["name"])}"{value_attr}{attrs(widget)}>\n'


def input_option(widget: Mapping[str, Any]) -> str:
    """``input_option.html``: ``{% if widget.wrap_label %}<label{% if widget.attrs.id %}
    for="{{ widget.attrs.id }}"{% endif %}>{% endif %}{% include
    "django/forms/widgets/input.html" %}{% if widget.wrap_label %} {{ widget.label }}</label>{%
    endif %}``."""
    if not widget.get("wrap_label"):
        return f"{input_(widget)}\n"
    target = widget["attrs"].get("id")
    label_for = f' for="{shown(target)}"' if target else ""
    return f"<label{label_for}>{input_(widget)} {shown(widget['label'])}</label>\n"


def select_option(widget: Mapping[str, Any]) -> str:
    """``select_option.html``: ``<option value="{{ widget.value|stringformat:'s' }}"{% include
    "django/forms/widgets/attrs.html" %}>{{ widget.label }}</option>``."""
    return f'<option value="{shown_str(widget["value"])}"{attrs(widget)}>{shown(widget["label"])}</option>\n'


def _option(option: Mapping[str, Any]) -> str:
    """``{% include option.template_name with widget=option %}``."""
    draw = PYTHON_TEMPLATES.get(option["template_name"])
    if draw is None:  # a widget's own option template: the template engine draws it
        template = get_default_renderer().get_template(option["template_name"])
        return template.render({"widget": option})
    return draw(option)


def _grouped(widget: Mapping[str, Any], opening: str, each: str, closing: str) -> str:
    """The options of ``widget`` drawn ``each`` (``{}``: the option's own template), a group's
    in ``opening`` (``{}``: its name) … ``closing`` — the loop ``select.html`` and
    ``multiple_input.html`` share."""
    parts = []
    for group, options, _index in widget["optgroups"]:
        if group:
            parts.append(opening.format(shown(group)))
        parts.extend(each.format(_option(option)) for option in options)
        if group:
            parts.append(closing)
    return "".join(parts)


def select(widget: Mapping[str, Any]) -> str:
    """``select.html``: the options, in their ``<optgroup>`` when grouped."""
    options = _grouped(widget, '\n  <optgroup label="{}">', "\n  {}", "\n  </optgroup>")
    return f'<select name="{shown(widget["name"])}"{attrs(widget)}>{options}\n</select>\n'


def multiple_input(widget: Mapping[str, Any]) -> str:
    """``multiple_input.html`` (``radio``, ``checkbox_select``): each option in a ``<div>``."""
    ident = widget["attrs"].get("id")
    css = widget["attrs"].get("class")
    opening = "".join(
        ["<div", f' id="{shown(ident)}"' if ident else "", f' class="{shown(css)}"' if css else ""]
    )
    options = _grouped(widget, "\n  <div><label>{}</label>", "<div>\n    {}</div>", "\n  </div>")
    return f"{opening}>{options}\n</div>\n"


def textarea(widget: Mapping[str, Any]) -> str:
    """``textarea.html``: ``<textarea name="{{ widget.name }}"{% include
    "django/forms/widgets/attrs.html" %}>\\n{% if widget.value %}{{ widget.value }}{% endif
    %}</textarea>``."""
    value = shown(widget["value"]) if widget["value"] else ""
    return f'<textarea name="{shown(widget["name"])}"{attrs(widget)}>\n{value}</textarea>\n'


def _including(draw: Callable[[Mapping[str, Any]], str]) -> Callable[[Mapping[str, Any]], str]:
    """A template whose whole text is ``{% include "…" %}`` and its newline."""
    return lambda widget: f"{draw(widget)}\n"


_INPUTS: tuple[str, ...] = ("text", "number", "hidden", "email", "password", "url", "search")
_INPUTS += ("tel", "checkbox", "color", "date", "datetime", "time")

#: Django's stock widget templates drawn in Python (name → widget context → the template's
#: output before stripping); every other name goes to the template engine.
PYTHON_TEMPLATES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    f"{W}input.html": input_,
    **{f"{W}{name}.html": _including(input_) for name in _INPUTS},
    f"{W}input_option.html": input_option,
    f"{W}radio_option.html": _including(input_option),
    f"{W}checkbox_option.html": _including(input_option),
    f"{W}select_option.html": select_option,
    f"{W}select.html": select,
    f"{W}multiple_input.html": multiple_input,
    f"{W}radio.html": _including(multiple_input),
    f"{W}checkbox_select.html": _including(multiple_input),
    f"{W}textarea.html": textarea,
}


class FastRenderer(DjangoTemplates):
    """Django's default form renderer, with the stock widget templates drawn in Python."""

    def render(self, template_name: str, context: dict[str, Any], request: Any = None) -> str:
        draw = PYTHON_TEMPLATES.get(template_name)
        if draw is not None:  # as BaseRenderer.render: the template's output, stripped
            return mark_safe(draw(context["widget"]).strip())  # safe HTML: all escaped above
        return super().render(template_name, context, request)
