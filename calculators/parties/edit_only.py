"""One drawing for both kinds of link: what only an edit link shows is drawn between two
markers (``{% edit_only %}``, calculators/templatetags/parties.py), kept for the edit link and
cut out for the read link, so the board and its history are drawn once for both."""

from __future__ import annotations

from django.utils.safestring import SafeString, mark_safe

#: what only an edit link shows, in the live board drawn once for both links
#: (``{% edit_only %}``, calculators/templatetags/parties.py)
EDIT_ONLY_START, EDIT_ONLY_END = "<!--edit-->", "<!--/edit-->"


def for_link(html: str, can_edit: bool) -> SafeString:
    """A board drawn for both links (``{% edit_only %}``), as the edit or the read link shows
    it: the markers dropped, or cut out with what they hold (our own drawing: safe HTML)."""
    if can_edit:
        return mark_safe(html.replace(EDIT_ONLY_START, "").replace(EDIT_ONLY_END, ""))
    first, *marked = html.split(EDIT_ONLY_START)
    return mark_safe(first + "".join(part.partition(EDIT_ONLY_END)[2] for part in marked))
