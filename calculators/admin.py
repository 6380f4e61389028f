from django.contrib import admin

from .models import Claim, Game, Player, Round


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = ("seat", "name", "grid")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "mode", "finished", "created_at", "updated_at")
    list_filter = ("kind", "finished")
    readonly_fields = ("edit_token", "view_token", "version", "created_at", "updated_at")
    inlines = [PlayerInline]


@admin.register(Claim)
class ClaimAdmin(admin.ModelAdmin):
    list_display = ("player", "position", "combo", "cards")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("game", "number")
