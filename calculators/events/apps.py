from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "calculators.events"
    label = "events"
    verbose_name = "Tournois"

    def ready(self) -> None:
        # A duplicate table's seats are compared seat by seat: its Party takes no new player
        # (docs/events.md#tournoi-donnes-sieges).
        from ..parties import services
        from . import duplicate

        services.seats_fixed_by(duplicate.seats_fixed)
