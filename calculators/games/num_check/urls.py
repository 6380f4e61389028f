"""NUM CHECK's pages (in the ``calculators`` namespace) and JSON endpoints (``api``)."""

from django.urls import path

from ..registry import NUM_CHECK
from . import api, views

urlpatterns = [
    path(f"{NUM_CHECK.slug}/", views.num_check, name="num_check"),
    path(f"{NUM_CHECK.slug}/detecteur/", views.num_check_detect, name="num_check_detect"),
    path(f"{NUM_CHECK.slug}/feuille/", views.num_check_sheet, name="num_check_sheet"),
]
api_urlpatterns = [
    path(f"{NUM_CHECK.api_name}/score", api.num_check_score, name="num_check_score"),
    path(f"{NUM_CHECK.api_name}/detect", api.num_check_detect, name="num_check_detect"),
    path(f"{NUM_CHECK.api_name}/sheet", api.num_check_sheet, name="num_check_sheet"),
]
