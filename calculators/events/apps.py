from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "calculators.events"
    label = "events"
    verbose_name = "Tournois"

    def ready(self) -> None:
        # Every write of a table's party changes the event's pages (the room's live refresh).
        from . import receivers  # noqa: F401
