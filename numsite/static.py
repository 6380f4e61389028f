"""Static files: content-hashed, compressed names once ``collectstatic`` ran, so that browsers
keep them a year (docs/deploy.md#4-the-service-systemd, « Static files »).

:class:`StaticStorage` is whitenoise's manifest storage, except that a name missing from the
manifest falls back to its plain URL instead of raising: before the first ``collectstatic`` (a
fresh checkout, a test run) there is no manifest, and whitenoise serves the apps' own files
through the finders.
"""

from typing import Any

from django.conf import settings
from django.contrib.staticfiles.storage import StaticFilesStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._urls: dict[tuple[str | None, bool, bool], str] = {}

    def url(self, name: str | None, force: bool = False) -> str:
        """A file's URL, worked out once per process (a page asks for ten; the manifest does
        not change while the process runs, and a new STATIC_ROOT makes a new storage)."""
        key = (name, force, settings.DEBUG)  # under DEBUG Django links the plain names
        url = self._urls.get(key)
        if url is None:
            url = self._urls[key] = self._url_of(name, force)
        return url

    def _url_of(self, name: str | None, force: bool) -> str:
        # Django's storage API allows no name (None): then the plain URL, never the manifest.
        if name is not None and (self.hashed_files or force):
            try:
                return super().url(name, force)
            except ValueError:  # not collected yet (a file added since collectstatic)
                pass
        return StaticFilesStorage.url(self, name)
