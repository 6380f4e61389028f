"""Num 5's pages (in the ``calculators`` namespace)."""

from django.urls import path

from ...core.registry import NUM5
from . import views

urlpatterns = [
    path(f"{NUM5.slug}/", views.num_5, name="num_5"),
    path(f"{NUM5.slug}/tour/", views.num_5_turn, name="num_5_turn"),
]
