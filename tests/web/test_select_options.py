"""``{% options %}`` draws a select's options as the template loops did: each value and label
escaped, the one chosen (compared as text) marked, none when nothing is chosen."""

from __future__ import annotations

from types import SimpleNamespace

from django.template import engines


def options(choices, selected=None, *, rows=False) -> str:
    source = "{% load numsite %}{% options choices" + ("|player_choices" if rows else "")
    source += " selected %}" if selected is not None else " %}"
    return engines["django"].from_string(source).render({"choices": choices, "selected": selected})


def test_the_option_chosen_is_marked_compared_as_text():
    assert options([(1, "Léa"), (2, "Tom")], "2") == (
        '<option value="1">Léa</option><option value="2" selected>Tom</option>'
    )
    assert options([("full", "Full"), ("paire", "Paire")], "full").count(" selected") == 1


def test_no_option_is_marked_when_nothing_or_nothing_known_is_chosen():
    assert " selected" not in options([(1, "Léa"), (2, "Tom")])
    assert " selected" not in options([(1, "Léa"), (2, "Tom")], "3")
    assert " selected" not in options([(1, "Léa")], "")


def test_names_and_values_are_escaped():
    html = options([('"x', "<b>Zoé & Cie</b>")], '"x')
    assert html == '<option value="&quot;x" selected>&lt;b&gt;Zoé &amp; Cie&lt;/b&gt;</option>'


def test_a_boards_rows_are_its_players_in_table_order():
    rows = [
        SimpleNamespace(player=SimpleNamespace(pk=pk, name=name))
        for pk, name in ((7, "B"), (3, "A"))
    ]
    assert options(rows, 3, rows=True) == (
        '<option value="7">B</option><option value="3" selected>A</option>'
    )
