"""What this checkout draws with: a digest of the files the site's HTML comes from.

The digest prefixes every cache key (``CACHES``, numsite/settings.py). A cache shared by several
processes and machines outlives a deploy: keyed by the release, a fragment or a board drawn by
the previous templates, code or translations is never served by the new ones, and two releases
running side by side (a rolling deploy) never read each other's entries.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import django

#: Everything under these folders of the project that can change a drawn page: the templates,
#: the Python code (forms, labels, template tags), the rulebooks, the compiled catalogues.
SOURCES = ("templates", "calculators", "numsite", "rules", "locale")
SUFFIXES = {".html", ".py", ".md", ".mo", ".txt"}


def digest(base: Path) -> str:
    """Twelve hexadecimal digits naming the sources under ``base`` and Django's version (its
    stock widget templates)."""
    h = hashlib.sha256(django.get_version().encode())
    for folder in SOURCES:
        for path in sorted((base / folder).rglob("*")):
            if path.suffix in SUFFIXES and "__pycache__" not in path.parts and path.is_file():
                h.update(str(path.relative_to(base)).encode())
                h.update(b"\0")
                h.update(path.read_bytes())
    return h.hexdigest()[:12]
