"""The app's models live with the Parties (calculators/parties/models.py)."""

from .parties.models import Claim, Game, HistoryEntry, Player, Round, new_token

__all__ = ["Claim", "Game", "HistoryEntry", "Player", "Round", "new_token"]
