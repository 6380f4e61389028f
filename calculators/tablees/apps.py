from django.apps import AppConfig


class TableesConfig(AppConfig):
    name = "calculators.tablees"
    label = "tablees"
    verbose_name = "Tablées"

    def ready(self) -> None:
        # Every write of a member party (undo included) changes its tablée's statistics.
        from . import receivers  # noqa: F401
