"""NUM CHECK's pages (in the ``calculators`` namespace)."""

from django.urls import path

from ...core.registry import NUM_CHECK
from . import views

urlpatterns = [
    path(f"{NUM_CHECK.slug}/", views.num_check, name="num_check"),
    path(f"{NUM_CHECK.slug}/detecteur/", views.num_check_detect, name="num_check_detect"),
    path(f"{NUM_CHECK.slug}/guetter/", views.num_check_outs, name="num_check_outs"),
    path(f"{NUM_CHECK.slug}/feuille/", views.num_check_sheet, name="num_check_sheet"),
]
