"""Prepared deals (« donnes préparées », docs/deals.md): the request read and the engine asked
(:mod:`.answers`, pure) and their JSON endpoint (:mod:`.api`)."""
