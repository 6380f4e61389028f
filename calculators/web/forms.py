"""The shared forms: the calculators' (request data → engine input; an engine
:class:`InputError` → a field error), and the writes' (request data → a service call; its
:class:`InputError` → a field error), used by the tablées and the events alike.

Each form runs its engine in ``clean()`` and keeps the answer in ``self.result``, so a view
only asks ``form.is_valid()`` and renders.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from django import forms
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext

from ..engines.cards import InputError
from .fields import ScopedBoundField


class EngineForm(forms.Form):
    """A form whose ``clean`` calls an engine; engine errors land on the named field."""

    bound_field_class = ScopedBoundField
    #: fields whose id takes the ``id_scope`` (their name is also a field of another form
    #: drawn on the same page)
    id_scope = ""
    scoped_ids: tuple[str, ...] = ()
    result: Any = None
    #: engine field name → form field name, where they differ
    field_map: dict[str, str] = {}
    #: fields whose error containers (drawn by ScopedBoundField.as_field_group) the htmx
    #: fragment refreshes out of band (web/_oob_errors.html)
    live_fields: tuple[str, ...] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.style_widgets()

    def style_widgets(self) -> None:
        """Bootstrap classes on every widget (card fields: :class:`CardInput`); the label, help
        text, error container and ``aria-describedby`` come from the one field template,
        :meth:`ScopedBoundField.as_field_group` (``{{ field.as_field_group }}``)."""
        for field in self.fields.values():
            widget = field.widget
            if isinstance(
                widget, forms.CheckboxInput | forms.RadioSelect | forms.CheckboxSelectMultiple
            ):
                css = "form-check-input"
            elif isinstance(widget, forms.Select):
                css = "form-select"
            else:
                css = "form-control"
            widget.attrs.setdefault("class", css)

    def data_copy(self) -> MutableMapping[str, Any]:
        """A copy of the bound data to change, then bind again as ``self.data`` (the form is
        redrawn with it): a request's QueryDict is immutable, its copy is not; a plain dict
        (tests) is copied as a dict."""
        if isinstance(self.data, MultiValueDict):
            return self.data.copy()
        return dict(self.data)

    def live_bound_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.live_fields]

    def run(self) -> Any:  # pragma: no cover - each form implements it
        raise NotImplementedError

    def clean(self) -> dict[str, Any] | None:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            self.result = self.run()
        except InputError as err:
            self.add_error(self.error_target(err), err.message)
        return cleaned

    def error_target(self, err: InputError) -> str | None:
        """The form field that shows an engine error (``None``: above the form)."""
        field = self.field_map.get(err.field, err.field)
        return field if field in self.fields else None


def name_lines(text: str, field: str, what: str) -> list[tuple[str, str]]:
    """Lines « Nom : … » as (name, rest), skipping blank lines."""
    pairs = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if ":" not in line:
            raise InputError(
                field,
                gettext("Ligne {number} : écrivez « Nom : {what} ».").format(
                    number=number, what=what
                ),
            )
        name, rest = line.split(":", 1)
        pairs.append((name.strip(), rest.strip()))
    return pairs


class ServiceForm(forms.Form):
    """A form whose ``clean`` calls a service; its errors land on their field (else the
    form's). ``refusals``: other exceptions a service may raise whose ``message`` is the form's
    error (the events': a table's Party refusing the write)."""

    result: Any = None
    refusals: tuple[type[Exception], ...] = ()

    def call(self, data: dict[str, Any]) -> Any:  # pragma: no cover - per form
        raise NotImplementedError

    def clean(self) -> dict[str, Any] | None:
        data = super().clean()
        if self.errors or data is None:
            return data
        try:
            self.result = self.call(data)
        except InputError as err:
            self.add_error(err.field if err.field in self.fields else None, err.message)
        except self.refusals as err:
            self.add_error(None, str(getattr(err, "message", err)))
        return data
