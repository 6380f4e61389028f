"""Delete the rate-limit counters of finished windows (also done on the fly, one hit in 200)."""

from typing import Any

from django.core.management.base import BaseCommand

from numsite import throttle


class Command(BaseCommand):
    help = "Supprime les compteurs de limites d'usage dont la fenêtre est terminée."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"{throttle.purge()} compteur(s) supprimé(s).")
