"""``kozyr simulate`` workers end with their parent (issue 13): SIGINT, SIGTERM, SIGKILL.

Each test starts a long simulation with two worker processes in its own session, waits until
the workers exist, signals the parent (or, for Ctrl-C, the whole process group as a terminal
does) and then looks for survivors. Waits are bounded polls, not timings.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kozyr.simulate.pool import cpu_count

pytestmark = [
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc"),
    # worker_count never starts more workers than the CPUs the process may use: with one CPU
    # (a one-core machine, or `taskset -c 0`) the run is inline and has no workers to end
    pytest.mark.skipif(cpu_count() < 2, reason="needs two CPUs for two worker processes"),
]

KOZYR = [sys.executable, "-m", "kozyr"]
LONG_RUN = [*KOZYR, "simulate", "seven-up", "-n", "10000000", "--workers", "2", "--quiet"]


def _parent_of(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[1])


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has ended; it only waits to be reaped


def _descendants(root: int) -> set[int]:
    found: set[int] = set()
    frontier = {root}
    while frontier:
        pids = [int(p) for p in os.listdir("/proc") if p.isdigit()]
        frontier = {p for p in pids if _parent_of(p) in frontier and p not in found}
        found |= frontier
    return found


def _session(pid: int) -> set[int]:
    """Every live process of the test's session (the parent's session id is its pid)."""
    members = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == pid and fields[0] != "Z":  # field 6 of stat: the session id
            members.add(int(entry))
    return members


def _wait_for(condition: object, seconds: float = 30.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


def _start(tmp_path: Path) -> tuple[subprocess.Popen[bytes], set[int]]:
    process = subprocess.Popen(
        LONG_RUN,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        cwd=tmp_path,
    )
    workers: set[int] = set()

    def started() -> bool:
        nonlocal workers
        workers = {p for p in _descendants(process.pid) if _alive(p)}
        return len(workers) >= 2

    if not _wait_for(started):
        process.kill()
        pytest.fail("the workers did not start")
    time.sleep(0.5)  # let the pool hand out its first chunks
    return process, workers


def _no_survivors(process: subprocess.Popen[bytes], workers: set[int]) -> None:
    assert _wait_for(lambda: not any(_alive(p) for p in workers)), "workers outlived the parent"
    assert _wait_for(lambda: not _session(process.pid)), "a process of the run is still alive"


def test_sigterm_to_the_parent_ends_every_worker(tmp_path: Path) -> None:
    process, workers = _start(tmp_path)
    os.kill(process.pid, signal.SIGTERM)
    process.wait(30)
    _no_survivors(process, workers)


def test_sigkill_of_the_parent_ends_every_worker(tmp_path: Path) -> None:
    # the parent has no chance to clean up: the kernel (PR_SET_PDEATHSIG) or the watchdog does
    process, workers = _start(tmp_path)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(30)
    _no_survivors(process, workers)


@pytest.mark.parametrize("to_group", [True, False], ids=["ctrl-c-to-the-group", "sigint-parent"])
def test_ctrl_c_prints_one_line_and_exits_130(tmp_path: Path, to_group: bool) -> None:
    process, workers = _start(tmp_path)
    if to_group:  # what a terminal does on Ctrl-C: SIGINT to every process of the group
        os.killpg(process.pid, signal.SIGINT)
    else:
        os.kill(process.pid, signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130
    assert stderr.decode() == "kozyr simulate: interrupted\n"
    _no_survivors(process, workers)


def test_workers_are_capped_to_the_work(tmp_path: Path) -> None:
    done = subprocess.run(
        [*KOZYR, "simulate", "seven-up", "-n", "2", "--workers", "100", "--quiet", "--json"],
        capture_output=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0
    assert "note: --workers 100 capped to" in done.stderr.decode()
    assert '"workers": 1' in done.stdout.decode() or '"workers": 2' in done.stdout.decode()
