"""The Parties write frame tells of every write (``party_written``): a table's Party written
(finished, reopened, a score entered) changes its event's pages, so the event's version moves
(the room's live refresh) and the event counts as touched (the purge keeps it)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from ..parties.models import Game
from ..parties.services import party_written
from . import services


@receiver(party_written, sender=Game, dispatch_uid="events-party-written")
def party_changed(sender: type[Game], game: Game, **kwargs: Any) -> None:
    services.touch(game)
