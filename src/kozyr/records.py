"""Deprecated: the old home of records, kept for one release.

The module is now three: :mod:`kozyr.record` (the plain data: ``DealRecord``, ``DealResult``,
``PartyRecord``, ``PartyResult``), :mod:`kozyr.codec` (JSON: ``load``, ``RecordReader``,
``read_deal``, ``read_party``, ``record_schema``) and :mod:`kozyr.replay` (``replay``,
``replay_deal``, ``replay_party``). Import from those (or the ``kozyr`` package); nothing in kozyr
or its built-in plugins imports this module.
"""

import warnings

from kozyr.codec import (
    CORE_DEAL_KEYS,
    CORE_PARTY_KEYS,
    RecordReader,
    load,
    read_deal,
    read_party,
    record_schema,
)
from kozyr.record import DealRecord, DealResult, PartyRecord, PartyResult
from kozyr.replay import replay, replay_deal, replay_party

__all__ = [
    "CORE_DEAL_KEYS",
    "CORE_PARTY_KEYS",
    "DealRecord",
    "DealResult",
    "PartyRecord",
    "PartyResult",
    "RecordReader",
    "load",
    "read_deal",
    "read_party",
    "record_schema",
    "replay",
    "replay_deal",
    "replay_party",
]

warnings.warn(
    "kozyr.records is deprecated: import from kozyr.record, kozyr.codec and kozyr.replay",
    DeprecationWarning,
    stacklevel=2,
)
