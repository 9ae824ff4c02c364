"""atheris harness: records: JSON text as bytes, mutations of every example, must-reject mutations.

    python fuzz/atheris_records.py -runs=100000    # or -max_total_time=600, a corpus folder...

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

EXAMPLES = harness.example_records()


def TestOneInput(data: bytes) -> None:
    provider = atheris.FuzzedDataProvider(data)
    mode = provider.ConsumeIntInRange(0, 2)
    if mode == 0:  # the bytes themselves as a record file
        harness.check_record_text(provider.ConsumeBytes(1 << 16))
        return
    rng = random.Random(provider.ConsumeInt(8))
    example = EXAMPLES[provider.ConsumeIntInRange(0, len(EXAMPLES) - 1)]
    if mode == 1:
        record = example
        for _ in range(provider.ConsumeIntInRange(1, 3)):
            record = harness.mutate(record, rng)
        harness.check_record_data(record)
    else:
        record, why = harness.must_reject(example, rng)
        harness.check_record_data(record, must_reject=why)


if __name__ == "__main__":
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
