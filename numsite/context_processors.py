"""Template context shared by every page."""

from rules.games import GAMES


def games(request):
    return {"nav_games": GAMES}
