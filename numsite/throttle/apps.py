from collections.abc import Sequence
from typing import Any

from django.apps import AppConfig
from django.conf import settings
from django.core import checks

from . import parse_rate


class ThrottleConfig(AppConfig):
    name = "numsite.throttle"
    label = "throttle"
    verbose_name = "Limites d'usage"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        checks.register(check_rates)


#: The rate settings the site defines (a view may name others; they are read when used).
RATE_SETTINGS = (
    "PARTIES_CREATE_RATE",
    "PARTIES_WRITE_RATE",
    "ADMIN_LOGIN_RATE",
    "DEALS_BEST_RATE",
)


def check_rates(
    app_configs: Sequence[AppConfig] | None = None, **kwargs: Any
) -> list[checks.CheckMessage]:
    """A malformed rate (``PARTIES_WRITE_RATE=300``) fails at start-up, not on a request."""
    errors: list[checks.CheckMessage] = []
    for name in RATE_SETTINGS:
        try:
            parse_rate(getattr(settings, name))
        except (AttributeError, ValueError) as err:
            errors.append(
                checks.Error(
                    str(err),
                    hint="'<count>/<seconds>', e.g. '20/600'",
                    obj=name,
                    id="throttle.E001",
                )
            )
    return errors
