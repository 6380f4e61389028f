"""Club evenings and tournaments (« Tournoi »): seatings, rounds, results and standings
(docs/events.md)."""
