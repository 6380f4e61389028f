from django.apps import AppConfig


class CalculatorsConfig(AppConfig):
    name = "calculators"
    verbose_name = "Calculateurs"

    def ready(self) -> None:
        # Every game's Parties hooks, and so every write in the action table, before any
        # request or command needs them.
        from .parties import kinds, live  # noqa: F401 (live: the board drawn after every write)

        kinds.load()
