from django.contrib import admin

from .models import Claim, Game, HistoryEntry, Player, Round


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = ("seat", "name", "grid")


class HistoryInline(admin.TabularInline):
    model = HistoryEntry
    extra = 0
    fields = ("version", "action", "summary", "state", "at")
    readonly_fields = fields
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "mode", "finished", "version", "created_at", "updated_at")
    list_filter = ("kind", "finished")
    # the tokens are secrets: they are never shown, not even to staff
    exclude = ("edit_token", "read_token")
    readonly_fields = ("version", "created_at", "updated_at")
    inlines = [PlayerInline, HistoryInline]


@admin.register(Claim)
class ClaimAdmin(admin.ModelAdmin):
    list_display = ("player", "position", "combo", "cards")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("game", "number")
