"""atheris harness: card notation (parse_cards, CardSet.parse) on any text.

    python fuzz/atheris_notation.py -runs=100000    # or -max_total_time=600, a corpus folder...

Coverage-guided (libFuzzer); a :class:`harness.Finding` (a crash or a wrongly accepted input)
or any other exception stops the run with the input saved. Needs ``pip install atheris``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parent))

with atheris.instrument_imports(
    include=["kozyr", "kozyr_seven_up", "kozyr_semerik", "kozyr_sem_listov"]
):
    import harness


def TestOneInput(data: bytes) -> None:
    provider = atheris.FuzzedDataProvider(data)
    harness.check_notation(provider.ConsumeUnicodeNoSurrogates(80))


if __name__ == "__main__":
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
