"""How a calculator field is drawn: the card widget and the bound field behind
``{{ form.cards.as_field_group }}``, both through Django's form renderer and their own
templates (``web/widgets/card_input.html``, ``web/field.html``).

Every calculator form (calculators.web.forms.EngineForm) uses :class:`ScopedBoundField`.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import cached_property
from django.utils.safestring import SafeString


class CardInput(forms.TextInput):
    """The one widget of every card field (« 7R 7B JK »): typed on a keyboard or filled by the
    card picker; ``chips`` mirrors a list of cards as chips (not for a one-card place)."""

    template_name = "web/widgets/card_input.html"

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


#: The attribute that flags a form field as a card place (:func:`place`); Django's fields have
#: no such attribute of their own, so it is set and read by name.
PLACE_FLAG = "place"


def place(field: forms.Field) -> forms.Field:
    """Flag a card place drawn in a strip or a table cell: the field template keeps its label
    for screen readers only and draws no margin around it."""
    setattr(field, PLACE_FLAG, True)
    return field


class ScopedBoundField(forms.BoundField):
    """A calculator field, drawn by ``{{ field.as_field_group }}`` with ``web/field.html``.

    Its id carries its form's ``id_scope`` (``id_detect_rank``) on a page that draws two forms
    with a field of the same name: one label, one error container each. The parts the template
    needs (kind, ids, the described widget) are computed here."""

    @property
    def template_name(self) -> str:
        """A field's own ``template_name`` (Django's ``Field(template_name=…)``) when it has one,
        else the site's field template."""
        return getattr(self.field, "template_name", None) or "web/field.html"

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

    def described_widget(self) -> SafeString:
        """The widget, described by its own ``aria-describedby`` (a table's shared help), the
        help text and the error container, with Bootstrap's ``is-invalid`` on an error."""
        own = self.field.widget.attrs
        described = _words(own.get("aria-describedby", ""), self.described_by)
        extra: dict[str, str | bool] = {"aria-describedby": described}
        if self.errors:
            extra["class"] = _words(own.get("class", ""), "is-invalid")
        return self.as_widget(attrs=extra)


def _words(have: str, add: str) -> str:
    """``have`` with each word of ``add`` it lacks appended (a class or an id list)."""
    words = have.split()
    return " ".join(words + [w for w in add.split() if w not in words])
