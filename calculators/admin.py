"""The admin shows the parties to staff; it changes none of them.

An edit here would bypass the Parties write frame (docs/architecture.md#one-parties-write): no
new version, no history entry to undo, and phones would keep the board of a version that no
longer is. Staff may look, and delete a whole party (its tokens then answer 404); a correction
is made on the party's page, where the table sees it and can undo it.
"""

from typing import TYPE_CHECKING

from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html_join

from .models import Claim, Game, HistoryEntry, Player, Round

if TYPE_CHECKING:
    # django-stubs makes the admin classes generic over their model (and an inline's parent's);
    # Django's own classes cannot be subscripted at run time.
    GameAdminBase = admin.ModelAdmin[Game]
    PlayerInlineBase = admin.TabularInline[Player, Game]
    HistoryInlineBase = admin.TabularInline[HistoryEntry, Game]
    RoundInlineBase = admin.TabularInline[Round, Game]
else:
    GameAdminBase = admin.ModelAdmin
    PlayerInlineBase = HistoryInlineBase = RoundInlineBase = admin.TabularInline


class Viewed:
    """An admin (or inline) that shows its rows and neither adds nor changes any."""

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class PlayerInline(Viewed, PlayerInlineBase):
    model = Player
    extra = 0
    fields = ("seat", "name", "grid")
    can_delete = False


class HistoryInline(Viewed, HistoryInlineBase):
    model = HistoryEntry
    extra = 0
    fields = ("version", "action", "summary", "state", "at")
    readonly_fields = fields  # ``at`` is set by the database: no form may name it
    can_delete = False


class RoundInline(Viewed, RoundInlineBase):
    model = Round
    extra = 0
    fields = ("number", "entries")
    can_delete = False


@admin.register(Game)
class GameAdmin(Viewed, GameAdminBase):
    list_display = ("id", "kind", "mode", "finished", "version", "created_at", "updated_at")
    list_filter = ("kind", "finished")
    # the tokens are secrets: they are never shown, not even to staff
    exclude = ("edit_token", "read_token")
    readonly_fields = ("claims",)
    inlines = [PlayerInline, RoundInline, HistoryInline]

    @admin.display(description="annonces")
    def claims(self, game: Game) -> str:
        """A NUM CHECK party's claims, player by player (shown here rather than on pages of
        their own, whose « delete » would refuse the deletion of their party)."""
        rows = Claim.objects.filter(player__game=game).select_related("player")
        return (
            format_html_join(
                "", "<div>{}</div>", ((str(c),) for c in rows.order_by("player__seat", "position"))
            )
            or "—"
        )
