"""One folder per game (docs/architecture.md#how-to-add-a-game); the registry finds their
modules by name. Imports nothing: the offline bundle loads this package."""
