"""Tablées: a table's memory. A group of players who play together over many evenings keeps
its parties and its players' statistics (docs/tablees.md).

The Parties core never imports this app: a party's write frame sends
:data:`calculators.parties.services.party_written`, which :mod:`.receivers` hears.
"""
