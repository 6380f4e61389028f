"""The default cache's room (``MAX_ENTRIES``) is set only for the stores Django makes room in
itself: Redis and Memcached hand their ``OPTIONS`` to their client library, which refuses an
argument it does not know, so the shared stores docs/deploy.md names keep working."""

import pytest

from .test_deploy import run_manage

SHOWN = (
    "from django.conf import settings; from django.core.cache import caches; "
    "print(sorted(settings.CACHES['default'].get('OPTIONS', {})), caches['default']._max_entries)"
)


@pytest.mark.parametrize(
    ("backend", "location", "shown"),
    [
        ("numsite.cache.FileCache", "var/cache/data", "['MAX_ENTRIES'] 1000"),
        ("django.core.cache.backends.db.DatabaseCache", "parties_cache", "['MAX_ENTRIES'] 1000"),
        ("django.core.cache.backends.redis.RedisCache", "redis://localhost:6379/1", "[] 300"),
    ],
)
def test_only_the_stores_django_makes_room_in_are_given_max_entries(backend, location, shown):
    answer = run_manage(
        "shell", "--no-imports", "-c", SHOWN, CACHE_BACKEND=backend, CACHE_LOCATION=location
    )
    assert answer.returncode == 0, answer.stderr
    assert answer.stdout.strip() == shown
