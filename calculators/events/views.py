"""The events' pages (« Tournoi »): the organiser's (edit link), the room's (read link), their
writes and exports, and the players' answers from their table's Party page.

Every write is a plain POST answered by a redirect, so the pages work without JavaScript; the
room's htmx poll redraws only when :func:`.services.stamp` moved.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from numsite import throttle
from numsite.security import capability

from ..engines import matchpoints
from ..parties.views import qr_svg, replaced_links_are_410
from ..parties.views import resolve as resolve_party
from . import duplicate, forms, services, standings
from .models import Event, Round, Table
from .overview import overview

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> object:
    """A CSV cell a spreadsheet will not run (a name starting with ``= + - @``...)."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def resolve(token: str) -> tuple[Event, bool]:
    try:
        return services.find(token)
    except Event.DoesNotExist:
        raise Http404(gettext("Tournoi introuvable")) from None


@require_http_methods(["GET", "HEAD", "POST"])
@throttle.limit("parties-create", "PARTIES_CREATE_RATE", methods=["POST"])
def new_event(request: HttpRequest) -> HttpResponse:
    """/tournois/nouveau/: the event's name, game, players, table sizes, rounds."""
    form = forms.NewEventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        return redirect("events:event", token=form.result.edit_token)
    status = 400 if form.is_bound else 200
    return render(request, "events/new.html", {"form": form}, status=status)


def _context(request: HttpRequest, event: Event, can_edit: bool, **extra: Any) -> dict[str, Any]:
    seen = overview(event)
    found = standings.standings(event)
    token = event.edit_token if can_edit else event.read_token
    read_url = request.build_absolute_uri(reverse("events:event", args=[event.read_token]))
    edit_url = request.build_absolute_uri(reverse("events:event", args=[event.edit_token]))
    current = seen.current
    me = (request.GET.get("joueur") or "").strip()
    mine = seen.seat_of(me) if me else None
    tables = list(current.tables) if current else []
    if mine is not None:  # the phone's own table first
        tables = [mine, *[t for t in tables if t is not mine]]
    next_number = services.next_number(event)
    context: dict[str, Any] = {
        "event": event,
        "stamp": services.stamp(event),
        "mode_label": event.spec.mode_label(event.mode),
        "token": token,
        "can_edit": can_edit,
        "seen": seen,
        "current": current,
        "tables": tables,
        "me": me,
        "mine": mine,
        "standings": found,
        # an event « en donnes préparées »: each started round's deal page, for the standings
        "deal_rounds": list(range(1, found.rounds + 1)) if event.duplicate else [],
        "ratings": standings.ratings(event),
        "names": [p.name for p in seen.players],
        "active": [p.name for p in seen.players if p.dropped is None],
        "next_number": next_number,
        "can_seat": next_number <= event.rounds and (current is None or current.state != "started"),
        "swiss_allowed": next_number >= 2,
        "read_url": read_url,
        "read_qr": mark_safe(qr_svg(read_url)),  # noqa: S308 - segno's SVG
        "edit_url": edit_url if can_edit else None,
        "edit_qr": mark_safe(qr_svg(edit_url)) if can_edit else "",  # noqa: S308
        "errors": {},
        "action": "",
    }
    context.update(extra)
    return context


@require_safe
@capability
def event_page(request: HttpRequest, token: str) -> HttpResponse:
    """The organiser's page (edit link) or the room's (read link); its htmx poll gets the
    room's part alone, and nothing (204) while the event has not changed."""
    event, can_edit = resolve(token)
    if request.headers.get("HX-Request") and request.GET.get("v") is not None:
        if request.GET["v"] == services.stamp(event):
            return HttpResponse(status=204)
        context = _context(request, event, can_edit)
        return render(request, "events/event.html#room", context)
    return render(request, "events/event.html", _context(request, event, can_edit))


@require_POST
@capability
@throttle.limit("parties-write", "PARTIES_WRITE_RATE")
def action(request: HttpRequest, token: str, name: str) -> HttpResponse:
    """Every write of the organiser's page. Read-only links are refused before the body is read."""
    event, can_edit = resolve(token)
    if name not in forms.WRITES:
        raise Http404(gettext("Action inconnue"))
    if not can_edit:
        return HttpResponseForbidden(
            gettext("Ce lien est en lecture seule : il ne peut rien modifier.")
        )
    form = forms.WRITES[name](event, request.POST)
    if form.is_valid():
        event.refresh_from_db()
        anchor = "#joueurs" if name in ("ajouter", "retirer", "remplacer") else "#ronde"
        if name == "liens":
            anchor = "#liens"
        return redirect(reverse("events:event", args=[event.edit_token]) + anchor)
    event.refresh_from_db()
    context = _context(request, event, True, errors=form.errors, action=name, form=form)
    return render(request, "events/event.html", context, status=400)


def _standings_rows(found: standings.Standings) -> tuple[list[str], list[list[object]]]:
    head = [
        gettext("Place"), gettext("Joueur"), gettext("Points de rang"), gettext("Victoires"),
        gettext("Adversaires"), gettext("Points relatifs"), gettext("Tables jouées"),
    ]  # fmt: skip
    rows: list[list[object]] = []
    for line in found.lines:
        row: list[object] = [
            line.position, line.name, f"{line.rank_points:.4f}", f"{line.wins:.4f}",
            f"{line.opponents:.4f}", f"{line.relative_points:.4f}", line.played,
        ]  # fmt: skip
        for r in line.rounds:
            if r.bye:
                row.append(gettext("exempt"))
            elif r.absent:
                row.append(gettext("absent"))
            else:
                row.append(
                    gettext("table {table}, {place}/{size}").format(
                        table=r.table, place=r.place, size=r.size
                    )
                )
        rows.append(row)
    head += [gettext("Ronde {number}").format(number=n) for n in range(1, found.rounds + 1)]
    return head, rows


def _percent(value: Fraction) -> str:
    """A percentage as the JSON export rounds it (two decimals), written with a point."""
    return f"{matchpoints.shown(value):.2f}"


def _matchpoint_rows(found: standings.Standings) -> tuple[list[str], list[list[object]]]:
    """The matchpoint standings of an event « en donnes préparées », as the JSON export's
    ``matchpoints`` has them (docs/events.md#tournoi-donnes-classement): each player's position,
    the sum of their percentages and each round's percentage (a bye 50, marked; an absence)."""
    head = [
        gettext("Place aux matchpoints"), gettext("Joueur"), gettext("Total des pourcentages"),
        *(gettext("Ronde {number} (%)").format(number=n) for n in range(1, found.rounds + 1)),
    ]  # fmt: skip
    rows: list[list[object]] = []
    for line in found.duplicate or []:
        row: list[object] = [line.position, line.name, _percent(line.total)]
        for n, share in enumerate(line.rounds, start=1):
            if share is None:
                row.append(gettext("absent"))
            elif n in line.byes:
                row.append(gettext("{percentage} (exempt)").format(percentage=_percent(share)))
            else:
                row.append(_percent(share))
        rows.append(row)
    return head, rows


@require_safe
@capability
def projector(request: HttpRequest, token: str) -> HttpResponse:
    """/tournois/<token>/salle/: the room's screen (1920×1080, read from 6 m): the round's
    tables, its timer, the room link's QR, the standings scrolling. Either link shows it, and
    nothing on it writes; its htmx poll gets its body again when the event changed."""
    event, _ = resolve(token)
    context = _context(request, event, False)
    current = context["current"]
    last = services.latest(event)
    context["remaining"] = services.remaining(last) if last and current else None
    context["running"] = bool(last and last.timer_started)
    if request.headers.get("HX-Request") and request.GET.get("v") is not None:
        if request.GET["v"] == context["stamp"]:
            return HttpResponse(status=204)
        return render(request, "events/projector.html#screen", context)
    return render(request, "events/projector.html", context)


@require_safe
@capability
def slips(request: HttpRequest, token: str) -> HttpResponse:
    """/tournois/<edit>/fiches/: one A6 slip per table of the round started, to print: the
    table's number, its players in seat order (seat 1 starts), the QR of its Party's edit link,
    and in an event « en donnes préparées » the deal the table plays, « Donne n° N »
    (docs/events.md#tournoi-donnes-graine). The organiser's link only (a slip hands a Party's
    edit link over)."""
    event, can_edit = resolve(token)
    if not can_edit:
        return HttpResponseForbidden(gettext("Les fiches de table sont pour l’organisateur."))
    seen = overview(event)
    current = seen.current
    cards = []
    for t in current.tables if current else []:
        if t.game is None:
            continue
        url = request.build_absolute_uri(reverse("parties:game", args=[t.game.edit_token]))
        # the table's Party holds the deal it was told when the round started
        deal = t.game.deal.get("number") if event.duplicate and t.game.deal else None
        qr = mark_safe(qr_svg(url))  # noqa: S308 - segno's SVG
        cards.append({"table": t, "url": url, "qr": qr, "deal": deal})
    return render(
        request, "events/slips.html", {"event": event, "current": current, "cards": cards}
    )


@require_safe
@capability
def deal_results(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """The deals of round N of an event « en donnes préparées »
    (docs/events.md#tournoi-donnes-resultats); 404 for a free event or a round not started."""
    event, can_edit = resolve(token)
    round_ = event.round_set.filter(number=number).exclude(state=Round.State.SEATED).first()
    if not event.duplicate or round_ is None:
        raise Http404(gettext("Aucune donne jouée à cette ronde."))
    names = dict(event.players.values_list("pk", "name"))
    found = [
        (deal, list(zip(deal.lines, duplicate.best_scores(event, deal), strict=True)))
        for deal in duplicate.round_deals(event, round_, names)
    ]
    context = {
        "event": event,
        "token": token,
        "can_edit": can_edit,
        "number": number,
        "deals": found,
        # only NUM DRAFT's seats have a best possible score (docs/deals.md#donnes-meilleur)
        "has_best": any(best is not None for _, seats in found for _, best in seats),
    }
    return render(request, "events/deal.html", context)


@require_safe
@capability
def export_csv(request: HttpRequest, token: str) -> HttpResponse:
    """The standings, one row per player with each round's table and place; an event « en
    donnes préparées » adds, after an empty row, its matchpoint standings under their own
    header row (docs/events.md#tournoi-donnes-classement)."""
    event, _ = resolve(token)
    found = standings.standings(event)
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=";")
    sections = [_standings_rows(found)]
    if found.duplicate is not None:
        sections.append(_matchpoint_rows(found))
    for i, (head, rows) in enumerate(sections):
        if i:
            writer.writerow([])
        writer.writerow([_cell(c) for c in head])
        for row in rows:
            writer.writerow([_cell(c) for c in row])
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="tournoi-{event.created_at:%Y-%m-%d}.csv"'
    )
    return response


@require_safe
@capability
def export_json(request: HttpRequest, token: str) -> HttpResponse:
    """The standings as the API gives them (docs/api.md « Standings (events) »)."""
    event, _ = resolve(token)
    body = json.dumps(standings.as_json(standings.standings(event)), ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="tournoi-{event.created_at:%Y-%m-%d}.json"'
    )
    return response


@replaced_links_are_410
@require_safe
@capability
def table_panel(request: HttpRequest, token: str) -> HttpResponse:
    """The event's part of a table's Party page alone (its htmx refresh): the Party's token
    (either: the read link shows the state, the edit link the players' buttons)."""
    game, can_edit = resolve_party(token)
    return render(request, "events/_party_event.html", {"game": game, "can_edit": can_edit})


@replaced_links_are_410
@require_POST
@capability
@throttle.limit("parties-write", "PARTIES_WRITE_RATE")
def table_action(request: HttpRequest, token: str, name: str) -> HttpResponse:
    """« Je confirme le résultat » / « Je conteste » from a table's Party page: the Party's edit
    link in the URL (a read link is refused, 403; unknown 404; replaced 410)."""
    game, can_edit = resolve_party(token)
    if name not in forms.TABLE_WRITES:
        raise Http404(gettext("Action inconnue"))
    if not can_edit:
        return HttpResponseForbidden(
            gettext("Ce lien est en lecture seule : il ne peut rien modifier.")
        )
    table = Table.objects.select_related("round__event").filter(game=game).first()
    if table is None:
        raise Http404(gettext("Cette partie n’est la table d’aucun tournoi."))
    form = forms.TABLE_WRITES[name](table, game, request.POST)
    if form.is_valid():
        return redirect(reverse("parties:game", args=[game.edit_token]) + "#tournoi")
    return render(
        request,
        "events/table_refused.html",
        {"game": game, "form": form, "party_url": reverse("parties:game", args=[game.edit_token])},
        status=400,
    )
