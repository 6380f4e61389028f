"""NUM DRAFT's pages (in the ``calculators`` namespace)."""

from django.urls import path

from ...core.registry import NUM_DRAFT
from . import views

urlpatterns = [
    path(f"{NUM_DRAFT.slug}/", views.num_draft, name="num_draft"),
    path(f"{NUM_DRAFT.slug}/table/", views.num_draft_table, name="num_draft_table"),
]
