"""Num Connect's page (in the ``calculators`` namespace)."""

from django.urls import path

from ...core.registry import NUM_CONNECT
from . import views

urlpatterns = [
    path(f"{NUM_CONNECT.slug}/", views.num_connect, name="num_connect"),
]
