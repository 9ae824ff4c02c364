"""The local process pool of :func:`~kozyr.simulate.simulate`, whose workers never outlive it.

* The pool is no larger than the work or the machine: :func:`worker_count` caps the requested
  number of processes to the number of chunks and of usable CPUs.
* Workers ignore SIGINT: Ctrl-C reaches the whole process group, and it is the parent that
  stops the run (:func:`process_pool` terminates the workers on any exception, including
  ``KeyboardInterrupt``), so there is one message and no traceback per worker.
* A worker ends when its parent does, however the parent ends (SIGTERM, SIGKILL, a crash): on
  Linux the kernel sends it SIGTERM (``prctl(PR_SET_PDEATHSIG)``), and on every system a
  watchdog thread exits it as soon as its parent process id changes.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

#: How often a worker's watchdog looks at its parent (seconds).
WATCH_INTERVAL = 0.5
_PR_SET_PDEATHSIG = 1


def cpu_count() -> int:
    """CPUs this process may run on (its affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def worker_count(requested: int, tasks: int) -> int:
    """Processes to start for ``tasks`` chunks when ``requested`` were asked for (0: one per
    CPU): never more than the chunks or the CPUs, at least 1.

    >>> worker_count(100, 2) <= 2
    True
    """
    wanted = requested or cpu_count()
    return max(1, min(wanted, tasks, cpu_count()))


def _die_with_parent(parent: int) -> None:
    """Worker initializer: ignore Ctrl-C and end when the parent ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):  # no libc or no prctl: the watchdog remains
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(WATCH_INTERVAL)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="kozyr-parent-watch", daemon=True).start()


def _terminate(pool: ProcessPoolExecutor) -> None:
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(5)


@contextlib.contextmanager
def process_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` processes tied to this one; on leaving the ``with`` block normally
    it is shut down as usual, on any exception its workers are terminated at once."""
    pool = ProcessPoolExecutor(
        max_workers=workers, initializer=_die_with_parent, initargs=(os.getpid(),)
    )
    try:
        yield pool
    except BaseException:
        _terminate(pool)
        raise
    pool.shutdown(wait=True)


__all__ = ["WATCH_INTERVAL", "cpu_count", "process_pool", "worker_count"]
