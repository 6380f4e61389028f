"""Static files: content-hashed, compressed names once ``collectstatic`` ran (issue #12).

:class:`StaticStorage` is whitenoise's ``CompressedManifestStaticFilesStorage`` (each name
carries a hash of its content; gzip copies, and brotli ones when the Brotli package is
installed), except that a name missing from the manifest falls back to its plain URL instead of
raising: before the first ``collectstatic`` (a fresh checkout, a test run without a current
manifest: tests/conftest.py) there is no manifest, and whitenoise then serves the apps' own
files through the finders (``WHITENOISE_USE_FINDERS``) with its short cache, as before. Under
``DEBUG`` Django's manifest storage links plain names too. Whitenoise marks the hashed names
immutable; ``numsite.settings.one_year_immutable`` caches them one year.
"""

from django.contrib.staticfiles.storage import StaticFilesStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    def url(self, name: str | None, force: bool = False) -> str:
        if self.hashed_files or force:
            try:
                return super().url(name, force)
            except ValueError:  # not collected yet (a file added since collectstatic)
                pass
        return StaticFilesStorage.url(self, name)
