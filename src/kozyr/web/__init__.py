"""``kozyr serve``: a scorekeeper web page for the table (the optional extra ``kozyr[web]``).

A Starlette application under uvicorn: pages to start a game, enter each deal through a form
generated from the variant's declared outcome fields, undo and edit deals, finish a game and
start the next one of the evening, export and import records; a JSON API with an OpenAPI
schema; games kept in SQLite (:mod:`kozyr.web.store`). It sits above replay and the plugin
registry: every score it shows is kozyr's own replay of the game's record.

Importing this package needs the extra: ``pip install 'kozyr[web]'``.
"""

from __future__ import annotations

from kozyr.web.app import create_app
from kozyr.web.store import Store

__all__ = ["Store", "create_app"]
