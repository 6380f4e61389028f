"""The bottom layer of the site above the engines, pure (the engines only, no Django): the
registry of games (:mod:`.registry`: which games there are, and each game folder's modules found
from it, :func:`.registry.module`, :func:`.registry.modules`), the typed getters of a JSON
request (:mod:`.fields`) and the calculators' answers dispatched to each game's folder
(:mod:`.answers`). Nothing here imports a game folder at import time: the dispatch looks the
folders up from the registry when it is first asked (docs/architecture.md)."""
