"""Delete the parties, tablées and events untouched for 90 days (or --days N), and the
remembered answers of idempotent writes past their 7 days (docs/deploy.md, docs/tablees.md#purge).

An event is old when neither it nor any of its tables' parties was touched for that long.
"""

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from calculators.events.models import Event
from calculators.events.models import IdempotentWrite as EventWrite
from calculators.models import Game
from calculators.parties.models import IdempotentAnswer, RememberedAnswer
from calculators.tablees.models import IdempotentWrite, Tablee
from numsite import throttle


class Command(BaseCommand):
    help = "Supprime les parties, les tablées et les tournois non modifiés depuis 90 jours."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=90)
        parser.add_argument("--dry-run", action="store_true")

    def handle(self, *args: Any, days: int, dry_run: bool, **options: Any) -> None:
        cutoff = timezone.now() - timedelta(days=days)
        old_tablees = Tablee.objects.filter(updated_at__lt=cutoff)
        old_events = Event.objects.filter(updated_at__lt=cutoff).exclude(
            round_set__tables__game__updated_at__gte=cutoff
        )
        # a party alone when untouched; a party of a tablée with its tablée, a table's party
        # with its event, whatever its age
        old = (
            Game.objects.filter(
                updated_at__lt=cutoff, tablee_link__isnull=True, event_table__isnull=True
            )
            | Game.objects.filter(tablee_link__tablee__in=old_tablees)
            | Game.objects.filter(event_table__round__event__in=old_events)
        )
        count = old.distinct().count()
        tablees = old_tablees.count()
        events = old_events.count()
        if not dry_run:
            Game.objects.filter(pk__in=list(old.values_list("pk", flat=True))).delete()
            old_tablees.delete()
            old_events.delete()
            forgotten = timezone.now() - timedelta(days=RememberedAnswer.DAYS)
            for remembered in (IdempotentAnswer, IdempotentWrite, EventWrite):
                remembered.objects.filter(at__lt=forgotten).delete()
            throttle.purge()  # expired rate-limit windows go with the daily purge
        verb = "à supprimer" if dry_run else "supprimée(s)"
        self.stdout.write(
            f"{count} partie(s), {tablees} tablée(s) et {events} tournoi(s) {verb} "
            f"(non modifiés depuis {days} jours)."
        )
