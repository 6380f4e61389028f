"""Tablées pages: create one, its page (members, parties, statistics and charts), its writes,
its exports, and « Ajouter à une tablée » from a party's edit page.

A tablée is reached by one of its two secret tokens, as a party is: the edit token reads and
writes, the read token only reads (a write through it is refused, 403, before the body is
read; a wrong token is a 404). The read link shows names and scores only: no edit link, its
own or a party's, is on its page, its charts or its exports.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Sequence
from typing import Any

from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseForbidden,
    JsonResponse,
)
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from numsite import throttle
from numsite.bodies import JSON_DUMPS
from numsite.security import capability

from ..core import registry
from ..engines.numbers import parse_whole
from ..parties import kinds
from ..parties.views import qr_svg, replaced_links_are_410, share_first_url
from ..parties.views import resolve as resolve_party
from ..web.forms import ServiceForm
from . import bgstats, charts, daily, forms, services
from .api import tablee_json
from .models import Tablee, TableeParty
from .stats import cache_key, mode_label, party_count, party_page, statistics, summary

PARTIES_PER_PAGE = 20

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> object:
    """A CSV cell a spreadsheet will not run (a name starting with ``= + - @``...)."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def resolve(token: str) -> tuple[Tablee, bool]:
    try:
        return services.find(token)
    except Tablee.DoesNotExist:
        raise Http404(gettext("Tablée introuvable")) from None


@require_http_methods(["GET", "HEAD", "POST"])
@throttle.limit("parties-create", "PARTIES_CREATE_RATE", methods=["POST"])
def new_tablee(request: HttpRequest) -> HttpResponse:
    """/tablees/nouvelle/: a name and the players."""
    form = forms.NewTableeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        return redirect("tablees:tablee", token=form.result.edit_token)
    status = 400 if form.is_bound else 200
    return render(request, "tablees/new.html", {"form": form}, status=status)


def _games() -> list[dict[str, Any]]:
    return [{"api": g.api_name, "name": g.name, "kind": g.kind} for g in registry.PARTY_GAMES]


def place_label(place: int) -> str:
    """A place as people write it: « 1ᵉʳ », « 2ᵉ » (1st, 2nd, 3rd, 4th)."""
    if place == 1:
        return gettext("1ᵉʳ")
    if place == 2:
        return gettext("2ᵉ")
    if place == 3:
        return gettext("3ᵉ")
    return gettext("{n}ᵉ").format(n=place)


def reason_text(rating: dict[str, Any]) -> str:
    """The last party's change and why (docs/ratings.md#cote-echelle): « +42 : 1ᵉʳ sur 4,
    devant Tom (mieux classé) », each opponent marked when the result was a surprise."""
    reason = rating["reason"]
    if reason is None:
        return ""

    def listed(group: list[dict[str, Any]], surprise: bool, mark: str) -> str:
        return ", ".join(
            o["name"] + (f" ({mark})" if o["higher"] is surprise else "") for o in group
        )

    details = [
        gettext("{place} sur {of}").format(place=place_label(reason["place"]), of=reason["of"])
    ]
    if reason["ahead_of"]:
        details.append(
            gettext("devant {names}").format(
                names=listed(reason["ahead_of"], True, gettext("mieux classé"))
            )
        )
    if reason["behind"]:
        details.append(
            gettext("derrière {names}").format(
                names=listed(reason["behind"], False, gettext("moins bien classé"))
            )
        )
    if reason["tied_with"]:
        details.append(
            gettext("à égalité avec {names}").format(
                names=", ".join(o["name"] for o in reason["tied_with"])
            )
        )
    return gettext("{change} : {details}").format(
        change=f"{rating['change']:+d}", details=", ".join(details)
    )


def _ratings(
    data: dict[str, Any], api_name: str, rows: Sequence[tuple[str, dict[str, Any], object]]
) -> dict[str, Any] | None:
    """A game's ratings shaped for the page: by rating, beside the ranking by wins."""
    rated = data.get("ratings", {}).get(api_name)
    if not rated:
        return None
    by_wins = sorted(
        enumerate(rows), key=lambda ir: (-ir[1][1]["wins"], -ir[1][1]["win_rate"], ir[0])
    )
    return {
        "rows": [{**r, "reason_text": reason_text(r)} for r in rated],
        "by_wins": [(name, s["wins"], s["played"]) for _, (name, s, _) in by_wins],
    }


def _per_game(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Each game's statistics table and charts' tables, shaped for the template."""
    players = data["stats"]["players"]
    out = []
    for g in registry.PARTY_GAMES:
        kind = kinds.for_spec(g)
        rows = []
        for p in players:
            s = p["games"].get(g.api_name)
            if s is None:
                continue
            rows.append((p["name"], s, kind.stats_cells(s)))
        if not rows:
            continue
        chart = data["charts"].get(g.api_name)
        if chart is not None:
            lines = chart.get("ratings", {}).get("lines", {})
            chart = {
                **chart,
                "rows": list(zip(chart["dates"], zip(*chart["lines"].values(), strict=True), strict=True)),
                "combo_rows": [(charts.combo_name(c["combo"]), c["count"]) for c in chart.get("combos", [])],
                "rating_rows": list(zip(chart["ratings"]["dates"], zip(*lines.values(), strict=True), strict=True)) if lines else [],
            }  # fmt: skip
        out.append(
            {
                "api": g.api_name,
                "name": g.name,
                "cells": kind.stats_template,
                "rows": rows,
                "chart": chart,
                "ratings": _ratings(data, g.api_name, rows),
            }
        )
    return out


def stats_html(tablee: Tablee, chart_prefix: str) -> SafeString:
    """The statistics and charts, drawn once per stamp and language for every reader: the
    same for both links, since they hold no token (the charts' addresses are relative to the
    tablée's page; ``chart_prefix`` climbs back from a write's address)."""
    key = f"{cache_key(tablee)}:html:{chart_prefix}"
    html: str | None = cache.get(key)
    if html is None:
        data = summary(tablee)
        per_game = _per_game(data)
        html = render_to_string(
            "tablees/_stats.html",
            {
                "per_game": per_game,
                "head_to_head": data["stats"]["head_to_head"],
                "recent": data["stats"]["recent"],
                "chart_prefix": chart_prefix,
            },
        )
        cache.set(key, html, 3600)
    return mark_safe(html)


def _context(request: HttpRequest, tablee: Tablee, can_edit: bool, **extra: Any) -> dict[str, Any]:
    members = list(tablee.members.all())
    token = tablee.edit_token if can_edit else tablee.read_token
    read_url = request.build_absolute_uri(reverse("tablees:tablee", args=[tablee.read_token]))
    edit_url = request.build_absolute_uri(reverse("tablees:tablee", args=[tablee.edit_token]))
    pages = Paginator(range(party_count(tablee)), PARTIES_PER_PAGE)
    page = pages.get_page(parse_whole(request.GET.get("page")) or 1)
    slice_ = party_page(tablee, page.start_index() - 1 if page.object_list else 0, page.end_index())
    links = dict(
        ((game_id, edit if can_edit else read))
        for game_id, read, edit in TableeParty.objects.filter(
            tablee=tablee, game_id__in=[p["id"] for p in slice_]
        ).values_list("game_id", "game__read_token", "game__edit_token")
    )
    names = {g.api_name: g.name for g in registry.PARTY_GAMES}
    shown = [
        {**p, "name": names.get(p["game"], p["game"]), "url": reverse("parties:game", args=[links[p["id"]]])}
        for p in slice_
        if p["id"] in links
    ]  # fmt: skip
    context: dict[str, Any] = {
        "tablee": tablee,
        "token": token,
        "can_edit": can_edit,
        "members": members,
        "parties": shown,
        "page": page,
        "stats_html": stats_html(tablee, extra.pop("chart_prefix", "")),
        "read_url": read_url,
        "read_qr": mark_safe(qr_svg(read_url)),
        "edit_url": edit_url if can_edit else None,
        "edit_qr": mark_safe(qr_svg(edit_url)) if can_edit else "",
        "party_form": None,
        "add_form": None,
        "rename_form": None,
        "settings_form": None,
        "daily_form": None,
        "daily": daily.comparisons(tablee),
    }
    if can_edit:
        context["party_form"] = forms.NewPartyForm(tablee, members)
        # the unfilled form's fields are the same for every tablée of these members: its
        # fragment is cached under their digest (a rename or a new member changes it)
        roster = json.dumps([[m.index, m.name] for m in members], ensure_ascii=False)
        context["members_key"] = hashlib.sha256(roster.encode()).hexdigest()
        context["add_form"] = forms.MemberAddForm(tablee)
        context["rename_form"] = forms.RenameForm(tablee)
        context["settings_form"] = forms.SettingsForm(tablee)
        context["daily_form"] = daily.DailyPartyForm(tablee, members)
    context.update(extra)
    return context


@require_safe
@capability
def tablee_page(request: HttpRequest, token: str) -> HttpResponse:
    tablee, can_edit = resolve(token)
    return render(request, "tablees/tablee.html", _context(request, tablee, can_edit))


WRITES = {
    "partie": "party_form",
    "joueur": "add_form",
    "renommer": "rename_form",
    "liens": None,
    "reglages": "settings_form",
    "jour": "daily_form",
}


@require_POST
@capability
@throttle.limit("parties-write", "PARTIES_WRITE_RATE")
def action(request: HttpRequest, token: str, name: str) -> HttpResponse:
    """Every write of the tablée's page. Read-only links are refused before the body is read."""
    tablee, can_edit = resolve(token)
    if name not in WRITES:
        raise Http404(gettext("Action inconnue"))
    if not can_edit:
        return HttpResponseForbidden(
            gettext("Ce lien est en lecture seule : il ne peut rien modifier.")
        )
    form: ServiceForm
    if name == "partie":
        form = forms.NewPartyForm(tablee, list(tablee.members.all()), request.POST)
    elif name == "jour":
        form = daily.DailyPartyForm(tablee, list(tablee.members.all()), request.POST)
    elif name == "joueur":
        form = forms.MemberAddForm(tablee, request.POST)
    elif name == "renommer":
        form = forms.RenameForm(tablee, request.POST)
    elif name == "reglages":
        form = forms.SettingsForm(tablee, request.POST)
    else:
        form = forms.RotateForm(tablee, request.POST)
    if form.is_valid():
        if name in ("partie", "jour"):
            return redirect(share_first_url(form.result))
        tablee.refresh_from_db()
        anchor = "#reglages" if name == "reglages" else "#joueurs"
        return redirect(reverse("tablees:tablee", args=[tablee.edit_token]) + anchor)
    slot = WRITES[name]
    extra = {slot: form} if slot else {}
    context = _context(request, tablee, True, chart_prefix="../", **extra)
    return render(request, "tablees/tablee.html", context, status=400)


@require_safe
@capability
def chart(request: HttpRequest, token: str, game: str, kind: str) -> HttpResponse:
    """One chart as SVG (an ``<img>`` of the page), drawn once per stamp and language."""
    tablee, _ = resolve(token)
    spec = next((g for g in registry.PARTY_GAMES if g.api_name == game), None)
    if spec is None or kind not in charts.KINDS:
        raise Http404(gettext("Graphique inconnu"))
    key = f"{cache_key(tablee)}:chart:{game}:{kind}"
    svg = cache.get(key)
    if svg is None:
        data = summary(tablee)["charts"].get(game)
        if data is None or (kind in ("combos", "ratings") and not data.get(kind)):
            raise Http404(gettext("Graphique inconnu"))
        svg = charts.draw(kind, spec.name, data)
        cache.set(key, svg, 3600)
    response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    response["Content-Security-Policy"] = charts.CHART_CSP
    return response


@require_safe
@capability
def export_json(request: HttpRequest, token: str) -> HttpResponse:
    """Every party of the tablée and its statistics, as the API answers (read link: no edit link)."""
    tablee, can_edit = resolve(token)
    response = JsonResponse(
        tablee_json(request, tablee, can_edit), json_dumps_params={**JSON_DUMPS, "indent": 1}
    )
    response["Content-Disposition"] = (
        f'attachment; filename="tablee-{tablee.created_at:%Y-%m-%d}.json"'
    )
    return response


@require_safe
@capability
def export_bgsplay(request: HttpRequest, token: str) -> HttpResponse:
    """Every finished party of the tablée as one BG Stats play file (either link: no token in it)."""
    tablee, _ = resolve(token)
    body = json.dumps(bgstats.play_file(tablee), ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="tablee-{tablee.created_at:%Y-%m-%d}.bgsplay"'
    )
    return response


@require_safe
@capability
def export_csv(request: HttpRequest, token: str) -> HttpResponse:
    """One row per player and party: date, game, mode, player, points, place, victory."""
    tablee, _ = resolve(token)
    data = statistics(tablee)
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=";")
    names = {g.api_name: g.name for g in registry.PARTY_GAMES}
    writer.writerow(
        [gettext("Date"), gettext("Jeu"), gettext("Mode"), gettext("Terminée"), gettext("Joueur"),
         gettext("Points"), gettext("Place"), gettext("Victoire")]
    )  # fmt: skip
    for party in data["parties"]:
        for seat in data["seats"].get(str(party["id"]), []):
            writer.writerow(
                [_cell(c) for c in (
                    party["created"][:10], names.get(party["game"], party["game"]),
                    mode_label(party["game"], party["mode"]),
                    gettext("oui") if party["finished"] else gettext("non"), seat["name"],
                    seat["total"], seat["position"], gettext("oui") if seat["won"] else "",
                )]
            )  # fmt: skip
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="tablee-{tablee.created_at:%Y-%m-%d}.csv"'
    )
    return response


@replaced_links_are_410
@require_http_methods(["POST"])
@capability
@throttle.limit("parties-write", "PARTIES_WRITE_RATE")
def link(request: HttpRequest, token: str) -> HttpResponse:
    """« Ajouter à une tablée » from a party's edit page (the party's edit token in the URL, the
    tablée's edit link in the form); players who are no members yet are listed for a
    confirmation first. The party's token is answered as its own pages answer it: 404 unknown,
    410 a link replaced by « Nouveaux liens » (either of its tokens)."""
    game, can_edit = resolve_party(token)
    if not can_edit:
        return HttpResponseForbidden(
            gettext("Ce lien est en lecture seule : il ne peut rien modifier.")
        )
    form = forms.LinkForm(game, request.POST)
    if form.is_valid() and form.result is not None:
        return redirect(reverse("parties:game", args=[game.edit_token]) + "#tablee")
    status = 200 if form.is_valid() else 400
    return render(
        request,
        "tablees/link.html",
        {"game": game, "form": form, "plan": form.plan, "party_token": game.edit_token},
        status=status,
    )
