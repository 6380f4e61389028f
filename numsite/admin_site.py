"""The site's admin: Django's own, its login throttled per client (``ADMIN_LOGIN_RATE``).
``INSTALLED_APPS`` names :class:`NumsiteAdminConfig` instead of ``django.contrib.admin``, so
that ``admin.site`` is a :class:`NumsiteAdminSite`.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig
from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse

from . import throttle


class NumsiteAdminSite(admin.AdminSite):
    @login_not_required
    def login(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        view = throttle.limit("admin-login", "ADMIN_LOGIN_RATE")(super().login)
        return view(request, extra_context)


class NumsiteAdminConfig(AdminConfig):
    default_site = "numsite.admin_site.NumsiteAdminSite"
