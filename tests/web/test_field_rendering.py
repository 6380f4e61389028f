"""One way to render a field: every form field of the calculators is drawn by Django's
``{{ field.as_field_group }}``, through Django's form renderer and the site's field template
(``web/field.html``, the template of calculators.web.fields.ScopedBoundField).

Each field, on every calculator page, empty or with an error: drawn once, a ``<label for>`` (a
``<fieldset>`` and ``<legend>`` for a group of radios or checkboxes), its error container
``err-<id>`` (``role="alert"``, ``data-error-for``) that the htmx out-of-band refresh fills, the
input ``aria-describedby`` it, and ``is-invalid`` on the field in error.
"""

import re
from collections import Counter
from collections.abc import Set
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django import forms

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
#: the one template that draws a calculator field (its radios and checkboxes one by one)
FIELD_TEMPLATE = TEMPLATES / "web" / "field.html"
#: the calculators' templates: every game's own, but its Parties part (party.html, _party_*.html)
CALCULATOR_TEMPLATES = [
    p for p in (TEMPLATES / "games").glob("*/*.html") if not p.name.startswith(("party", "_party"))
] + list((TEMPLATES / "web").glob("*.html"))

#: hand-written inputs that no Django form owns: the Num 5 sheet's state (round count, the names
#: the cells were typed under) and the turns already played, carried in the page's URL
NOT_FORM_FIELDS = {
    "num5/sheet.html": {"n", "was"},
    "num5/turn.html": {"{{ key }}"},
}


class Page(HTMLParser):
    """The form controls, labels, legends and error containers of a page."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.controls: list[dict[str, str]] = []
        self.labels: Counter[str] = Counter()
        self.by_id: dict[str, dict[str, str]] = {}
        self.ids: Counter[str] = Counter()
        self.fieldsets: list[dict[str, str]] = []
        self.text: dict[str, str] = {}
        self._open: list[tuple[str, str]] = []  # (tag, id) of the error containers being read
        self._forms = 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if a.get("id"):
            self.ids[a["id"]] += 1
            self.by_id[a["id"]] = {"tag": tag, **a}
        if tag == "label" and a.get("for"):
            self.labels[a["for"]] += 1
        if tag == "form":
            self._forms += 1
        if tag == "fieldset":
            self.fieldsets.append(a)
        drawn = a.get("type") not in {"hidden", "submit", "button"}
        if tag in {"input", "select", "textarea"} and a.get("name") and drawn:
            self.controls.append({"tag": tag, "form": str(self._forms), **a})
        if "data-error-for" in a:
            self._open.append((tag, a["id"]))
            self.text[a["id"]] = ""

    def handle_endtag(self, tag):
        if self._open and self._open[-1][0] == tag:
            self._open.pop()

    def handle_data(self, data):
        for _, ident in self._open:
            self.text[ident] += data


def check_fields(html: str, invalid: Set[str] = frozenset()) -> Page:
    """Check every field of the page; ``invalid``: the ids of the fields in error."""
    page = Page(html)
    assert page.controls, "no form field drawn"
    groups: dict[str, list[dict[str, str]]] = {}
    for control in page.controls:
        if control.get("type") in {"radio", "checkbox"} and re.search(r"_\d+$", control["id"]):
            groups.setdefault(control["name"], []).append(control)
            continue
        name, ident = control["name"], control["id"]
        same = [c for c in page.controls if (c["form"], c["name"]) == (control["form"], name)]
        assert len(same) == 1, f"{name} drawn twice in a form"
        assert page.ids[ident] == 1, ident
        assert page.labels[ident] == 1, f"{name}: no single <label for>"
        err = f"err-{ident}"
        box = page.by_id.get(err)
        assert box is not None and page.ids[err] == 1, f"{name}: no error container {err}"
        assert box["role"] == "alert" and box["data-error-for"] == ident, name
        assert err in control.get("aria-describedby", "").split(), name
        bad = "is-invalid" in control.get("class", "").split()
        assert bad == (ident in invalid), f"{name}: is-invalid {bad}"
        assert bool(page.text[err].strip()) == (ident in invalid), name
    for name, options in groups.items():
        ident = options[0]["id"].rsplit("_", 1)[0]
        err = f"err-{ident}"
        assert all(page.labels[o["id"]] == 1 for o in options), name
        assert page.by_id[err]["role"] == "alert", name
        assert any(err in f.get("aria-describedby", "").split() for f in page.fieldsets), name
    return page


def get(client, url, query=None, **headers):
    response = client.get(url, query or {}, **headers)
    assert response.status_code == 200, (url, query)
    return unescape(response.content.decode())


PAGES = [
    ("/num-check/", {}),
    ("/num-check/", {"combo": "full", "cards": "7R 7B 7J 3V 3A", "rank": "2"}),
    ("/num-check/detecteur/", {"hand": "7R 7B 3V 3J", "centre": "7J", "rank": "1"}),
    ("/num-draft/", {}),
    ("/num-draft/", {"g00": "7R", "g01": "7B", "mode": "classique", "values": "0-12"}),
    ("/num-draft/table/", {}),
    ("/num-5/", {}),
    ("/num-5/", {"players": "Léa, Tom, Zoé", "n": "2", "r0_0": "12", "r0_1": "3", "r0_2": "0"}),
    ("/num-5/tour/", {}),
    ("/num-5/tour/", {"players": "Léa, Tom, Zoé"}),
    ("/num-connect/", {}),
    ("/num-connect/", {"cards": "1R 2R 3R"}),
]


@pytest.mark.parametrize(("url", "query"), PAGES)
def test_every_field_has_label_error_container_and_description(client, url, query):
    check_fields(get(client, url, query))


ERRORS = [
    ("/num-check/", {"combo": "full", "cards": "17R 7B 7J 3V 3A", "rank": "1"}, {"id_cards"}),
    ("/num-check/detecteur/", {"hand": "7R 7B 3V 3J", "centre": "99Z", "rank": "1"}, {"id_centre"}),
    (
        "/num-check/detecteur/",
        {"hand": "7R 7B 3V 3J", "centre": "7J", "rank": "9"},
        {"id_detect_rank"},
    ),
    ("/num-draft/", {"g00": "123456789"}, {"id_g00"}),
    ("/num-draft/table/", {"players": "Léa 3R"}, {"id_players"}),
    ("/num-draft/table/", {"turned": "Léa 3R"}, {"id_turned"}),
    ("/num-5/", {"players": "Léa, Tom"}, {"id_players"}),
    ("/num-5/tour/", {"players": "Léa, Tom"}, {"id_players"}),
    ("/num-5/tour/", {"players": "A, B, C", "r2": "0R 4B"}, {"id_r2"}),
    ("/num-connect/", {"cards": "17R"}, {"id_cards"}),
]


@pytest.mark.parametrize(("url", "query", "invalid"), ERRORS)
def test_a_field_in_error_is_marked_and_says_why(client, url, query, invalid):
    check_fields(get(client, url, query), invalid)


def test_the_sheet_field_in_error(client):
    response = client.post("/num-check/feuille/", {"players": "Léa Paire 5R 5B"})
    check_fields(unescape(response.content.decode()), {"id_players"})


def test_oob_error_refresh_targets_the_drawn_container(client):
    """The htmx fragment refreshes the very container the field template drew."""
    query = {"combo": "full", "cards": "17R 7B 7J 3V 3A", "rank": "1"}
    page = Page(get(client, "/num-check/", query))
    fragment = get(
        client, "/num-check/", query, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="check-result"
    )
    assert re.search(r'<div id="err-id_cards" hx-swap-oob="innerHTML">[^<]*17', fragment)
    assert page.by_id["err-id_cards"]["data-error-for"] == "id_cards"


def test_card_fields_keep_the_card_input_widget(client):
    page = Page(get(client, "/num-check/"))
    cards = page.by_id["id_cards"]
    assert "card-input" in cards["class"].split() and "data-chips" in cards
    draft = Page(get(client, "/num-draft/"))
    place = draft.by_id["id_g00"]
    assert "card-input" in place["class"].split() and place["data-place"] == "id_g00"
    assert "data-chips" not in place


def test_no_hand_written_input_for_a_form_field():
    """Fields are drawn by ``as_field_group``; a hand-written control is only for a value no
    Django form owns (NOT_FORM_FIELDS, each with its reason)."""
    found = {}
    for path in sorted(CALCULATOR_TEMPLATES):
        names = set(
            re.findall(r'<(?:input|select|textarea)\b[^>]*\bname="([^"]+)"', path.read_text())
        )
        if names:
            found[f"{path.parent.name}/{path.name}"] = names
    assert found == NOT_FORM_FIELDS


def test_one_field_renderer():
    assert not list(TEMPLATES.rglob("_field.html"))
    assert ".tag }}" in FIELD_TEMPLATE.read_text()
    drawn = 0
    for path in CALCULATOR_TEMPLATES:
        if path == FIELD_TEMPLATE:
            continue
        text = path.read_text()
        assert "_field.html" not in text, path.name
        assert ".tag }}" not in text, path.name  # radios drawn one by one
        assert "as_crispy_field" not in text and ".as_widget" not in text, path.name
        drawn += text.count(".as_field_group }}")
    assert drawn >= 25


def test_a_place_error_is_refreshed_by_the_htmx_fragment(client):
    """A NUM DRAFT place too long: its own container says so, in the page and in the fragment
    sent while the player types (the form itself is not swapped)."""
    hx = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "draft-result"}
    fragment = get(client, "/num-draft/", {"g00": "123456789"}, **hx)
    assert re.search(r'<div id="err-id_g00" hx-swap-oob="innerHTML">[^<]*8', fragment)
    assert '<div id="err-id_g01" hx-swap-oob="innerHTML"></div>' in fragment


def test_num5_players_described_by_help_note_and_error(client):
    page = Page(get(client, "/num-5/", {"players": "Léa, Tom"}))
    described = page.by_id["id_players"]["aria-describedby"].split()
    assert described == ["num5-players-note", "id_players_helptext", "err-id_players"]
    assert all(page.ids[i] == 1 for i in described)


def test_two_forms_of_a_page_never_share_an_id(client):
    """The NUM CHECK score and detector both have a ``rank``, the table and the Ouverture a
    ``values``: same names in the URL, but each its own id, label and error container."""
    check = Page(get(client, "/num-check/"))
    assert check.ids["id_rank"] == check.ids["id_detect_rank"] == 1
    assert check.labels["id_detect_rank"] == 1 and check.ids["err-id_detect_rank"] == 1
    table = Page(get(client, "/num-draft/table/"))
    assert table.ids["id_values"] == table.ids["id_opening_values"] == 1
    names = [c["name"] for c in table.controls if c["id"] == "id_opening_values"]
    assert names == ["values"]
    hx = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "detect-result"}
    query = {"hand": "7R 7B 3V 3J", "centre": "7J", "rank": "9"}
    fragment = get(client, "/num-check/detecteur/", query, **hx)
    assert re.search(r'<div id="err-id_detect_rank" hx-swap-oob="innerHTML">[^<]+<', fragment)
    assert 'id="err-id_rank"' not in fragment


def test_fields_are_drawn_by_djangos_form_renderer_and_templates():
    """Django's own renderer and stock widget templates; the site adds two templates of its own
    (the field group and the card widget), from templates/."""
    from django.conf import settings
    from django.forms.renderers import TemplatesSetting, get_default_renderer

    from calculators.games.num_check.forms import DetectForm

    renderer = get_default_renderer()
    assert type(renderer) is TemplatesSetting
    assert settings.FORM_RENDERER == "django.forms.renderers.TemplatesSetting"
    form = DetectForm()
    assert form["rank"].template_name == "web/field.html"
    assert form["hand"].field.widget.template_name == "web/widgets/card_input.html"
    django_forms = Path(forms.__file__).parent / "templates"
    stock = renderer.get_template(form["rank"].field.widget.template_name)
    assert stock is not None and django_forms in Path(stock.origin.name).parents
    field = renderer.get_template("web/field.html")
    assert field is not None and Path(field.origin.name) == FIELD_TEMPLATE


HOSTILE = '<b>"L\'é&a"</b>'


def test_a_card_field_draws_its_id_after_its_name_and_always_a_value():
    from calculators.games.num_check.forms import CheckForm

    empty = str(CheckForm()["cards"].as_widget())
    assert empty.startswith('<input type="text" name="cards" id="id_cards" value="" class=')
    form = CheckForm({"combo": "full", "cards": HOSTILE, "rank": "1"})
    form.is_valid()
    drawn = str(form["cards"].as_widget())
    assert ' value="&lt;b&gt;&quot;L&#x27;é&amp;a&quot;&lt;/b&gt;"' in drawn
    assert 'aria-invalid="true"' in drawn and "is-invalid" in drawn and "<b>" not in drawn


def test_a_field_group_escapes_what_a_player_typed_and_the_errors():
    from calculators.games.num_check.forms import CheckForm

    form = CheckForm({"combo": "full", "cards": HOSTILE, "rank": "1"})
    assert not form.is_valid()
    page = Page(str(form["cards"].as_field_group()))
    assert "<b>" not in str(form["cards"].as_field_group())
    box = page.by_id["err-id_cards"]
    assert box["data-error-for"] == "id_cards" and page.text["err-id_cards"].strip()
    assert page.by_id["id_cards"]["aria-describedby"] == "id_cards_helptext err-id_cards"
    assert page.ids["id_cards_helptext"] == 1
    assert page.labels["id_cards"] == 1
