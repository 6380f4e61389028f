"""Club evenings and tournaments (« Tournoi »): seating players at tables round after round.

This slice holds the seating planner (``POST /api/v1/seatings``): :mod:`.seatings` reads a
request into the seating engine (:mod:`calculators.engines.seating`) and writes its answer;
:mod:`.api` is its endpoint. docs/events.md says how tables are seated and why.
"""
