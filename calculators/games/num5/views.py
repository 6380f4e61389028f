"""Num 5's calculator pages: the sheet of rounds, and « Jouer un tour » with the account of
each step. The engine decides everything; this module words its steps and links each to its
ruling."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_safe
from django_htmx.http import push_url, reswap, retarget

from calculators.templatetags.numsite import card_chip
from rules.games import content_dir, content_language
from rules.views import rulebook_context

from ...engines import num5turn
from ...engines.cards import Card
from ...web.pages import HtmxRequest, page
from .answers import colour_name, where_text
from .forms import Num5Form, TurnForm
from .readers import ROW_FIELDS

TEMPLATE = "games/num5/sheet.html"
TURN_TEMPLATE = "games/num5/turn.html"
FRAGMENT = "turn-calculator"
RULINGS_NAME = "num-5-turn-rulings.md"  # in rules/content/ (French) and rules/content/en/


_HEADING = re.compile(r"^### (T\d+)\. (.+?) \{#(arbitrage-tour-t\d+)\}\s*$", re.M)


@require_safe
def num_5(request: HtmxRequest) -> HttpResponse:
    """The Num 5 sheet; the form applies ``add``/``remove`` and keeps cells with their player.

    With htmx, a change of the table's shape answers the whole ``#num5-calculator``, else only
    the result. The URL pushed is the sheet as drawn, so Back undoes an action; without
    JavaScript, ✕ and « Ajouter » are GETs, so Back does too.
    """
    form = Num5Form(request.GET) if "players" in request.GET else Num5Form()
    result = form.result if form.is_bound and form.is_valid() else None
    context = {
        "form": form,
        "result": result,
        "rows": form.rows() if form.is_bound else [],
        "rounds_running": list(zip(result.rounds, result.running, strict=True)) if result else [],
        "restore_url": f"{request.path}?{form.restore_query}" if form.restore_query else "",
    }
    if not request.htmx or request.htmx.boosted:
        return page(request, "num-5", TEMPLATE, "num5-result", context)
    whole = form.reshaped or request.htmx.target == "num5-calculator"
    fragment = "num5-calculator" if whole else "num5-result"
    context["oob"] = not whole  # the result alone refreshes the errors and the pending round
    response = render(request, f"{TEMPLATE}#{fragment}", context)
    if whole and request.htmx.target != "num5-calculator":
        retarget(response, "#num5-calculator")
        reswap(response, "outerHTML")
    if form.is_bound:
        push_url(response, f"{request.path}?{form.permalink()}")
    return response


@cache
def ruling_titles(lang: str = "fr") -> dict[str, tuple[str, str]]:
    """T-number → (title, anchor) in a language, read from the rulings' own text (one source
    per language; the anchors are the same in both)."""
    text = (content_dir(lang) / RULINGS_NAME).read_text(encoding="utf-8")
    return {m.group(1): (m.group(2), m.group(3)) for m in _HEADING.finditer(text)}


def ruling_links(step: num5turn.Step) -> list[dict[str, str]]:
    titles = ruling_titles(content_language(translation.get_language()))
    rules_url = reverse("rules:rulebook", args=["num-5"])
    return [
        {"code": code, "title": titles[code][0], "url": f"{rules_url}#{titles[code][1]}"}
        for code in step.rulings
    ]


def chips(cards: tuple[Card, ...] | list[Card]) -> SafeString:
    return format_html_join(" ", "{}", ((card_chip(c),) for c in cards))


def rows_text(numbers: tuple[int, ...]) -> str:
    """« 1 et 3 », « 1, 2, 3 et 4 »."""
    words = [str(n) for n in numbers]
    return ", ".join(words[:-1]) + gettext(" et ") + words[-1]


def result_html(step: num5turn.Step) -> SafeString:
    """What the card did there (T10, T12, T14, T16), with the cards as chips."""
    who, points = step.player, step.points
    if step.result == num5turn.APPEND:
        return mark_safe(gettext("Elle s’ajoute à la fin de la rangée."))  # constant text
    if step.result == num5turn.TAKE:
        return format_html(
            gettext("Plus petite que la dernière carte : {} prend la première carte {} ({})."),
            who,
            chips(step.cards),
            signed(points),
        )
    if step.result == num5turn.COLLECT:
        return format_html(
            gettext("5<sup>e</sup> carte : {} récupère {} ({}) ; elle reste seule dans la rangée."),
            who,
            chips(step.cards),
            signed(points),
        )
    if step.result == num5turn.EXPLODE:
        return format_html(
            gettext(
                "5<sup>e</sup> carte : la rangée explose, {} sont défaussées (aucun point) ; elle reste seule dans la rangée."
            ),
            chips(step.cards),
        )
    return format_html(gettext("{} la garde ({})."), who, signed(points))


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else ("−" + str(-points) if points < 0 else "0")


def tie_view(
    step: num5turn.Step, chosen: bool, option: Callable[[int], dict[str, Any]]
) -> dict[str, Any]:
    """What ``_tie_choice.html`` draws for a card that tied between rows
    (/num-5/regles/#arbitrage-tour-t8, « Si le joueur choisit »); ``option(row)`` adds what
    choosing that row does (a link's ``url``, or on a party the ``value`` a button posts)."""
    rows = rows_text(step.tied_rows)
    if chosen:
        text = gettext("Égalité entre les rangées {rows} : {player} a choisi la rangée {row}.")
    else:
        text = gettext(
            "Égalité entre les rangées {rows} : {player} choisit ; sans choix, la rangée {row}, la première dans l’ordre de la table."
        )
    return {
        "text": text.format(rows=rows, player=step.player, row=step.row),
        "player": step.player,
        "card": step.card,
        "options": [
            {"row": number, "chosen": number == step.row, **option(number)}
            for number in step.tied_rows
        ],
    }


def tie_choice(form: TurnForm, step: num5turn.Step, here: str) -> dict[str, Any] | None:
    """A tie between rows as links, one per tied row (:func:`tie_view`); ``None`` when nothing
    tied. The links drop the choices of the cards placed after this one in the same turn: the
    table they met changes."""
    if not step.tied_rows or form.state is None or not form.choices:
        return None
    players = form.state.players
    seat = players.index(step.player)
    current = form.choices[-1]
    later = {s.player for s in form.turns[-1].steps if s.n > step.n}

    def link(number: int) -> dict[str, Any]:
        choices = [None if players[i] in later else row for i, row in enumerate(current)]
        choices[seat] = None if number == step.tied_rows[0] else number - 1
        return {"url": f"{here}?{form.query(last_choices=choices)}"}

    return tie_view(step, current[seat] is not None, link)


def step_view(step: num5turn.Step, form: TurnForm | None = None, here: str = "") -> dict[str, Any]:
    change = ""
    if step.row is not None and step.colour_before != step.colour_after:
        change = (
            gettext("La rangée {row} perd sa couleur.").format(row=step.row)
            if step.colour_after is None
            else gettext("La rangée {row} devient {french}.").format(
                row=step.row, french=step.colour_after.french
            )
        )
    return {
        "step": step,
        "where": where_text(step),
        "tie": tie_choice(form, step, here) if form is not None else None,
        "result": result_html(step),
        "row_after": chips(step.row_after),
        "change": change,
        "colour": step.colour_after.code if step.colour_after else "none",
        "rulings": ruling_links(step),
    }


def rows_view(rows: tuple[tuple[Card, ...], ...]) -> list[dict[str, Any]]:
    """The four rows in table order, with their colour (T2, read by the engine)."""
    out = []
    for number, row in enumerate(rows, start=1):
        family = num5turn.colour(row)
        out.append(
            {
                "number": number,
                "cards": chips(row),
                "colour": colour_name(family),
                "code": family.code if family else "none",
                "count": len(row),
            }
        )
    return out


def _context(form: TurnForm) -> dict[str, Any]:
    valid = form.is_bound and form.is_valid()
    context: dict[str, Any] = {"form": form, "valid": valid, "state": None}
    state = form.state  # set once the turns already played replay, even if this one is refused
    if state is None:
        context["rows"] = rows_view(num5turn.SETUP) if not form.is_bound else []
        context["history"] = [(f"t{k}", line) for k, line in enumerate(form.history, start=1)]
        return context
    last = form.turns[-1] if form.turns else None
    here = reverse("calculators:num_5_turn")
    entries = state.entries()
    context.update(
        {
            "state": state,
            "history": [(f"t{k}", line) for k, line in enumerate(form.history_lines(), start=1)],
            "rows": rows_view(state.rows),
            "before": rows_view(form.before) if last else [],
            "last": last,
            "steps": [step_view(s, form, here) for s in last.steps] if last else [],
            "players": [
                {
                    "name": name,
                    "collected": chips(cards),
                    "turn": signed(sum(s.points for s in last.steps if s.player == name))
                    if last
                    else "0",
                    "plus": entry.plus,
                    "minus": entry.minus,
                    "total": entry.total,
                }
                for name, cards, entry in zip(state.players, state.collected, entries, strict=True)
            ],
            "discarded": chips(state.discarded),
            "share_url": f"{here}?{form.query()}",
            "undo_url": f"{here}?{form.query(len(form.turns) - 1)}" if form.turns else "",
            "new_round_url": f"{here}?{form.query(0, rows=False)}",
            "tally_url": (
                f"{reverse('calculators:num_5')}?{form.tally_query()}"
                if form.turns and form.from_setup
                else ""
            ),
        }
    )
    return context


@require_safe
def num_5_turn(request: HtmxRequest) -> HttpResponse:
    """« Jouer un tour »: the round in the URL replayed; ``play`` plays the next turn.

    A turn played answers with the round's shareable URL, without the cards just entered (a
    redirect, or ``HX-Push-Url`` with htmx), so a reload never plays it twice.
    """
    data = request.GET.copy()
    for name, setup in zip(ROW_FIELDS, num5turn.SETUP, strict=True):
        if not data.get(name):
            data[name] = " ".join(str(c) for c in setup)
    form = TurnForm(data) if "players" in data else TurnForm()
    context = _context(form)
    if context["valid"] and form.played_now:
        if request.htmx:
            response = render(request, f"{TURN_TEMPLATE}#{FRAGMENT}", context)
            return push_url(response, context["share_url"])
        return redirect(context["share_url"])
    if request.htmx and not request.htmx.boosted:
        return render(request, f"{TURN_TEMPLATE}#{FRAGMENT}", context)
    # Beside the Num 5 rulebook, but a phone opens on the calculator: it is what this page is for.
    return render(
        request, TURN_TEMPLATE, rulebook_context("num-5") | context | {"game_tab": "calculer"}
    )
