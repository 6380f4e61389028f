from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "calculators.events"
    label = "events"
    verbose_name = "Tournois"
