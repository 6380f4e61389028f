"""Num Connect's page (in the ``calculators`` namespace) and JSON endpoint (``api``)."""

from django.urls import path

from ..registry import NUM_CONNECT
from . import api, views

urlpatterns = [
    path(f"{NUM_CONNECT.slug}/", views.num_connect, name="num_connect"),
]
api_urlpatterns = [
    path(f"{NUM_CONNECT.api_name}/check", api.num_connect_check, name="num_connect_check"),
]
