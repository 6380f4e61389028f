"""Numsite URLs: home, the four games, their rulebooks, the JSON API and the health check.

French at the historical URLs, English under ``/en/``; the API, the health check and the admin
unprefixed (docs/i18n.md « URLs and the language of a page »).
"""

from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path, re_path

from calculators.api_docs import api_docs

from . import views

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("api/", api_docs, name="api_docs"),
    path("api/v1/", include("calculators.api_urls")),
    # Last of the API: any /api/… path no pattern above took answers the API's JSON 404,
    # whatever order the API's own url modules list their endpoints in.
    re_path(r"^api(?:/[\s\S]*)?\Z", views.api_not_found, name="api_not_found"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("numsite.pwa")),  # manifest, service worker, offline page (docs/offline.md)
]
if settings.ADMIN_URL:  # off unless ADMIN_URL names a path (docs/deploy.md)
    # Password guessing on its login is throttled per client IP (numsite/admin_site.py).
    urlpatterns.append(path(settings.ADMIN_URL, admin.site.urls))
urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    path("parties/", include("calculators.parties.urls")),
    path("tablees/", include("calculators.tablees.urls")),
    path("tournois/", include("calculators.events.urls")),
    path("donnes/", include("calculators.deals.urls")),
    path("", include("calculators.urls")),
    path("", include("rules.urls")),
    prefix_default_language=False,
)

handler404 = "numsite.views.page_not_found"
handler500 = "numsite.views.server_error"
