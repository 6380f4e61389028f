"""Pure scoring engines of the NUM games: no Django import anywhere in this package."""
