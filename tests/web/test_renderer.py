"""numsite/renderer.py draws Django's stock widget templates in Python (issue #12): its output
must be, byte for byte, what Django's own templates draw.

Oracle: Django's ``DjangoTemplates`` renderer. Every widget of every form of the site, unbound
and bound (valid, invalid, hostile text), in French and in English; then arbitrary attributes,
values and labels (hypothesis) on every widget kind the renderer draws.
"""

from __future__ import annotations

import inspect
from pathlib import Path

import django
import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.utils import translation
from django.utils.safestring import mark_safe
from hypothesis import given, settings
from hypothesis import strategies as st

import calculators.games.num5.forms as num5_forms
import calculators.games.num_check.forms as check_forms
import calculators.games.num_connect.forms as connect_forms
import calculators.games.num_draft.forms as draft_forms
import calculators.parties.forms as party_forms
from calculators.web.fields import ScopedBoundField
from numsite.renderer import PYTHON_TEMPLATES, FastRenderer

DJANGO = DjangoTemplates()
FAST = FastRenderer()
HOSTILE = '<b>"L\'é&a"</b> 7R'


def site_forms() -> list[type[forms.Form]]:
    found = []
    for module in (check_forms, draft_forms, num5_forms, connect_forms, party_forms):
        for _, cls in inspect.getmembers(module, inspect.isclass):
            own = issubclass(cls, forms.BaseForm) and cls.__module__ == module.__name__
            # a Parties write form is built around its game; its fields are plain inputs
            needs_game = "game" in inspect.signature(cls.__init__).parameters
            if own and cls.base_fields and not needs_game:
                found.append(cls)
    return found


def sample_data(form_class: type[forms.Form], text: str) -> dict[str, object]:
    """One value per field: a valid-looking choice for a choice field, ``text`` elsewhere."""
    data: dict[str, object] = {}
    for name, field in form_class.base_fields.items():
        if isinstance(field, forms.MultipleChoiceField):
            data[name] = [str(v) for v, _ in list(field.choices)[:2]]
        elif isinstance(field, forms.ChoiceField):
            choices = list(field.choices)
            data[name] = str(choices[-1][0]) if choices else text
        elif isinstance(field, forms.BooleanField):
            data[name] = "on"
        else:
            data[name] = text
    return data


def widget_html(bound: forms.BoundField, renderer) -> str:
    widget = bound.field.widget
    context = widget.get_context(bound.html_name, bound.value(), bound.build_widget_attrs({}))
    return renderer.render(widget.template_name, context)


FORMS = site_forms()


def test_every_site_form_is_checked():
    names = {f.__name__ for f in FORMS}
    assert {"CheckForm", "DetectForm", "DraftForm", "Num5Form", "NewGameForm"} <= names


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("state", ["unbound", "valid", "hostile"])
@pytest.mark.parametrize("form_class", FORMS, ids=lambda c: c.__name__)
def test_python_widgets_draw_what_djangos_templates_draw(form_class, state, language):
    data = (
        None
        if state == "unbound"
        else sample_data(form_class, "7R 7B" if state == "valid" else HOSTILE)
    )
    with translation.override(language):
        form = form_class(data)
        if data is not None:
            form.is_valid()
        for bound in form:
            template_name = bound.field.widget.template_name
            if template_name not in PYTHON_TEMPLATES:
                continue
            assert widget_html(bound, FAST) == widget_html(bound, DJANGO), bound.name
            for option in bound.subwidgets:  # the radios and checkboxes drawn one by one
                assert str(option.tag()) == DJANGO.render(
                    option.data["template_name"], {"widget": {**option.data, "wrap_label": False}}
                )


def test_each_python_template_is_still_djangos_own_file():
    """An app template overriding one of these names would be ignored by FastRenderer."""
    own = Path(django.__file__).parent / "forms" / "templates"
    for name in PYTHON_TEMPLATES:
        assert own in Path(FAST.get_template(name).origin.name).parents, name


texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
attr_values = st.one_of(texts, st.booleans(), st.integers(-5, 5), texts.map(mark_safe))
attr_dicts = st.dictionaries(
    st.from_regex(r"[a-z][a-z-]{0,8}", fullmatch=True), attr_values, max_size=4
)
choice_lists = st.lists(st.tuples(texts, texts), max_size=5)


@settings(max_examples=150, deadline=None)
@given(
    kind=st.sampled_from(
        [
            forms.TextInput,
            forms.NumberInput,
            forms.HiddenInput,
            forms.Textarea,
            forms.CheckboxInput,
            forms.Select,
            forms.RadioSelect,
            forms.CheckboxSelectMultiple,
            forms.SelectMultiple,
        ]
    ),
    attrs=attr_dicts,
    value=st.one_of(st.none(), texts, st.lists(texts, max_size=3)),
    choices=choice_lists,
    grouped=st.booleans(),
)
def test_python_widgets_match_django_on_any_input(kind, attrs, value, choices, grouped):
    widget = kind(attrs=attrs)
    if hasattr(widget, "choices"):
        widget.choices = [("Groupe <1>", choices)] if grouped and choices else choices
    if isinstance(value, list) and not getattr(widget, "allow_multiple_selected", False):
        value = value[0] if value else None
    context = widget.get_context("champ", value, {"id": "id_champ"})
    name = widget.template_name
    assert name in PYTHON_TEMPLATES
    assert FAST.render(name, context) == DJANGO.render(name, context)
    if hasattr(widget, "choices"):
        for group in context["widget"]["optgroups"]:
            for option in group[1]:
                for wrap in (False, True):
                    option_context = {"widget": {**option, "wrap_label": wrap}}
                    assert FAST.render(option["template_name"], option_context) == DJANGO.render(
                        option["template_name"], option_context
                    )


#: the forms drawn by ScopedBoundField (the calculators'; Parties forms draw their own markup)
CALCULATOR_FORMS = [f for f in FORMS if issubclass(f.bound_field_class or object, ScopedBoundField)]


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("state", ["unbound", "valid", "hostile"])
@pytest.mark.parametrize("form_class", CALCULATOR_FORMS, ids=lambda c: c.__name__)
def test_a_list_of_choices_drawn_once_is_the_list_drawn_afresh(form_class, state, language):
    """Selects, checkboxes and radios are kept by everything they draw from
    (ScopedBoundField._choices_key): served again, they equal a fresh drawing."""
    data = (
        None
        if state == "unbound"
        else sample_data(form_class, "7R 7B" if state == "valid" else HOSTILE)
    )
    with translation.override(language):
        for _ in range(2):  # the second time from the cache
            form = form_class(data)
            if data is not None:
                form.is_valid()
            for bound in form:
                if bound._choices_key("widget") is None:
                    continue
                assert bound.described_widget() == bound._draw_widget(), bound.name
                if bound.kind == "choices":
                    assert bound.options() == bound._draw_options(), bound.name


def test_the_kept_lists_of_choices_follow_the_value_the_errors_and_the_language():
    from calculators.games.num_check.forms import CheckForm

    drawn = set()
    for language in ("fr", "en"):
        with translation.override(language):
            for data in (None, {"combo": "full", "cards": "7R", "rank": "3"}, {"rank": "9"}):
                form = CheckForm(data)
                if data:
                    form.is_valid()
                drawn.add(str(form["rank"].described_widget()))
    assert len(drawn) == 6  # two languages × (rank 1, rank 3 selected, an invalid rank)
