"""The default cache backend (numsite/cache.py): Django's file cache, which lists its folder to
make room only when a set adds an entry, not when it replaces one (a party's live board)."""

from unittest import mock

import pytest
from django.core.cache import caches
from django.core.cache.backends.filebased import FileBasedCache

from numsite.cache import FileCache


@pytest.fixture
def small(tmp_path):
    return FileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 3, "CULL_FREQUENCY": 3}})


def test_it_is_the_default_backend():
    assert isinstance(caches["default"], FileCache)
    assert isinstance(caches["fragments"], FileCache)


def test_replacing_an_entry_does_not_list_the_folder(small):
    small.set("board", "v1")
    with mock.patch.object(FileBasedCache, "_list_cache_files", autospec=True) as listing:
        for version in range(5):
            small.set("board", f"v{version}")
    listing.assert_not_called()
    assert small.get("board") == "v4"


def test_adding_entries_makes_room_as_django_does(small):
    for key in ("a", "b", "c"):
        small.set(key, key)
    small.set("a", "again")  # a replacement: nothing culled
    assert [small.get(k) for k in ("a", "b", "c")] == ["again", "b", "c"]
    small.set("d", "d")  # the fourth entry: a third of the three culled first
    kept = [k for k in ("a", "b", "c") if small.get(k) is not None]
    assert len(kept) == 2 and small.get("d") == "d"


def test_a_failed_set_leaves_the_next_one_culling(small):
    """A replacement whose write fails (a full disk) keeps the old entry, and the next entry
    added still makes room as Django does."""
    for key in ("a", "b", "c"):
        small.set(key, key)
    with (
        mock.patch("django.core.cache.backends.filebased.file_move_safe", side_effect=OSError),
        pytest.raises(OSError),
    ):
        small.set("a", "b")
    assert small.get("a") == "a"
    small.set("d", "d")  # the fourth entry: a third of the three culled first
    assert len([k for k in ("a", "b", "c") if small.get(k) is not None]) == 2
    assert small.get("d") == "d"
