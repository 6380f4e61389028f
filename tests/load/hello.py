"""A bare Django « hello » as a WSGI application: the floor a Django request costs under
gunicorn on this machine (no middleware, no database, one view), which the table simulation
(:mod:`tests.load.tables`) measures beside the site in the same run.

    python -m gunicorn --config numsite/gunicorn.conf.py tests.load.hello:application
"""

from __future__ import annotations

import django
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.urls import path


def hello(request: HttpRequest) -> HttpResponse:
    return HttpResponse(b"hello", content_type="text/plain")


urlpatterns = [path("", hello), path("healthz", hello)]

if not settings.configured:
    settings.configure(
        DEBUG=False,
        SECRET_KEY="hello-only-no-secret-here",
        ALLOWED_HOSTS=["127.0.0.1", "localhost"],
        ROOT_URLCONF=__name__,
        MIDDLEWARE=[],
        INSTALLED_APPS=[],
        DATABASES={},
        USE_I18N=False,
    )
    django.setup()

from django.core.wsgi import get_wsgi_application  # noqa: E402  (after settings)

application = get_wsgi_application()
