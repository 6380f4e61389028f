"""Num Connect's page (in the ``calculators`` namespace) and JSON endpoint (``api``)."""

from django.urls import path
from django.utils.translation import gettext_lazy as _

from ..registry import NUM_CONNECT
from . import api, views

urlpatterns = [
    path(f"{NUM_CONNECT.slug}/", views.num_connect, name="num_connect"),
]
api_urlpatterns = [
    path(f"{NUM_CONNECT.api_name}/check", api.num_connect_check, name="num_connect_check"),
]
#: (method, path, what it does): the lines of the /api/ page for these endpoints
api_docs = [
    (
        "POST",
        f"/api/v1/{NUM_CONNECT.api_name}/check",
        _("Une ligne de Num Connect est-elle valide ?"),
    ),
]
