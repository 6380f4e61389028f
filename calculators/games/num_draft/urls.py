"""NUM DRAFT's pages (in the ``calculators`` namespace) and JSON endpoints (``api``)."""

from django.urls import path
from django.utils.translation import gettext_lazy as _

from ..registry import NUM_DRAFT
from . import api, views

urlpatterns = [
    path(f"{NUM_DRAFT.slug}/", views.num_draft, name="num_draft"),
    path(f"{NUM_DRAFT.slug}/table/", views.num_draft_table, name="num_draft_table"),
]
api_urlpatterns = [
    path(f"{NUM_DRAFT.api_name}/score", api.num_draft_score, name="num_draft_score"),
    path(f"{NUM_DRAFT.api_name}/table", api.num_draft_table, name="num_draft_table"),
]
#: (method, path, what it does): the lines of the /api/ page for these endpoints
api_docs = [
    ("POST", f"/api/v1/{NUM_DRAFT.api_name}/score", _("Score d'un pool NUM DRAFT (15 places)")),
    ("POST", f"/api/v1/{NUM_DRAFT.api_name}/table", _("Toute une table NUM DRAFT, voisins réels")),
]
