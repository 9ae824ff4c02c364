"""Start-up cost of the ``kozyr`` command: ``python -m kozyr ARGS`` run N times in fresh
processes, reporting the median CPU time (user + sys, which other load on the machine does not
inflate) and wall time, beside ``python -c pass``.

    python benchmarks/startup.py            # --help, variants, score-hand; 20 runs each
    python benchmarks/startup.py 50 -- play seven-up --seed 1

Issue 10 asks that ``kozyr --help`` and ``kozyr variants`` load neither the engine nor scoring
(tests/test_layers.py checks that); this measures what that buys.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time

DEFAULT = [["--help"], ["variants"], ["score-hand", "semerik", "3♥ 2♥ A♥ K♥ Q♥"]]


def run(argv: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} exited with {done.returncode}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main(args: list[str]) -> None:
    n = int(args[0]) if args and args[0].isdigit() else 20
    commands = [args[args.index("--") + 1 :]] if "--" in args else DEFAULT
    base = [sys.executable, "-c", "pass"]
    for command in commands:
        kozyr, empty = [], []
        for _ in range(n):  # interleaved, so a change in load hits both alike
            kozyr.append(run([sys.executable, "-m", "kozyr", *command]))
            empty.append(run(base))
        cpu = statistics.median(c for c, _ in kozyr) * 1000
        wall = statistics.median(w for _, w in kozyr) * 1000
        floor = statistics.median(c for c, _ in empty) * 1000
        print(
            f"kozyr {' '.join(command):40s} cpu {cpu:6.1f} ms  wall {wall:6.1f} ms"
            f"   (python -c pass: cpu {floor:5.1f} ms)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
