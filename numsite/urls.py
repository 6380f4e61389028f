"""Numsite URLs: home, the four games, their rulebooks, the JSON API and the health check."""

from django.contrib import admin
from django.urls import include, path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("api/v1/", include("calculators.api_urls")),
    path("parties/", include("calculators.parties.urls")),
    path("", include("calculators.urls")),
    path("", include("rules.urls")),
    path("admin/", admin.site.urls),
]

handler404 = "numsite.views.page_not_found"
handler500 = "numsite.views.server_error"
