"""The event's part of a table's Party page (``templates/events/_party_event.html``). The
Parties core never imports the events: its page loads this library, as it loads the tablées'."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from ...parties import services as party_services
from ...parties.models import Game
from ..models import Round, Table

register = template.Library()


@register.simple_tag
def party_event(game: Game, can_edit: bool) -> dict[str, Any]:
    """The table the Party is, in which round of which event; the room's link (never the
    organiser's); and what the players may still do (edit link only)."""
    table = (
        Table.objects.select_related("round__event").filter(game_id=game.pk).first()
        if game.pk
        else None
    )
    if table is None:
        return {"table": None}
    event = table.round.event
    names = dict(event.players.values_list("pk", "name"))
    current = table.round.state == Round.State.STARTED
    finished = party_services.finished(game)
    state = Table.State.FINISHED if table.state == Table.State.PLAYING and finished else table.state
    return {
        "table": table,
        "event": event,
        "round": table.round.number,
        "state_label": str(Table.State(state).label),
        # the room lists every table's Party edit link (the players' lines): never one step
        # from a Party's read-only link
        "room_url": reverse("events:event", args=[event.read_token]) if can_edit else None,
        "players": [names[p] for p in table.seats],
        "confirmed_by": [names[p] for p in table.confirmations],
        "can_answer": can_edit and current and state == Table.State.FINISHED,
        "dispute": table.dispute,
        # refreshed while the round is under way and the table's result may still change
        "live": current,
    }
