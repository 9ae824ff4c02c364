"""Connecting to a ``dask.distributed`` scheduler (the optional ``kozyr[dask]`` extra)."""

from __future__ import annotations

import importlib
from concurrent.futures import Executor
from typing import Any

from kozyr.errors import KozyrError


def connect(address: str, timeout: float = 10) -> tuple[Any, Executor]:
    """A ``distributed.Client`` for the scheduler at ``address`` and its executor; a missing
    ``distributed`` package or an unreachable scheduler is a :class:`KozyrError`."""
    try:  # imported by name: typed as Any whether or not the extra is installed
        distributed = importlib.import_module("distributed")
    except ImportError:
        raise KozyrError("--scheduler needs dask.distributed: pip install 'kozyr[dask]'") from None
    try:
        client = distributed.Client(address, timeout=timeout)
    except (OSError, TimeoutError) as error:
        raise KozyrError(f"cannot reach the scheduler at {address}: {error}") from None
    executor: Executor = client.get_executor()
    return client, executor


__all__ = ["connect"]
