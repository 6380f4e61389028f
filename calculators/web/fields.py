"""How a calculator field is drawn: the card widget and the bound field behind
``{{ form.cards.as_field_group }}``, drawn in Python for speed, their markup unchanged.

Every calculator form (calculators.web.forms.EngineForm) uses :class:`ScopedBoundField`; lists of
choices it draws are kept by everything they draw from (:func:`_cached`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from django import forms
from django.forms.widgets import ChoiceWidget
from django.utils.functional import cached_property
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from numsite.renderer import attrs as attributes
from numsite.renderer import shown as renderer_shown
from numsite.renderer import shown_str


class CardInput(forms.TextInput):
    """The one widget of every card field (« 7R 7B JK »): typed on a keyboard or filled by the
    card picker; ``chips`` mirrors a list of cards as chips (not for a one-card place)."""

    def __init__(self, attrs: dict[str, Any] | None = None, *, chips: bool = True) -> None:
        base = {
            "class": "form-control card-input",
            "autocomplete": "off",
            "autocapitalize": "characters",
            "spellcheck": "false",
        }
        if chips:
            base["data-chips"] = ""
        super().__init__({**base, **(attrs or {})})

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        """Bootstrap's invalid look on a field Django marks ``aria-invalid``."""
        context = super().get_context(name, value, attrs)
        drawn = context["widget"]["attrs"]
        if drawn.get("aria-invalid") == "true" and "is-invalid" not in drawn.get("class", ""):
            drawn["class"] = f"{drawn.get('class', '')} is-invalid".strip()
        return context

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        """``<input type="text" name="…" id="…" value="…" …>``: the id right after the name
        and a value always drawn (empty when none), then the other attributes, escaped as
        Django's ``attrs.html`` does (drawn in Python, as numsite/renderer.py draws widgets)."""
        widget = self.get_context(name, value, attrs)["widget"]
        others = dict(widget["attrs"])
        ident = others.pop("id", None)
        return mark_safe(  # safe HTML: every part is escaped
            f'<input type="text" name="{renderer_shown(widget["name"])}"'
            + (f' id="{renderer_shown(ident)}"' if ident else "")
            + f' value="{shown_str("" if widget["value"] is None else widget["value"])}"'
            + f"{attributes({'attrs': others})}>"
        )


#: The attribute that flags a form field as a card place (:func:`place`); Django's fields have
#: no such attribute of their own, so it is set and read by name.
PLACE_FLAG = "place"


def place(field: forms.Field) -> forms.Field:
    """Flag a card place drawn in a strip or a table cell: the field template keeps its label
    for screen readers only and draws no margin around it."""
    setattr(field, PLACE_FLAG, True)
    return field


class ScopedBoundField(forms.BoundField):
    """A calculator field, drawn by :meth:`as_field_group`.

    Its id carries its form's ``id_scope`` (``id_detect_rank``) on a page that draws two forms
    with a field of the same name: one label, one error container each. Its parts (ids, kind,
    the described widget) are computed once, in Python: a template that derived them with
    filters and crispy-forms' ``crispy_field`` tag cost half a millisecond a field."""

    @cached_property
    def auto_id(self) -> str:  # a form's ids never change once it is made
        scope = getattr(self.form, "id_scope", "")
        if scope and self.name in getattr(self.form, "scoped_ids", ()) and self.form.auto_id:
            return str(self.form.auto_id) % f"{scope}_{self.html_name}"
        return super().auto_id

    @cached_property
    def kind(self) -> str:
        """``choices`` (radios or checkboxes in a fieldset), ``check`` (one checkbox) or
        ``input`` (everything else, a card field included)."""
        widget = self.field.widget
        if isinstance(widget, forms.RadioSelect | forms.CheckboxSelectMultiple):
            return "choices"
        return "check" if isinstance(widget, forms.CheckboxInput) else "input"

    @cached_property
    def inline(self) -> bool:
        """Radios sit on one line; a list of checkboxes does not."""
        return not isinstance(self.field.widget, forms.CheckboxSelectMultiple)

    @cached_property
    def error_id(self) -> str:
        """The error container's id, always drawn (the htmx out-of-band refresh finds it)."""
        return f"err-{self.auto_id}"

    @cached_property
    def help_id(self) -> str:
        return f"{self.auto_id}_helptext"

    @cached_property
    def described_by(self) -> str:
        """The help text (when there is one), then the error container."""
        return f"{self.help_id} {self.error_id}" if self.help_text else self.error_id

    @property
    def place(self) -> bool:
        return bool(getattr(self.field, PLACE_FLAG, False))

    def options(self) -> SafeString:
        """A fieldset's radios or checkboxes, each with its label (Bootstrap's form-check)."""
        return _cached(self._choices_key("options"), self._draw_options)

    def _draw_options(self) -> SafeString:
        css = "form-check form-check-inline" if self.inline else "form-check"
        return mark_safe(  # safe HTML: the tags are Django's, the rest escaped
            "".join(
                f'<div class="{css}">{option.tag()} <label class="form-check-label" '
                f'for="{renderer_shown(option.id_for_label)}">'
                f"{renderer_shown(option.choice_label)}</label></div>"
                for option in self
            )
        )

    def described_widget(self) -> str:
        """The widget, described by its own ``aria-describedby`` (a table's shared help), the
        help text and the error container, with Bootstrap's ``is-invalid`` on an error."""
        return _cached(self._choices_key("widget"), self._draw_widget)

    def _draw_widget(self) -> SafeString:
        own = self.field.widget.attrs
        extra: dict[str, str | bool] = {
            "aria-describedby": _words(own.get("aria-describedby", ""), self.described_by)
        }
        if self.errors:
            extra["class"] = _words(own.get("class", ""), "is-invalid")
        return self.as_widget(attrs=extra)

    def _choices_key(self, part: str) -> tuple[Hashable, ...] | None:
        """Everything a list of choices draws from (a ``<select>``, checkboxes, radios), or
        ``None`` for any other widget: its HTML is then made once per key (the same fourteen
        combinations and eight ranks, option by option, on every page)."""
        widget, field = self.field.widget, self.field
        if not isinstance(widget, ChoiceWidget):
            return None
        try:
            return hash_key(
                part,
                type(widget),
                self.html_name,
                self.auto_id,
                widget.attrs,
                str(self.help_text),
                field.required,
                field.disabled,
                self.form.use_required_attribute,
                bool(self.errors),
                self.value(),
                list(widget.choices),
                get_language(),
            )
        except TypeError:  # something unhashable in it: drawn every time
            return None

    def as_field_group(self) -> SafeString:
        """The site's one way to draw a calculator field (``{{ form.cards.as_field_group }}``,
        Django's own API for a field with its label, help text and errors), drawn in Python.

        A label bound to the input; the help text (``id_<name>_helptext``); the error container
        ``err-id_<name>`` (``role=alert``, ``data-error-for``), always drawn, even empty, so the
        htmx out-of-band refresh (web/_oob_errors.html) and numsite.js ``syncErrors``
        find it; the input described by both and marked ``is-invalid`` on error. Radios and
        checkboxes sit in a ``<fieldset>`` with a ``<legend>``. A field flagged ``place`` (a
        card place in a strip or a table cell) keeps its label for screen readers only.

        Drawn here rather than by a template: the template, through crispy-forms'
        ``|as_crispy_field``, cost a third of a calculator page (a template render and a
        context per field, 17 fields on NUM DRAFT's page)."""
        if self.is_hidden:
            return self.__html__()  # str(self): the hidden widget, safe HTML
        label = renderer_shown(self.label)
        target = renderer_shown(self.id_for_label)
        if self.kind == "choices":
            head = (
                f'\n<fieldset class="mb-2" aria-describedby="{renderer_shown(self.described_by)}">'
                f'<legend class="form-label fw-semibold fs-6">{label}</legend>\n  {self.options()}\n'
            )
        elif self.kind == "check":
            head = (
                f'\n<div class="mb-2">\n  <div class="form-check">{self.described_widget()} '
                f'<label class="form-check-label" for="{target}">{label}</label></div>\n'
            )
        else:
            css = "" if self.place else ' class="mb-2"'
            label_css = "visually-hidden" if self.place else "form-label fw-semibold"
            head = (
                f'\n<div{css}>\n  <label class="{label_css}" for="{target}">{label}</label>\n'
                f"  {self.described_widget()}\n"
            )
        help_html = (
            f'<div class="form-text" id="{renderer_shown(self.help_id)}">'
            f"{renderer_shown(self.help_text)}</div>"
            if self.help_text
            else ""
        )
        errors = "".join(f"{renderer_shown(e)} " for e in self.errors)
        close = "</fieldset>" if self.kind == "choices" else "</div>"
        return mark_safe(  # safe HTML: every part is escaped or Django's safe HTML
            f"{head}\n  {help_html}\n"
            f'  <div class="invalid-feedback d-block" id="{renderer_shown(self.error_id)}" '
            f'data-error-for="{renderer_shown(self.auto_id)}" role="alert">{errors}</div>\n'
            f"{close}\n"
        )


#: HTML of lists of choices by everything they draw from (ScopedBoundField._choices_key);
#: emptied when full.
_CHOICES_HTML: dict[tuple[Hashable, ...], SafeString] = {}
CHOICES_KEPT = 2048


def hash_key(*parts: Any) -> tuple[Hashable, ...]:
    """``parts`` as a hashable key: dicts, lists and tuples frozen, recursively."""
    return tuple(_frozen(part) for part in parts)


def _frozen(value: object) -> Hashable:
    if isinstance(value, dict):
        return tuple((k, _frozen(v)) for k, v in value.items())
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    hash(value)  # TypeError for anything else unhashable
    return value


def _cached(key: tuple[Hashable, ...] | None, draw: Callable[[], SafeString]) -> SafeString:
    if key is None:
        return draw()
    html = _CHOICES_HTML.get(key)
    if html is None:
        html = draw()
        if len(_CHOICES_HTML) >= CHOICES_KEPT:
            _CHOICES_HTML.clear()
        _CHOICES_HTML[key] = html
    return html


def _words(have: str, add: str) -> str:
    """``have`` with each word of ``add`` it lacks appended (a class or an id list)."""
    words = have.split()
    return " ".join(words + [w for w in add.split() if w not in words])
