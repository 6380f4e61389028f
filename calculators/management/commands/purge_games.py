"""Delete the games nobody touched for 90 days (or --days N), and the tablées likewise; and the
remembered answers of idempotent writes (a party's, a tablée's) past their 7 days.

A party in a tablée lives as long as its tablée: every write of one of its parties touches the
tablée, and a tablée untouched for that long is deleted with all its parties.
"""

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from calculators.models import Game
from calculators.parties.models import IdempotentAnswer, RememberedAnswer
from calculators.tablees.models import IdempotentWrite, Tablee
from numsite import throttle


class Command(BaseCommand):
    help = "Supprime les parties et les tablées non modifiées depuis 90 jours."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=90)
        parser.add_argument("--dry-run", action="store_true")

    def handle(self, *args: Any, days: int, dry_run: bool, **options: Any) -> None:
        cutoff = timezone.now() - timedelta(days=days)
        old_tablees = Tablee.objects.filter(updated_at__lt=cutoff)
        # a party alone when untouched; a party of a tablée with its tablée, whatever its age
        old = Game.objects.filter(
            updated_at__lt=cutoff, tablee_link__isnull=True
        ) | Game.objects.filter(tablee_link__tablee__in=old_tablees)
        count = old.distinct().count()
        tablees = old_tablees.count()
        if not dry_run:
            Game.objects.filter(pk__in=list(old.values_list("pk", flat=True))).delete()
            old_tablees.delete()
            forgotten = timezone.now() - timedelta(days=RememberedAnswer.DAYS)
            for remembered in (IdempotentAnswer, IdempotentWrite):
                remembered.objects.filter(at__lt=forgotten).delete()
            throttle.purge()  # expired rate-limit windows go with the daily purge
        verb = "à supprimer" if dry_run else "supprimée(s)"
        self.stdout.write(
            f"{count} partie(s) et {tablees} tablée(s) {verb} (non modifiées depuis {days} jours)."
        )
