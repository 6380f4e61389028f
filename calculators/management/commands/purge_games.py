"""Delete the games nobody touched for 90 days (or --days N), and the remembered answers of
idempotent writes past their 7 days."""

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from calculators.models import Game
from calculators.parties.models import IdempotentAnswer
from numsite import throttle


class Command(BaseCommand):
    help = "Supprime les parties non modifiées depuis 90 jours."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=90)
        parser.add_argument("--dry-run", action="store_true")

    def handle(self, *args: Any, days: int, dry_run: bool, **options: Any) -> None:
        old = Game.objects.filter(updated_at__lt=timezone.now() - timedelta(days=days))
        count = old.count()
        if not dry_run:
            old.delete()
            forgotten = timezone.now() - timedelta(days=IdempotentAnswer.DAYS)
            IdempotentAnswer.objects.filter(at__lt=forgotten).delete()
            throttle.purge()  # expired rate-limit windows go with the daily purge
        verb = "à supprimer" if dry_run else "supprimée(s)"
        self.stdout.write(f"{count} partie(s) {verb} (non modifiées depuis {days} jours).")
