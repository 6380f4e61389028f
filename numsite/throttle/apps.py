from django.apps import AppConfig


class ThrottleConfig(AppConfig):
    name = "numsite.throttle"
    label = "throttle"
    verbose_name = "Limites d'usage"
    default_auto_field = "django.db.models.BigAutoField"
