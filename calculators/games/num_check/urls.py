"""NUM CHECK's pages (in the ``calculators`` namespace) and JSON endpoints (``api``)."""

from django.urls import path
from django.utils.translation import gettext_lazy as _

from ..registry import NUM_CHECK
from . import api, views

urlpatterns = [
    path(f"{NUM_CHECK.slug}/", views.num_check, name="num_check"),
    path(f"{NUM_CHECK.slug}/detecteur/", views.num_check_detect, name="num_check_detect"),
    path(f"{NUM_CHECK.slug}/guetter/", views.num_check_outs, name="num_check_outs"),
    path(f"{NUM_CHECK.slug}/feuille/", views.num_check_sheet, name="num_check_sheet"),
]
api_urlpatterns = [
    path(f"{NUM_CHECK.api_name}/score", api.num_check_score, name="num_check_score"),
    path(f"{NUM_CHECK.api_name}/detect", api.num_check_detect, name="num_check_detect"),
    path(f"{NUM_CHECK.api_name}/outs", api.num_check_outs, name="num_check_outs"),
    path(f"{NUM_CHECK.api_name}/sheet", api.num_check_sheet, name="num_check_sheet"),
]
#: (method, path, what it does): the lines of the /api/ page for these endpoints
api_docs = [
    ("POST", f"/api/v1/{NUM_CHECK.api_name}/score", _("Score d'une annonce NUM CHECK à un rang")),
    (
        "POST",
        f"/api/v1/{NUM_CHECK.api_name}/detect",
        _("Les CHECK possibles avec la main et le centre"),
    ),
    (
        "POST",
        f"/api/v1/{NUM_CHECK.api_name}/outs",
        _("Les cartes à guetter : ce qui compléterait un CHECK avec la main"),
    ),
    ("POST", f"/api/v1/{NUM_CHECK.api_name}/sheet", _("Feuille de plusieurs joueurs")),
]
