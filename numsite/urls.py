"""Numsite URLs: home, the four games, their rulebooks, the JSON API and the health check."""

from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path

from calculators.api_docs import api_docs

from . import throttle, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("api/", api_docs, name="api_docs"),
    path("api/v1/", include("calculators.api_urls")),
    path("parties/", include("calculators.parties.urls")),
    path("", include("calculators.urls")),
    path("", include("rules.urls")),
    # Last: any /api/… path no pattern above took answers API.md's JSON 404, whatever order
    # the API's own url modules list their endpoints in.
    re_path(r"^api(?:/.*)?$", views.api_not_found, name="api_not_found"),
]
if settings.ADMIN_URL:  # off unless ADMIN_URL names a path (docs/deploy.md)
    # Password guessing on the admin's login is throttled per client IP.
    admin.site.login = throttle.limit("admin-login", "ADMIN_LOGIN_RATE")(admin.site.login)
    urlpatterns.append(path(settings.ADMIN_URL, admin.site.urls))

handler404 = "numsite.views.page_not_found"
handler500 = "numsite.views.server_error"
