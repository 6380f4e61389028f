"""One folder per game, ``calculators/games/<package>/``: its pure answers and page readers
(``answers.py``, ``readers.py``: the engines and :mod:`calculators.core` only, run offline too),
its forms, views, JSON endpoints and URLs, and its Parties hooks (``party/``) when it has
Parties. Which games there are is the registry's (:mod:`calculators.core.registry`), which
finds these modules by name. Imports nothing: the offline bundle loads this package."""
