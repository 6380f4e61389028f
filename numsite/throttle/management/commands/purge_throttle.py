"""Delete the rate-limit counters of finished windows (also done on the fly, one hit in 200)."""

from django.core.management.base import BaseCommand

from numsite import throttle


class Command(BaseCommand):
    help = "Supprime les compteurs de limites d'usage dont la fenêtre est terminée."

    def handle(self, *args, **options):
        self.stdout.write(f"{throttle.purge()} compteur(s) supprimé(s).")
