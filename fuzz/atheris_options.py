"""atheris harness: variant options (get_variant with any names and JSON values).

    python fuzz/atheris_options.py -runs=100000    # or -max_total_time=600, a corpus folder...

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

import generate

NAMES = generate.OPTION_NAMES


def TestOneInput(data: bytes) -> None:
    provider = atheris.FuzzedDataProvider(data)
    name = harness.VARIANT_NAMES[provider.ConsumeIntInRange(0, len(harness.VARIANT_NAMES) - 1)]
    options: dict[str, object] = {}
    for _ in range(provider.ConsumeIntInRange(0, 3)):
        if provider.ConsumeBool():
            key = NAMES[provider.ConsumeIntInRange(0, len(NAMES) - 1)]
        else:
            key = provider.ConsumeUnicodeNoSurrogates(8)
        kind = provider.ConsumeIntInRange(0, 5)
        value: object = [
            lambda: provider.ConsumeInt(4),
            lambda: provider.ConsumeUnicodeNoSurrogates(12),
            provider.ConsumeBool,
            lambda: None,
            provider.ConsumeRegularFloat,
            lambda: [provider.ConsumeInt(1)],
        ][kind]()
        options[key] = value
    harness.check_options(name, options)


if __name__ == "__main__":
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
