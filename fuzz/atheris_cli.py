"""atheris harness: the kozyr command in process (replay, rules, score-hand, play, simulate).

    python fuzz/atheris_cli.py -runs=100000    # or -max_total_time=600, a corpus folder...

Coverage-guided (libFuzzer); a :class:`harness.Finding` (a crash or a wrongly accepted input)
or any other exception stops the run with the input saved. Needs ``pip install atheris``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parent))

with atheris.instrument_imports(
    include=["kozyr", "kozyr_seven_up", "kozyr_semerik", "kozyr_sem_listov"]
):
    import harness

FOLDER = harness.temporary_folder()


def TestOneInput(data: bytes) -> None:
    provider = atheris.FuzzedDataProvider(data)
    rng = random.Random(provider.ConsumeInt(4))
    argv, stdin = harness.cli_argv(rng, provider.ConsumeBytes(1 << 14), FOLDER)
    harness.check_cli(argv, stdin)


if __name__ == "__main__":
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
